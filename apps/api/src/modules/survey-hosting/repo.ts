import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { memberships, organizations, users } from '../../db/schema/people';
import { formFields } from '../../db/schema/reporting';
import {
  legacySurveyResponses,
  surveyAdministrators,
  surveyContents,
  surveyInvitations,
  surveyQuestions,
  surveys,
} from '../../db/schema/surveys';
import { live } from '../../db/soft-delete';

const liveSurvey = (surveyId: number) => and(eq(surveys.id, surveyId), live(surveys));

/** Locks the survey row for a write (edit, delete, grant). */
export async function lockSurvey(tx: Tx, surveyId: number) {
  const [row] = await tx
    .select({ id: surveys.id, archived_at: surveys.archived_at })
    .from(surveys)
    .where(liveSurvey(surveyId))
    .for('update');
  return row;
}

export async function findUser(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ id: users.id, name: users.name, lastname: users.lastname, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), live(users)));
  return row;
}

/** The user when they are an approved member of the organization (a live account). */
export async function approvedMember(db: DbOrTx, organizationId: number, userId: number) {
  const [row] = await db
    .select({ id: users.id, name: users.name, lastname: users.lastname })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.user_id))
    .where(
      and(
        eq(memberships.user_id, userId),
        eq(memberships.organization_id, organizationId),
        eq(memberships.status, 'approved'),
        live(users),
      ),
    );
  return row;
}

export async function formFieldIds(db: DbOrTx, formId: number): Promise<Set<number>> {
  const rows = await db.select({ id: formFields.id }).from(formFields).where(eq(formFields.form_id, formId));
  return new Set(rows.map((row) => row.id));
}

export async function insertSurvey(tx: Tx, values: typeof surveys.$inferInsert) {
  const [row] = await tx.insert(surveys).values(values).returning({ id: surveys.id });
  return row!.id;
}

export async function insertContents(tx: Tx, rows: (typeof surveyContents.$inferInsert)[]) {
  if (rows.length) await tx.insert(surveyContents).values(rows);
}

export async function insertQuestions(tx: Tx, rows: (typeof surveyQuestions.$inferInsert)[]) {
  if (rows.length) await tx.insert(surveyQuestions).values(rows);
}

export function contentsOf(db: DbOrTx, surveyId: number) {
  return db
    .select({
      content_type: surveyContents.content_type,
      content_ref_id: surveyContents.content_ref_id,
      enabled: surveyContents.enabled,
      config: surveyContents.config,
    })
    .from(surveyContents)
    .where(eq(surveyContents.survey_id, surveyId))
    .orderBy(asc(surveyContents.id));
}

export function questionsOf(db: DbOrTx, surveyId: number) {
  return db
    .select()
    .from(surveyQuestions)
    .where(eq(surveyQuestions.survey_id, surveyId))
    .orderBy(asc(surveyQuestions.weight), asc(surveyQuestions.id));
}

export function administratorsOf(db: DbOrTx, surveyId: number) {
  return db
    .select({ id: users.id, name: users.name, lastname: users.lastname })
    .from(surveyAdministrators)
    .innerJoin(users, eq(users.id, surveyAdministrators.user_id))
    .where(eq(surveyAdministrators.survey_id, surveyId))
    .orderBy(asc(users.name), asc(users.lastname));
}

export async function findInvitation(db: DbOrTx, surveyId: number, organizationId: number) {
  const [row] = await db
    .select({
      organization_id: surveyInvitations.organization_id,
      status: surveyInvitations.status,
      submitted_at: surveyInvitations.submitted_at,
    })
    .from(surveyInvitations)
    .where(
      and(eq(surveyInvitations.survey_id, surveyId), eq(surveyInvitations.organization_id, organizationId)),
    );
  return row;
}

/** Invited (not declined) and submitted counts per survey. */
export function invitationCounts(db: DbOrTx, surveyIds: number[]) {
  if (!surveyIds.length) return Promise.resolve([]);
  return db
    .select({
      survey_id: surveyInvitations.survey_id,
      invited: sql<number>`count(*)::int`,
      submitted: sql<number>`(count(*) filter (where ${surveyInvitations.submitted_at} is not null))::int`,
    })
    .from(surveyInvitations)
    .where(and(inArray(surveyInvitations.survey_id, surveyIds), ne(surveyInvitations.status, 'declined')))
    .groupBy(surveyInvitations.survey_id);
}

const tileColumns = {
  id: surveys.id,
  title: surveys.title,
  survey_type_id: surveys.survey_type_id,
  start: surveys.start,
  due: surveys.due,
  archived_at: surveys.archived_at,
  created_at: surveys.created_at,
  host_id: organizations.id,
  host_name: organizations.name,
  host_logo: organizations.logo,
  /** the host's LPI tab config (which steps the survey asks) */
  lpi_tabs: sql<{ content_ref_id: number; enabled: boolean }[] | string>`(
    SELECT coalesce(json_agg(json_build_object('content_ref_id', c.content_ref_id, 'enabled', c.enabled)), '[]'::json)
      FROM survey_contents c WHERE c.survey_id = ${surveys.id} AND c.content_type = 'lpi_tab')`,
};

/** The live surveys an organization hosts, newest first. */
export function hostedBy(db: DbOrTx, organizationId: number) {
  return db
    .select(tileColumns)
    .from(surveys)
    .innerJoin(organizations, eq(organizations.id, surveys.organization_id))
    .where(and(eq(surveys.organization_id, organizationId), live(surveys)))
    .orderBy(desc(surveys.created_at), desc(surveys.id));
}

/** The live surveys of this host organization the user was granted administrator access to. */
export function administeredBy(db: DbOrTx, userId: number, organizationId: number) {
  return db
    .select(tileColumns)
    .from(surveyAdministrators)
    .innerJoin(surveys, eq(surveys.id, surveyAdministrators.survey_id))
    .innerJoin(organizations, eq(organizations.id, surveys.organization_id))
    .where(
      and(
        eq(surveyAdministrators.user_id, userId),
        eq(surveys.organization_id, organizationId),
        live(surveys),
      ),
    )
    .orderBy(desc(surveys.created_at), desc(surveys.id));
}

export function updateSurvey(tx: Tx, surveyId: number, values: Partial<typeof surveys.$inferInsert>) {
  return tx
    .update(surveys)
    .set({ ...values, updated_at: new Date() })
    .where(eq(surveys.id, surveyId));
}

/** Grants access; false when the user already had it. */
export async function grantAdministrator(tx: Tx, surveyId: number, userId: number, grantedBy: number) {
  const inserted = await tx
    .insert(surveyAdministrators)
    .values({ survey_id: surveyId, user_id: userId, granted_by: grantedBy })
    .onConflictDoNothing()
    .returning({ userId: surveyAdministrators.user_id });
  return inserted.length > 0;
}

export async function legacyResponse(db: DbOrTx, surveyId: number, organizationId: number) {
  const [row] = await db
    .select({
      data: legacySurveyResponses.data,
      imported_at: legacySurveyResponses.imported_at,
      organization_name: organizations.name,
    })
    .from(legacySurveyResponses)
    .innerJoin(organizations, eq(organizations.id, legacySurveyResponses.organization_id))
    .where(
      and(
        eq(legacySurveyResponses.survey_id, surveyId),
        eq(legacySurveyResponses.organization_id, organizationId),
      ),
    );
  return row;
}
