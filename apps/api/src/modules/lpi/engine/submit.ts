import { TAB_KEYS, type TTabKey } from '@parity/domain/lpi/tabs';
import { scoresOfSnapshot } from '@parity/domain/scoring/snapshot';
import {
  ACCEPT_TERMS_MESSAGE,
  isStepComplete,
  NOT_ALL_STEPS_COMPLETED_MESSAGE,
  SUBMIT_STEP_ID,
} from '@parity/domain/surveys';
import { and, eq, sql } from 'drizzle-orm';
import { audit } from '../../../core/audit';
import { AppError, badRequest, notFound } from '../../../core/http/errors';
import type { Db, Tx } from '../../../db/client';
import { submissions, tabStates, tabVersions } from '../../../db/schema/reporting';
import { surveyInvitations } from '../../../db/schema/surveys';
import { TABS } from '../tabs.registry';
import { inScope, type ReportingScope, requireEdit, resolveScope, SURVEY_SUBMITTED_MESSAGE } from './scope';
import { openSurveySteps } from './survey-config';
import { readTabStates } from './tabs';

export interface SubmitRequest {
  /** The organization named by the call; the caller's own when left out. */
  organizationId?: number;
  surveyId: number | null;
  acceptTerms?: boolean;
  /** Runs last in the submit's transaction (e.g. to notify of it): what it writes commits with the submit. */
  onSubmitted?: (tx: Tx, submission: Submitted) => Promise<void>;
}

export interface Submitted {
  id: number;
  organization_id: number;
  survey_id: number | null;
  submitted_at: string;
}

/**
 * Submits the organization's profile (or its survey response): one transaction stores a
 * submission with every tab's snapshot, its scores and a 'submit' version of each tab. A survey
 * response is then frozen. Only members with LPI access of that organization may submit, and a
 * survey response only while the survey is open, with the terms accepted and every step complete:
 * the one rule of both routes (POST /api/organizations/{id}/lpi, POST /api/surveys/{id}/submit).
 */
export async function submit(db: Db, callerId: number, request: SubmitRequest) {
  const { surveyId } = request;
  const scope = await resolveScope(db, callerId, { organizationId: request.organizationId, surveyId });
  if (scope.role !== 'member') throw notFound(surveyId === null ? 'Organization' : 'Survey');
  // A second submit of a survey response is a conflict with the first, not a missing right.
  if (scope.refusal === SURVEY_SUBMITTED_MESSAGE) {
    throw new AppError(409, 'already_submitted', SURVEY_SUBMITTED_MESSAGE);
  }
  requireEdit(scope);
  if (surveyId !== null) {
    const { steps } = await openSurveySteps(db, surveyId);
    if (!request.acceptTerms) throw badRequest(ACCEPT_TERMS_MESSAGE);
    const completed = new Set((await readTabStates(db, scope)).filter((s) => s.completed).map((s) => s.tab));
    const incomplete = steps
      .filter((step) => step.id !== SUBMIT_STEP_ID && !isStepComplete(step.id, completed, false))
      .map((step) => step.id);
    if (incomplete.length) {
      throw new AppError(409, 'steps_incomplete', NOT_ALL_STEPS_COMPLETED_MESSAGE, { incomplete });
    }
  }
  const organizationId = scope.organizationId;
  return db.transaction(async (tx) => {
    if (surveyId !== null) {
      const [invitation] = await tx
        .select({ status: surveyInvitations.status })
        .from(surveyInvitations)
        .where(
          and(
            eq(surveyInvitations.survey_id, surveyId),
            eq(surveyInvitations.organization_id, organizationId),
          ),
        )
        .for('update');
      if (invitation?.status === 'submitted')
        throw new AppError(409, 'already_submitted', SURVEY_SUBMITTED_MESSAGE);
    }
    const [submission] = await tx
      .insert(submissions)
      .values({ organization_id: organizationId, survey_id: surveyId, submitted_by: callerId, snapshot: {} })
      .returning({ id: submissions.id, submitted_at: submissions.submitted_at });
    const snapshot = await snapshotAllTabs(tx, scope, submission!.id);
    await audit(tx, {
      actorId: callerId,
      organizationId,
      entity: 'lpi',
      entityId: submission!.id,
      action: 'submit',
      after: { submission_id: submission!.id, survey_id: surveyId },
    });
    // The scores are computed once, from the snapshot they belong to; analytics read them.
    const scores = scoresOfSnapshot(snapshot);
    await tx
      .update(submissions)
      .set({ snapshot, scores, scoring_version: scores.scoring_version })
      .where(eq(submissions.id, submission!.id));
    if (surveyId !== null) {
      await tx
        .update(surveyInvitations)
        .set({
          status: 'submitted',
          submitted_at: submission!.submitted_at,
          submitted_by: callerId,
          updated_at: new Date(),
        })
        .where(
          and(
            eq(surveyInvitations.survey_id, surveyId),
            eq(surveyInvitations.organization_id, organizationId),
          ),
        );
    }
    const submitted: Submitted = {
      id: submission!.id,
      organization_id: organizationId,
      survey_id: surveyId,
      submitted_at: submission!.submitted_at.toISOString(),
    };
    await request.onSubmitted?.(tx, submitted);
    return submitted;
  });
}

/**
 * Submitting stores every tab's snapshot as a 'submit' version, linked to the submission. Runs in
 * the submitter's transaction.
 */
async function snapshotAllTabs(tx: Tx, scope: ReportingScope, submissionId: number) {
  const all: Partial<Record<TTabKey, unknown>> = {};
  for (const tab of TAB_KEYS) {
    const snapshot = await TABS[tab].read(tx, scope);
    all[tab] = snapshot;
    await tx
      .insert(tabStates)
      .values({ organization_id: scope.organizationId, survey_id: scope.surveyId, tab })
      .onConflictDoNothing();
    const [state] = await tx
      .update(tabStates)
      .set({ version: sql`${tabStates.version} + 1` })
      .where(and(inScope(tabStates, scope), eq(tabStates.tab, tab)))
      .returning({ version: tabStates.version });
    await tx.insert(tabVersions).values({
      organization_id: scope.organizationId,
      survey_id: scope.surveyId,
      tab,
      version: state?.version ?? 1,
      kind: 'submit',
      snapshot,
      saved_by: scope.callerId,
      submission_id: submissionId,
    });
  }
  return all;
}
