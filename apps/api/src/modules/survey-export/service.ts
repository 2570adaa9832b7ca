import { TAB_KEYS, type TTabKey } from '@parity/domain/lpi/tabs';
import type { ResponseDocument } from '@parity/domain/survey-response-document';
import { invitationStatus } from '@parity/domain/surveys';
import { notFound } from '../../core/http/errors';
import type { DbOrTx } from '../../db/client';
import { buildSections, type Names, peopleNames } from '../../lib/response-document';
import * as dictionaries from '../dictionaries/service';
import * as lpi from '../lpi/service';
import * as surveys from '../surveys/service';
import { renderPdf } from './pdf';
import * as repo from './repo';
import { renderXlsx } from './xlsx';

const isoDay = (value: Date | null) => (value ? value.toISOString().slice(0, 10) : null);

/**
 * The organization's response to a survey as a document: every requested step in the survey's
 * order, read from the submission's snapshot once submitted, else from the survey copy. The rights
 * are those of reading the survey scope (resolveScope with report: the organization's members, the
 * host for an invited respondent, platform admins; anyone else 404).
 */
export async function responseDocument(
  db: DbOrTx,
  callerId: number,
  surveyId: number,
  organizationId?: number,
): Promise<ResponseDocument & { fileName: string }> {
  const scope = await lpi.readScope(db, callerId, {
    survey_id: surveyId,
    organization_id: organizationId,
    report: true,
  });
  const found = await repo.findResponse(db, surveyId, scope.organizationId);
  if (!found) throw notFound('Survey');
  const { data: steps } = await surveys.tabs(db, callerId, surveyId, scope.organizationId);

  const submission = found.submitted_at
    ? await repo.latestSubmission(db, surveyId, scope.organizationId)
    : undefined;
  const states = await repo.surveyTabStates(db, surveyId, scope.organizationId);
  const notes = new Map(states.filter((s) => s.note).map((s) => [s.tab as TTabKey, s.note as string]));
  let data: Partial<Record<TTabKey, unknown>>;
  let ready: Set<TTabKey>;
  if (submission?.snapshot && typeof submission.snapshot === 'object') {
    data = submission.snapshot as Partial<Record<TTabKey, unknown>>;
    ready = new Set(TAB_KEYS.filter((key) => key in data));
  } else {
    ready = new Set(states.map((s) => s.tab as TTabKey));
    data = await lpi.readTabs(db, scope, ready);
  }
  const [references, people] = await Promise.all([dictionaries.referenceNames(db), peopleNames(db, data)]);
  const names: Names = { ...references, people };

  const today = new Date().toISOString().slice(0, 10);
  const status = invitationStatus({
    start: found.start,
    due: found.due,
    archived_at: found.archived_at?.toISOString() ?? null,
    submitted_at: found.submitted_at?.toISOString() ?? null,
    today,
  });
  return {
    title: found.title,
    heading: [
      ['Organization', found.organization_name],
      ['Survey', found.title],
      ['Host', found.host_name],
      ['Status', status],
      ['Start', found.start],
      ['Due', found.due],
      ['Submitted', isoDay(found.submitted_at)],
      ['Exported', today],
    ],
    sections: buildSections(steps, data, ready, names, notes),
    fileName: fileName(found.title, found.organization_name),
  };
}

/** 'Survey title - Organization' as a safe ASCII file name (without extension). */
export function fileName(title: string, organization: string): string {
  const safe = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/\s+/g, '-')
      .slice(0, 60) || 'survey';
  return `${safe(title)}-${safe(organization)}`;
}

export async function exportXlsx(db: DbOrTx, callerId: number, surveyId: number, organizationId?: number) {
  const document = await responseDocument(db, callerId, surveyId, organizationId);
  return { file: await renderXlsx(document), fileName: `${document.fileName}.xlsx` };
}

export async function exportPdf(db: DbOrTx, callerId: number, surveyId: number, organizationId?: number) {
  const document = await responseDocument(db, callerId, surveyId, organizationId);
  return { file: await renderPdf(document), fileName: `${document.fileName}.pdf` };
}
