import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { surveyAdministrators, surveys } from '../../db/schema/surveys';
import { notFound } from '../../errors';
import { type Caller, loadCaller } from '../users/caller';

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

export async function surveyHostRole(
  db: DbOrTx,
  callerId: number,
  surveyId: number,
  caller?: Caller,
): Promise<SurveyHostRole | null> {
  const [survey] = await db
    .select({ hostId: surveys.organization_id })
    .from(surveys)
    .where(and(eq(surveys.id, surveyId), isNull(surveys.deleted_at)));
  if (!survey) return null;
  const who = caller ?? (await loadCaller(db, callerId));
  const approvedHostMember =
    who.row.membership?.status === 'approved' && who.row.organization?.id === survey.hostId;
  if (approvedHostMember && who.flags.isSurveyHost) return 'host';
  if (approvedHostMember) {
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
