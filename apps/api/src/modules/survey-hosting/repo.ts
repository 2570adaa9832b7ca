import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { memberships, organizations, users } from '../../db/schema/people';
import { formFields, miscellaneousQuestions } from '../../db/schema/reporting';
import {
  legacySurveyResponses,
  surveyAdministrators,
  surveyContents,
  surveyInvitations,
  surveyQuestions,
  surveys,
} from '../../db/schema/surveys';

const live = (surveyId: number) => and(eq(surveys.id, surveyId), isNull(surveys.deleted_at));

/** A live (not deleted) survey with its host organization. */
export async function findSurvey(db: DbOrTx, surveyId: number) {
  const [row] = await db
    .select({
      id: surveys.id,
      organization_id: surveys.organization_id,
      survey_type_id: surveys.survey_type_id,
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
    })
    .from(surveys)
    .innerJoin(organizations, eq(organizations.id, surveys.organization_id))
    .where(live(surveyId));
  return row;
}
export type SurveyRow = NonNullable<Awaited<ReturnType<typeof findSurvey>>>;

/** Locks the survey row for a write (edit, delete, grant). */
export async function lockSurvey(tx: Tx, surveyId: number) {
  const [row] = await tx
    .select({ id: surveys.id, archived_at: surveys.archived_at })
    .from(surveys)
    .where(live(surveyId))
    .for('update');
  return row;
}

export async function findUser(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ id: users.id, name: users.name, lastname: users.lastname, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deleted_at)));
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
        isNull(users.deleted_at),
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
};

/** The live surveys an organization hosts, newest first. */
export function hostedBy(db: DbOrTx, organizationId: number) {
  return db
    .select(tileColumns)
    .from(surveys)
    .innerJoin(organizations, eq(organizations.id, surveys.organization_id))
    .where(and(eq(surveys.organization_id, organizationId), isNull(surveys.deleted_at)))
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
        isNull(surveys.deleted_at),
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

/**
 * The survey's custom questions as Miscellaneous questions of one respondent's survey copy, so
 * they are answered and saved like the step's own (called once, when the copy is made).
 */
export async function copySurveyQuestionsToRespondent(
  tx: Tx,
  organizationId: number,
  surveyId: number,
  formId: number,
) {
  const questions = await questionsOf(tx, surveyId);
  if (!questions.length) return;
  await tx.insert(miscellaneousQuestions).values(
    questions.map((question) => ({
      organization_id: organizationId,
      survey_id: surveyId,
      form_id: formId,
      question_type_id: question.question_type_id,
      display: question.display,
      section: question.section,
      config: question.config ?? {},
      value: null,
    })),
  );
}

/**
 * The field ids of form 8 (Practices) or 10 (Miscellaneous) the survey's config turns off: hidden
 * from the survey's copies of those forms (overview/service.ts readForm).
 */
export async function disabledFieldIds(db: DbOrTx, surveyId: number, formId: number) {
  const contentType = formId === 8 ? 'practice' : 'miscellaneous';
  const rows = await db
    .select({ id: surveyContents.content_ref_id })
    .from(surveyContents)
    .where(
      and(
        eq(surveyContents.survey_id, surveyId),
        eq(surveyContents.content_type, contentType),
        eq(surveyContents.enabled, false),
      ),
    );
  return new Set(rows.map((row) => row.id));
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
