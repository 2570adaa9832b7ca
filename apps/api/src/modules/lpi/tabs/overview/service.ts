import { CUSTOM_QUESTION_TYPES } from '@parity/domain/constants';
import {
  customAnswerError,
  formValueError,
  INVALID_FORM_MESSAGE,
  MISC_QUESTION_DELETED_MESSAGE,
  type TForm,
  type TFormValue,
  type TMiscellaneous,
  ZFormSave,
  ZMiscellaneousSave,
} from '@parity/domain/lpi/forms';
import {
  META_VALIDATION_MESSAGE,
  metaToValues,
  overviewErrors,
  type TOverviewHealthcheck,
  type TOverviewSave,
  ZOverviewSave,
} from '@parity/domain/lpi/overview';
import { FORM_IDS } from '@parity/domain/lpi/tabs';
import { computeTransparency, type TTransparencyResponse } from '@parity/domain/lpi/transparency';
import { MESSAGES } from '@parity/domain/validation/rules';
import type { z } from 'zod';
import { audit, changed } from '../../../../core/audit';
import { AppError, badRequest, notFound } from '../../../../core/http/errors';
import { type Db, type DbOrTx, queriesOf, type Tx } from '../../../../db/client';
import { sanitizeFormattedText } from '../../../../lib/formatted-text';
import {
  type ReportingScope,
  readScope,
  requireEdit,
  resolveScope,
  type ScopeQuery,
  writeScope,
} from '../../engine/scope';
import { readTab, readTabState, saveTab, type TabAnswer, type TabDefinition } from '../../engine/tabs';
import { miscellaneousTab, optionsOf, practicesTab, readMeta } from './definition';
import * as repo from './repo';

/** Where a path-addressed save goes: /api/surveys/{surveyId}/... or /api/organizations/{organizationId}/... */
export type SaveTarget =
  | { kind: 'survey'; surveyId: number }
  | { kind: 'organization'; organizationId: number };

/**
 * The scope of a path-addressed save: the caller's own organization (another organization's id, or
 * a survey the caller's organization is not in, answers 404 before any right is checked), then the
 * LPI edit right.
 */
function writeScopeFor(db: DbOrTx, userId: number, target: SaveTarget, bodySurveyId?: number | null) {
  const surveyId = target.kind === 'survey' ? target.surveyId : null;
  if (bodySurveyId != null && bodySurveyId !== surveyId) {
    throw badRequest('survey_id does not match the address of the call.');
  }
  return writeScope(db, userId, {
    surveyId,
    organizationId: target.kind === 'organization' ? target.organizationId : null,
  });
}

function issuesDetail(issues: readonly z.core.$ZodIssue[]) {
  return issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
}

// --- overview ------------------------------------------------------------------------------------

/** The Overview save's body: a failure answers 400 'LPI organization meta validation error'. */
export function parseMeta(body: unknown): TOverviewSave {
  const parsed = ZOverviewSave.safeParse(body);
  if (!parsed.success) {
    throw new AppError(400, 'validation_failed', META_VALIDATION_MESSAGE, issuesDetail(parsed.error.issues));
  }
  return parsed.data;
}

