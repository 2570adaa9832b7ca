import { and, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statement';
import { organizations, users } from '../../db/schema/people';
import { tabStates } from '../../db/schema/reporting';
import { surveyInvitations, surveys } from '../../db/schema/surveys';
import { live } from '../../db/soft-delete';

/**
 * A live (not deleted) survey with its host organization's name and logo and its config's LPI tab
 * rows (none: the survey asks every step). The one read of a survey for every module.
 */
export async function findSurvey(db: DbOrTx, surveyId: number) {
  const [row] = await db
    .select({
      id: surveys.id,
      organization_id: surveys.organization_id,
      survey_type_id: surveys.survey_type_id,
      receive_type_id: surveys.receive_type_id,
      insight_type_ids: surveys.insight_type_ids,
      title: surveys.title,
      description: surveys.description,
      start: surveys.start,
      due: surveys.due,
      primary_contact_id: surveys.primary_contact_id,
      contact_email: surveys.contact_email,
      support_email: surveys.support_email,
      is_legacy: surveys.is_legacy,
      archived_at: surveys.archived_at,
      created_at: surveys.created_at,
      host_name: organizations.name,
      host_logo: organizations.logo,
      lpi_tabs: sql<{ content_ref_id: number; enabled: boolean }[] | string>`(
        SELECT coalesce(json_agg(json_build_object('content_ref_id', c.content_ref_id, 'enabled', c.enabled)), '[]'::json)
          FROM survey_contents c WHERE c.survey_id = ${surveys.id} AND c.content_type = 'lpi_tab')`,
    })
    .from(surveys)
    .innerJoin(organizations, eq(organizations.id, surveys.organization_id))
    .where(and(eq(surveys.id, surveyId), live(surveys)));
  if (!row) return undefined;
  const lpi_tabs: { content_ref_id: number; enabled: boolean }[] =
    typeof row.lpi_tabs === 'string' ? JSON.parse(row.lpi_tabs) : row.lpi_tabs;
  return { ...row, lpi_tabs };
}

/** An organization's name (a deleted one's too: its submitted response stays). */
export async function organizationName(db: DbOrTx, organizationId: number) {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.name;
}

export type SurveyRow = NonNullable<Awaited<ReturnType<typeof findSurvey>>>;

const inScope = (organizationId: number, surveyId: number) =>
  and(eq(tabStates.organization_id, organizationId), eq(tabStates.survey_id, surveyId));

/** The survey copy's tab states of one organization, with the occupant's name. */
export function stateRows(db: DbOrTx, organizationId: number, surveyId: number) {
  return db
    .select({
      tab: tabStates.tab,
      completed: tabStates.completed,
      note: tabStates.note,
      occupied_until: tabStates.occupied_until,
      occupant_id: users.id,
      occupant_name: users.name,
      occupant_lastname: users.lastname,
    })
    .from(tabStates)
    .leftJoin(users, eq(users.id, tabStates.occupied_by))
    .where(inScope(organizationId, surveyId));
}

export function setCompleted(
  db: DbOrTx,
  organizationId: number,
  surveyId: number,
  tabs: string[],
  completed: boolean,
  note: string | null,
) {
  return db
    .update(tabStates)
    .set({ completed, note })
    .where(and(inScope(organizationId, surveyId), inArray(tabStates.tab, tabs)));
}

/** Takes the step's units for the caller unless someone else holds them and the hold is live. */
export function occupy(
  db: DbOrTx,
  organizationId: number,
  surveyId: number,
  tabs: string[],
  userId: number,
  until: Date,
) {
  return db
    .update(tabStates)
    .set({ occupied_by: userId, occupied_until: until })
    .where(
      and(
        inScope(organizationId, surveyId),
        inArray(tabStates.tab, tabs),
        or(
          isNull(tabStates.occupied_by),
          eq(tabStates.occupied_by, userId),
          sql`${tabStates.occupied_until} IS NULL OR ${tabStates.occupied_until} <= now()`,
        ),
      ),
    );
}

export function release(
  db: DbOrTx,
  organizationId: number,
  surveyId: number,
  tabs: string[],
  userId: number,
) {
  return db
    .update(tabStates)
    .set({ occupied_by: null, occupied_until: null })
    .where(
      and(inScope(organizationId, surveyId), inArray(tabStates.tab, tabs), eq(tabStates.occupied_by, userId)),
    );
}

export async function occupant(db: DbOrTx, organizationId: number, surveyId: number, tab: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      lastname: users.lastname,
      occupied_until: tabStates.occupied_until,
    })
    .from(tabStates)
    .innerJoin(users, eq(users.id, tabStates.occupied_by))
    .where(
      and(
        inScope(organizationId, surveyId),
        eq(tabStates.tab, tab),
        gt(tabStates.occupied_until, new Date()),
      ),
    );
  return row;
}

