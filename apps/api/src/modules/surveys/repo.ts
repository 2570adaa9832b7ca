import { and, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { organizations, users } from '../../db/schema/people';
import { tabStates } from '../../db/schema/reporting';
import { surveyContents, surveyInvitations, surveys } from '../../db/schema/surveys';

export async function findSurvey(db: DbOrTx, surveyId: number) {
  const [row] = await db
    .select({
      id: surveys.id,
      survey_type_id: surveys.survey_type_id,
      due: surveys.due,
      archived_at: surveys.archived_at,
      created_at: surveys.created_at,
    })
    .from(surveys)
    .where(and(eq(surveys.id, surveyId), isNull(surveys.deleted_at)));
  return row;
}

/** The config's LPI tab rows of these surveys (none: the survey asks every step). */
export function lpiTabContents(db: DbOrTx, surveyIds: number[]) {
  return db
    .select({
      survey_id: surveyContents.survey_id,
      content_ref_id: surveyContents.content_ref_id,
      enabled: surveyContents.enabled,
    })
    .from(surveyContents)
    .where(and(inArray(surveyContents.survey_id, surveyIds), eq(surveyContents.content_type, 'lpi_tab')));
}

const inScope = (organizationId: number, surveyId: number) =>
  and(eq(tabStates.organization_id, organizationId), eq(tabStates.survey_id, surveyId));

/** The survey copy's tab states of one organization, with the occupant's name. */
export function stateRows(db: DbOrTx, organizationId: number, surveyId: number) {
  return db
    .select({
      tab: tabStates.tab,
      completed: tabStates.completed,
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
) {
  return db
    .update(tabStates)
    .set({ completed })
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

/** Records the step; an untouched invitation becomes in progress. */
export function setStep(db: DbOrTx, organizationId: number, surveyId: number, step: number | null) {
  return db
    .update(surveyInvitations)
    .set({
      ...(step === null ? {} : { step }),
      status: sql`CASE WHEN ${surveyInvitations.status} = 'invited' THEN 'in_progress' ELSE ${surveyInvitations.status} END`,
      updated_at: new Date(),
    })
    .where(invitationOf(organizationId, surveyId));
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
        isNull(surveys.deleted_at),
        surveyId === undefined ? undefined : eq(surveys.id, surveyId),
      ),
    )
    .orderBy(surveys.due, surveys.id);
}

/** The completed save units of an organization in these surveys. */
export function completedUnits(db: DbOrTx, organizationId: number, surveyIds: number[]) {
  return db
    .select({ survey_id: tabStates.survey_id, tab: tabStates.tab })
    .from(tabStates)
    .where(
      and(
        eq(tabStates.organization_id, organizationId),
        inArray(tabStates.survey_id, surveyIds),
        eq(tabStates.completed, true),
      ),
    );
}

/** Who saved the organization's survey copy, and when each last did. */
export function contributors(db: DbOrTx, organizationId: number, surveyIds: number[]) {
  return db
    .select({
      survey_id: tabStates.survey_id,
      id: users.id,
      name: users.name,
      lastname: users.lastname,
      last_updated_at: sql<Date | string | null>`max(${tabStates.updated_at})`,
    })
    .from(tabStates)
    .innerJoin(users, eq(users.id, tabStates.updated_by))
    .where(and(eq(tabStates.organization_id, organizationId), inArray(tabStates.survey_id, surveyIds)))
    .groupBy(tabStates.survey_id, users.id, users.name, users.lastname)
    .orderBy(users.name, users.lastname);
}