/** POST /api/organization/meta-v2: the primary contact and identifiers checked, then the write. */
export async function metaWrite(db: Db, scope: ReportingScope, input: TOverviewSave, userId: number) {
  if (input.primary_contact_id != null) {
    const member = await repo.isApprovedMember(db, scope.organizationId, input.primary_contact_id);
    if (!member) {
      throw new AppError(400, 'validation_failed', META_VALIDATION_MESSAGE, [
        {
          field: 'primary_contact_id',
          message: 'Primary Contact must be an approved member of the organization',
        },
      ]);
    }
  }
  if (input.identifiers) {
    const invalid = await repo.invalidIdentifiers(db, input.identifiers);
    if (invalid.length) {
      throw new AppError(
        400,
        'validation_failed',
        META_VALIDATION_MESSAGE,
        invalid.map((key) => ({ field: `identifiers.${key}`, message: MESSAGES.tree_option })),
      );
    }
  }
  return async (tx: Tx) => {
    const publiclyTraded = Boolean(input.is_publicly_traded) && input.legal_structure === 1;
    const values: repo.MetaUpdate = {
      legal_structure_id: input.legal_structure ?? null,
      inception_date: input.inception_date ?? null,
      primary_contact_id: input.primary_contact_id ?? null,
      is_publicly_traded: publiclyTraded,
      ticker_symbol: input.ticker_symbol?.trim() ? input.ticker_symbol.trim() : null,
      total_full_time_employees: input.total_full_time_employees ?? 0,
      total_leaders: input.total_leaders ?? 0,
      total_owners: input.total_owners ?? 0,
      ...(input.website !== undefined ? { website: input.website?.trim() || null } : {}),
      ...(input.primary_phone !== undefined ? { primary_phone: input.primary_phone?.trim() || null } : {}),
      ...(input.identifiers !== undefined ? { identifiers: input.identifiers } : {}),
    };
    if (scope.surveyId === null) {
      // The organization's own row changes: the audit log keeps what it was (a survey copy is not
      // organization data).
      const before = await repo.findMeta(tx, scope);
      const diff = changed((before ?? {}) as Record<string, unknown>, values as Record<string, unknown>);
      if (diff.any) {
        await audit(tx, {
          actorId: userId,
          organizationId: scope.organizationId,
          entity: 'organization',
          entityId: scope.organizationId,
          action: 'update',
          before: diff.before,
          after: diff.after,
        });
      }
    }
    await repo.updateMeta(tx, scope, values);
    if (input.office_address_found) {
      await repo.addPrimaryAddress(tx, scope, input.office_address_found);
    } else if (input.office_address_id != null) {
      if (!(await repo.findAddressInScope(tx, scope, input.office_address_id))) throw notFound('Address');
      await repo.setPrimaryAddress(tx, scope, input.office_address_id);
    }
  };
}

export async function healthcheck(db: Db, userId: number, surveyId: number | undefined) {
  const scope = await readScope(db, userId, { survey_id: surveyId });
  const meta = await readMeta(db, scope);
  const errors = overviewErrors(metaToValues(meta)) as Record<string, string>;
  const missing = Object.keys(errors);
  const tabs = await repo.tabsWithData(db, scope);
  const result: TOverviewHealthcheck = {
    complete: missing.length === 0,
    missing,
    errors,
    tabs: { overview: missing.length === 0, ...tabs },
  };
  return result;
}

// --- forms ---------------------------------------------------------------------------------------

const FORM_TABS: Record<number, TabDefinition<TForm | TMiscellaneous>> = {
  [FORM_IDS.PRACTICES]: practicesTab,
  [FORM_IDS.MISCELLANEOUS]: miscellaneousTab,
};
function tabOfForm(formId: number) {
  const tab = FORM_TABS[formId];
  if (!tab) throw notFound('Form');
  return tab;
}

/** A form tab's answer as the form routes give it: the Miscellaneous tab's form without its questions. */
function formAnswer({ data, state }: TabAnswer<TForm | TMiscellaneous>): TabAnswer<TForm> {
  return { data: 'form' in data ? data.form : data, state };
}

export async function getForm(db: Db, userId: number, formId: number, query: ScopeQuery) {
  const tab = tabOfForm(formId);
  return formAnswer(await readTab(db, await readScope(db, userId, query), tab));
}

/** Checks answers against the form's fields: 400 'Invalid map or data' with each field's message. */
async function checkValues(db: DbOrTx, formId: number, data: TFormValue[]) {
  const fields = new Map((await repo.listFormFields(db, formId)).map((f) => [f.id, f]));
  const detail: { field: string; field_id: number; message: string }[] = [];
  const seen = new Set<number>();
  data.forEach((item, i) => {
    const field = fields.get(item.field_id);
    let message: string | null;
    if (!field) message = 'Field is not part of this form';
    else if (seen.has(item.field_id)) message = 'Field is sent twice';
    else
      message = formValueError(
        { type: field.type, options: optionsOf(field), required: field.required },
        item.value,
      );
    seen.add(item.field_id);
    if (message) detail.push({ field: `data.${i}.value`, field_id: item.field_id, message });
  });
  for (const [i, item] of data.entries()) {
    if (
      fields.get(item.field_id)?.type !== 'industries' ||
      !item.value ||
      detail.some((d) => d.field_id === item.field_id)
    )
      continue;
    const invalid = await repo.invalidIdentifiers(db, item.value as Record<string, number | null>);
    if (invalid.length)
      detail.push({ field: `data.${i}.value`, field_id: item.field_id, message: MESSAGES.tree_option });
  }
  if (detail.length) throw new AppError(400, 'invalid_form', INVALID_FORM_MESSAGE, detail);
}