const invitationOf = (organizationId: number, surveyId: number) =>
  and(eq(surveyInvitations.survey_id, surveyId), eq(surveyInvitations.organization_id, organizationId));

export async function lockInvitation(db: DbOrTx, organizationId: number, surveyId: number) {
  const [row] = await db
    .select({ status: surveyInvitations.status })
    .from(surveyInvitations)
    .where(invitationOf(organizationId, surveyId))
    .for('update');
  return row;
}

const inProgress = sql`CASE WHEN ${surveyInvitations.status} = 'invited' THEN 'in_progress' ELSE ${surveyInvitations.status} END`;

/** A step was marked: an untouched invitation becomes in progress. */
export function markInProgress(db: DbOrTx, organizationId: number, surveyId: number) {
  return db
    .update(surveyInvitations)
    .set({ status: inProgress, updated_at: new Date() })
    .where(invitationOf(organizationId, surveyId));
}

/**
 * The respondent moved on from the step of this weight: the invitation keeps the furthest step
 * moved on from and becomes in progress. Answers the step it keeps.
 */
export async function moveOnFrom(db: DbOrTx, organizationId: number, surveyId: number, weight: number) {
  const [row] = await db
    .update(surveyInvitations)
    .set({
      step: sql`GREATEST(${surveyInvitations.step}, ${weight})`,
      status: inProgress,
      updated_at: new Date(),
    })
    .where(invitationOf(organizationId, surveyId))
    .returning({ step: surveyInvitations.step });
  return row?.step ?? weight;
}

/** An organization's invitations (declined ones aside), with the survey and its host. */
export function invitations(db: DbOrTx, organizationId: number, surveyId?: number) {
  return db
    .select({
      id: surveyInvitations.id,
      survey_id: surveys.id,
      organization_id: surveyInvitations.organization_id,
      survey_type_id: surveys.survey_type_id,
      title: surveys.title,
      is_legacy: surveys.is_legacy,
      step: surveyInvitations.step,
      submitted_at: surveyInvitations.submitted_at,
      submitted_by: surveyInvitations.submitted_by,
      start: surveys.start,
      due: surveys.due,
      archived_at: surveys.archived_at,
      host_id: organizations.id,
      host_name: organizations.name,
      host_logo: organizations.logo,
    })
    .from(surveyInvitations)
    .innerJoin(surveys, eq(surveys.id, surveyInvitations.survey_id))
    .innerJoin(organizations, eq(organizations.id, surveys.organization_id))
    .where(
      and(
        eq(surveyInvitations.organization_id, organizationId),
        ne(surveyInvitations.status, 'declined'),
        live(surveys),
        surveyId === undefined ? undefined : eq(surveys.id, surveyId),
      ),
    )
    .orderBy(surveys.due, surveys.id);
}

// --- the invitations list in one query ------------------------------------------------------------

/** The audit action ('lpi' entity, the survey's id) of a step marked complete: its contributor. */
export const STEP_COMPLETED_ACTION = 'complete';

export interface InvitationContributor {
  id: number;
  name: string;
  lastname: string;
  last_updated_at: string | null;
}

/**
 * Whose invitations: one organization's (and one survey's), or the caller's own organization's,
 * found from their approved membership of a live organization (a live account) in the statement.
 */
type OverviewMode = 'organization' | 'survey' | 'caller' | 'caller-survey';

/** The organization the caller is an approved member of (none: pending, declined, deleted). */
const callerOrganization = sql`(SELECT m.organization_id FROM memberships m
  JOIN users u ON u.id = m.user_id AND u.deleted_at IS NULL
  JOIN organizations o ON o.id = m.organization_id AND o.deleted_at IS NULL
  WHERE m.user_id = ${sql.placeholder('user')} AND m.status = 'approved')`;

