import type { TTabKey, TTabState, TTabVersion } from '@parity/domain/lpi/tabs';
import type { TTabTitles } from '@parity/domain/lpi/titles';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { submissions } from '../../db/schema/reporting';
import { surveyInvitations } from '../../db/schema/surveys';
import { AppError, notFound } from '../../errors';
import { scoresOfSnapshot } from '../analytics/profile-input';
import { audit } from '../audit/audit';
import { requireEdit, resolveScope, SURVEY_SUBMITTED_MESSAGE } from './scope';
import { findVersion, listVersions, readTabStates, snapshotAllTabs } from './tabs';
import { countTabTitles } from './titles';

interface ScopeParams {
  organization_id?: number;
  survey_id?: number | null;
}

const scopeOf = (db: DbOrTx, callerId: number, q: ScopeParams) =>
  resolveScope(db, callerId, {
    organizationId: q.organization_id,
    surveyId: q.survey_id ?? null,
    report: true,
  });

/** The version history of one tab in a scope (the version panel). */
export async function versions(
  db: DbOrTx,
  callerId: number,
  q: ScopeParams & { tab: TTabKey },
): Promise<{ data: TTabVersion[] }> {
  const scope = await scopeOf(db, callerId, q);
  return { data: await listVersions(db, scope, q.tab) };
}

/** One stored version's snapshot (what the tab looked like then). */
export async function version(db: DbOrTx, callerId: number, versionId: number, q: ScopeParams) {
  const scope = await scopeOf(db, callerId, q);
  const row = await findVersion(db, scope, versionId);
  if (!row) throw notFound('Version');
  return { id: versionId, tab: row.tab as TTabKey, version: row.version, snapshot: row.snapshot };
}

/** Every tab's state in a scope: when each was saved, by whom, and (surveys) completion. */
export async function tabStates(
  db: DbOrTx,
  callerId: number,
  q: ScopeParams,
): Promise<{ data: TTabState[] }> {
  const scope = await scopeOf(db, callerId, q);
  return { data: await readTabStates(db, scope) };
}

/** The counts of the tab titles in a scope (spec 2): same rights as the tabs' reads. */
export async function tabTitles(db: DbOrTx, callerId: number, q: ScopeParams): Promise<TTabTitles> {
  const scope = await scopeOf(db, callerId, q);
  return countTabTitles(db, scope);
}

export const ALREADY_SUBMITTED_MESSAGE = SURVEY_SUBMITTED_MESSAGE;

/**
 * Submits the organization's profile (or its survey response): one transaction stores a
 * submission with every tab's snapshot, its scores and a 'submit' version of each tab. A survey response is
 * then frozen. Only members with LPI access of that organization may submit.
 */
export async function submit(db: Db, callerId: number, organizationId: number, surveyId: number | null) {
  const scope = await resolveScope(db, callerId, { organizationId, surveyId });
  if (scope.role !== 'member') throw notFound('Organization');
  // A second submit of a survey response is a conflict with the first, not a missing right.
  if (scope.refusal === SURVEY_SUBMITTED_MESSAGE) {
    throw new AppError(409, 'already_submitted', ALREADY_SUBMITTED_MESSAGE);
  }
  requireEdit(scope);
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
        throw new AppError(409, 'already_submitted', ALREADY_SUBMITTED_MESSAGE);
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
    return {
      id: submission!.id,
      organization_id: organizationId,
      survey_id: surveyId,
      submitted_at: submission!.submitted_at.toISOString(),
    };
  });
}
