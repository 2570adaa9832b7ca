import { and, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberships, users } from '../../db/schema/people';
import { surveyAdministrators, surveys } from '../../db/schema/surveys';
import { live } from '../../db/soft-delete';
import { notFound } from '../http/errors';
import { type Caller, loadCaller } from './caller';
import { isApprovedMemberOf } from './organization-guard';

/**
 * Who may act as a survey's host (DESIGN 5), in one place for every module (hosting, participants,
 * contacts, reporting scope):
 *
 *   surveyHostRole(db, callerId, surveyId, caller?) → 'host' | 'administrator' | 'platform_admin' | null
 *   canHostSurvey(db, callerId, surveyId) → boolean (any of the three roles)
 *   requireSurveyHost(db, callerId, surveyId) → the role, or throws 404 'Survey not found.'
 *
 * 'host': an approved member of the survey's host organization with user_manage_surveys;
 * 'administrator': an approved member of the host organization granted administrator access to
 * this survey (POST /api/surveys/{id}/grant-administrator-access), who gets the host's rights on
 * it alone; 'platform_admin': is_sadm. A deleted survey (deleted_at) has no host: null.
 * Pass `caller` when it is already loaded, to save a query.
 */
export type SurveyHostRole = 'host' | 'administrator' | 'platform_admin';

/** A live survey's id and host organization: the guard's read (undefined when deleted or absent). */
export async function findSurveyHost(db: DbOrTx, surveyId: number) {
  const [row] = await db
    .select({ id: surveys.id, hostId: surveys.organization_id })
    .from(surveys)
    .where(and(eq(surveys.id, surveyId), live(surveys)));
  return row;
}

/** A survey host of this host organization (user_manage_surveys of an approved member). */
export function isSurveyHostOf(caller: Caller, hostId: number): boolean {
  return isApprovedMemberOf(caller, hostId) && caller.flags.isSurveyHost;
}

export async function surveyHostRole(
  db: DbOrTx,
  callerId: number,
  surveyId: number,
  caller?: Caller,
): Promise<SurveyHostRole | null> {
  const survey = await findSurveyHost(db, surveyId);
  if (!survey) return null;
  const who = caller ?? (await loadCaller(db, callerId));
  if (isSurveyHostOf(who, survey.hostId)) return 'host';
  if (isApprovedMemberOf(who, survey.hostId)) {
    const [granted] = await db
      .select({ userId: surveyAdministrators.user_id })
      .from(surveyAdministrators)
      .where(and(eq(surveyAdministrators.survey_id, surveyId), eq(surveyAdministrators.user_id, callerId)));
    if (granted) return 'administrator';
  }
  if (who.flags.isAdministrator) return 'platform_admin';
  return null;
}

export async function canHostSurvey(db: DbOrTx, callerId: number, surveyId: number): Promise<boolean> {
  return (await surveyHostRole(db, callerId, surveyId)) !== null;
}

/** The caller's host role on the survey; 404 when they have none (ids cannot be probed). */
export async function requireSurveyHost(
  db: DbOrTx,
  callerId: number,
  surveyId: number,
  caller?: Caller,
): Promise<SurveyHostRole> {
  const role = await surveyHostRole(db, callerId, surveyId, caller);
  if (!role) throw notFound('Survey');
  return role;
}

/**
 * The people who host a live survey, as `surveyHostRole` decides it without platform admins (who
 * oversee every survey, not one): the host organization's survey hosts and the survey's
 * administrators, approved members of it. The recipients of what happens to the survey.
 */
export async function surveyHostIds(db: DbOrTx, surveyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(surveys)
    .innerJoin(
      memberships,
      and(eq(memberships.organization_id, surveys.organization_id), eq(memberships.status, 'approved')),
    )
    .innerJoin(users, and(eq(users.id, memberships.user_id), live(users)))
    .where(
      and(
        eq(surveys.id, surveyId),
        live(surveys),
        or(
          eq(memberships.user_manage_surveys, true),
          sql`EXISTS (SELECT 1 FROM ${surveyAdministrators} a
                WHERE a.survey_id = ${surveys.id} AND a.user_id = ${users.id})`,
        ),
      ),
    )
    .orderBy(users.id);
  return rows.map((r) => r.id);
}