const invitationOverviewQuery = (db: DbOrTx, mode: OverviewMode) =>
  db
    .select({
      id: surveyInvitations.id,
      survey_id: surveys.id,
      organization_id: surveyInvitations.organization_id,
      survey_type_id: surveys.survey_type_id,
      title: surveys.title,
      is_legacy: surveys.is_legacy,
      step: surveyInvitations.step,
      submitted_at: surveyInvitations.submitted_at,
      submitted_by: surveyInvitations.submitted_by,
      start: surveys.start,
      due: surveys.due,
      archived_at: surveys.archived_at,
      host_id: organizations.id,
      host_name: organizations.name,
      host_logo: organizations.logo,
      /** the completed save units of the organization's survey copy */
      completed_tabs: sql<string[] | null>`(SELECT array_agg(ts.tab) FROM tab_states ts
        WHERE ts.organization_id = ${surveyInvitations.organization_id} AND ts.survey_id = ${surveys.id}
        AND ts.completed)`,
      /**
       * who saved the survey copy, marked one of its steps complete (the audit's 'lpi.complete':
       * a step can be completed from the copied profile without a save) or submitted it, and when
       * each last did, by name
       */
      contributors: sql<InvitationContributor[] | null>`(SELECT json_agg(json_build_object('id', u.id,
        'name', u.name, 'lastname', u.lastname, 'last_updated_at', c.last_updated_at) ORDER BY u.name, u.lastname)
        FROM (SELECT w.person, max(w.at) AS last_updated_at FROM (
          SELECT ts.updated_by AS person, ts.updated_at AS at FROM tab_states ts
            WHERE ts.organization_id = ${surveyInvitations.organization_id} AND ts.survey_id = ${surveys.id}
          UNION ALL SELECT a.actor_user_id, a.at FROM audit_log a
            WHERE a.organization_id = ${surveyInvitations.organization_id} AND a.entity = 'lpi'
            AND a.action = ${STEP_COMPLETED_ACTION} AND a.entity_id = ${surveys.id}::text
          UNION ALL SELECT ${surveyInvitations.submitted_by}, ${surveyInvitations.submitted_at}
        ) w WHERE w.person IS NOT NULL GROUP BY w.person) c
        JOIN users u ON u.id = c.person)`,
      /** the host's LPI tab config (which steps the survey asks) */
      lpi_tabs: sql<{ content_ref_id: number; enabled: boolean }[] | null>`(SELECT
        json_agg(json_build_object('content_ref_id', sc.content_ref_id, 'enabled', sc.enabled))
        FROM survey_contents sc WHERE sc.survey_id = ${surveys.id} AND sc.content_type = 'lpi_tab')`,
    })
    .from(surveyInvitations)
    .innerJoin(surveys, eq(surveys.id, surveyInvitations.survey_id))
    .innerJoin(organizations, eq(organizations.id, surveys.organization_id))
    .where(
      and(
        mode === 'caller' || mode === 'caller-survey'
          ? sql`${surveyInvitations.organization_id} = ${callerOrganization}`
          : eq(surveyInvitations.organization_id, sql.placeholder('organization')),
        ne(surveyInvitations.status, 'declined'),
        live(surveys),
        mode === 'survey' || mode === 'caller-survey' ? eq(surveys.id, sql.placeholder('survey')) : undefined,
      ),
    )
    .orderBy(surveys.due, surveys.id);

const OVERVIEW_STATEMENTS: Record<OverviewMode, string> = {
  organization: 'surveys_invitation_list',
  survey: 'surveys_invitation_one',
  caller: 'surveys_invitation_mine',
  'caller-survey': 'surveys_invitation_mine_one',
};

/** Named prepared statements per mode: the list is read on every surveys page. */
function runOverview(db: DbOrTx, mode: OverviewMode, params: Record<string, number>) {
  return preparedStatement(db, OVERVIEW_STATEMENTS[mode], () => invitationOverviewQuery(db, mode)).execute(
    params,
  );
}

/**
 * An organization's invitations (declined ones aside; one survey's when surveyId is given) with
 * the survey, its host, its LPI tab config, the copy's completed units and its contributors: the
 * whole list in one statement.
 */
export function invitationOverviews(db: DbOrTx, organizationId: number, surveyId?: number) {
  return surveyId === undefined
    ? runOverview(db, 'organization', { organization: organizationId })
    : runOverview(db, 'survey', { organization: organizationId, survey: surveyId });
}

/**
 * The caller's own organization's invitations in the same one statement, the organization found
 * from the caller's approved membership. No rows: none, or the caller is no approved member.
 */
export function callerInvitationOverviews(db: DbOrTx, callerId: number, surveyId?: number) {
  return surveyId === undefined
    ? runOverview(db, 'caller', { user: callerId })
    : runOverview(db, 'caller-survey', { user: callerId, survey: surveyId });
}

export type InvitationOverviewRow = Awaited<ReturnType<typeof invitationOverviews>>[number];