function parseOrInvalid<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new AppError(400, 'invalid_form', INVALID_FORM_MESSAGE, issuesDetail(parsed.error.issues));
  }
  return parsed.data;
}

export async function saveForm(db: Db, userId: number, target: SaveTarget, formId: number, body: unknown) {
  const tab = tabOfForm(formId);
  const input = parseOrInvalid(ZFormSave, body);
  const scope = await writeScopeFor(db, userId, target, input.survey_id);
  await checkValues(db, formId, input.data);
  const saved = await saveTab(db, scope, tab, input.updated_at, (tx) =>
    repo.writeFormValues(tx, scope, formId, input.data),
  );
  return formAnswer(saved);
}

// --- miscellaneous questions ---------------------------------------------------------------------

function requireMiscellaneousForm(formId: number) {
  if (formId !== FORM_IDS.MISCELLANEOUS) throw notFound('Form');
}

export async function getMiscellaneous(db: Db, userId: number, formId: number, query: ScopeQuery) {
  requireMiscellaneousForm(formId);
  return readTab(db, await readScope(db, userId, query), miscellaneousTab);
}

export async function saveMiscellaneous(
  db: Db,
  userId: number,
  target: SaveTarget,
  formId: number,
  body: unknown,
) {
  requireMiscellaneousForm(formId);
  const input = parseOrInvalid(ZMiscellaneousSave, body);
  const scope = await writeScopeFor(db, userId, target, input.survey_id);
  await checkValues(db, formId, input.data);
  const questions = input.questions.map((q) => ({
    id: q.id,
    question_type_id: q.question_type_id,
    display: q.display,
    config: q.config ?? {},
    value:
      q.question_type_id === CUSTOM_QUESTION_TYPES.FORMATTED_TEXT && typeof q.value === 'string'
        ? sanitizeFormattedText(q.value)
        : (q.value ?? null),
  }));
  for (const q of questions) {
    const message = customAnswerError(q, q.value);
    if (message)
      throw new AppError(400, 'invalid_form', INVALID_FORM_MESSAGE, [{ field: 'questions', message }]);
  }
  return saveTab(db, scope, miscellaneousTab, input.updated_at, async (tx) => {
    const ids = questions.flatMap((q) => (q.id ? [q.id] : []));
    const found = await repo.questionIdsInScope(tx, scope, formId, ids);
    if (ids.some((id) => !found.has(id))) throw notFound('Miscellaneous Question');
    await repo.writeQuestions(tx, scope, formId, questions, userId);
    await repo.writeFormValues(tx, scope, formId, input.data);
  });
}

export async function deleteMiscellaneousQuestion(db: Db, userId: number, id: number) {
  const question = await repo.findQuestion(db, id);
  if (!question) throw notFound('Miscellaneous Question');
  const scope = await resolveScope(db, userId, { surveyId: question.survey_id });
  if (scope.organizationId !== question.organization_id) throw notFound('Miscellaneous Question');
  requireEdit(scope);
  const current = await readTabState(db, scope, 'miscellaneous');
  const { state } = await saveTab(db, scope, miscellaneousTab, current.updated_at, (tx) =>
    repo.deleteQuestion(tx, id),
  );
  return { message: MISC_QUESTION_DELETED_MESSAGE, state };
}

// --- transparency --------------------------------------------------------------------------------

export async function transparency(
  db: Db,
  userId: number,
  query: ScopeQuery,
): Promise<TTransparencyResponse> {
  const scope = await readScope(db, userId, query);
  const [counts, meta] = await queriesOf(db, [
    () => repo.transparencyCounts(db, scope),
    () => repo.findMeta(db, scope),
  ]);
  const scores = computeTransparency({
    staff: {
      gridTotal: counts.staff.total,
      disclosed: counts.staff.disclosed,
      expected: meta?.total_full_time_employees ?? 0,
    },
    leadership: {
      people: counts.leadership.people,
      fieldsReported: counts.leadership.fields,
      expected: meta?.total_leaders ?? 0,
    },
    ownership: {
      people: counts.ownership.people,
      fieldsReported: counts.ownership.fields,
      expected: meta?.total_owners ?? 0,
    },
  });
  return { data: [scores], organization_id: scope.organizationId, survey_id: scope.surveyId };
}
