import type { TParticipantSort } from '@parity/domain/survey-participants';
import { and, asc, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { genders } from '../../db/schema/dictionaries';
import { memberships, organizationCodes, organizations, users } from '../../db/schema/people';
import { labels, organizationLabels, surveyContacts, surveyInvitations } from '../../db/schema/surveys';
import { live } from '../../db/soft-delete';

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/** A LIKE pattern matching the text anywhere, its wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// --- surveys and rights --------------------------------------------------------------------------

export async function findInvitation(db: DbOrTx, surveyId: number, organizationId: number, lock = false) {
  const query = db
    .select({
      id: surveyInvitations.id,
      status: surveyInvitations.status,
      declined_at: surveyInvitations.declined_at,
      decline_code: surveyInvitations.decline_code,
    })
    .from(surveyInvitations)
    .where(
      and(eq(surveyInvitations.survey_id, surveyId), eq(surveyInvitations.organization_id, organizationId)),
    );
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export function decline(db: DbOrTx, invitationId: number, input: { by: number; code: string; at: Date }) {
  return db
    .update(surveyInvitations)
    .set({
      status: 'declined',
      declined_at: input.at,
      declined_by: input.by,
      decline_code: input.code,
      updated_at: input.at,
    })
    .where(eq(surveyInvitations.id, invitationId));
}

/** Live organizations among these ids. */
export function liveOrganizations(db: DbOrTx, ids: number[]) {
  return db
    .select({ id: organizations.id, name: organizations.name, is_public: organizations.is_public })
    .from(organizations)
    .where(and(inArray(organizations.id, ids), live(organizations)));
}

/** The live organization of which this email is an approved member's (case-insensitive). */
export async function organizationOfMember(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.user_id, users.id), eq(memberships.status, 'approved')))
    .innerJoin(organizations, and(eq(organizations.id, memberships.organization_id), live(organizations)))
    .where(and(sql`lower(${users.email}) = lower(${email})`, live(users)));
  return row;
}

/** The live organization of a sign-up code still in force (neither revoked nor expired). */
export async function organizationOfCode(db: DbOrTx, code: string) {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizationCodes)
    .innerJoin(
      organizations,
      and(eq(organizations.id, organizationCodes.organization_id), live(organizations)),
    )
    .where(
      and(
        sql`upper(${organizationCodes.code}) = upper(${code})`,
        isNull(organizationCodes.revoked_at),
        or(isNull(organizationCodes.expires_at), gt(organizationCodes.expires_at, new Date())),
      ),
    );
  return row;
}

/** Which of these (organization, email) pairs are an approved member of that organization. */
export async function memberPairs(db: DbOrTx, pairs: { organization_id: number; email: string }[]) {
  if (!pairs.length) return [];
  const rows = await db
    .select({ organization_id: memberships.organization_id, email: sql<string>`lower(${users.email})` })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.user_id, users.id), eq(memberships.status, 'approved')))
    .where(
      and(
        inArray(
          memberships.organization_id,
          pairs.map((p) => p.organization_id),
        ),
        inArray(
          sql`lower(${users.email})`,
          pairs.map((p) => p.email.toLowerCase()),
        ),
        live(users),
      ),
    );
  return rows.map((r) => `${r.organization_id}:${r.email}`);
}

/** Invites organizations (an existing invitation is kept as it is); returns the newly invited ids. */
export async function invite(db: DbOrTx, surveyId: number, organizationIds: number[], invitedBy: number) {
  if (!organizationIds.length) return [];
  const rows = await db
    .insert(surveyInvitations)
    .values(
      organizationIds.map((organization_id) => ({
        survey_id: surveyId,
        organization_id,
        invited_by: invitedBy,
      })),
    )
    .onConflictDoNothing()
    .returning({ organization_id: surveyInvitations.organization_id });
  return rows.map((r) => r.organization_id);
}

/** The ids among these that are invited to the survey. */
export async function invitedAmong(db: DbOrTx, surveyId: number, organizationIds: number[]) {
  if (!organizationIds.length) return [];
  const rows = await db
    .select({ organization_id: surveyInvitations.organization_id })
    .from(surveyInvitations)
    .where(
      and(
        eq(surveyInvitations.survey_id, surveyId),
        inArray(surveyInvitations.organization_id, organizationIds),
      ),
    );
  return rows.map((r) => r.organization_id);
}

/** Whether the user may answer for the organization: an approved admin or member with LPI access. */
export async function canAnswerFor(db: DbOrTx, userId: number, organizationId: number) {
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(
        eq(memberships.user_id, userId),
        eq(memberships.organization_id, organizationId),
        eq(memberships.status, 'approved'),
        or(eq(memberships.manage_settings, true), eq(memberships.average_lpi_score_access, true)),
      ),
    );
  return Boolean(row);
}

// --- contacts -----------------------------------------------------------------------------------------

export async function listContacts(
  db: DbOrTx,
  surveyId: number,
  q: { limit: number; offset: number; search?: string | undefined },
) {
  const search = q.search
    ? sql`AND (c.name ILIKE ${containing(q.search)} OR c.lastname ILIKE ${containing(q.search)}
          OR c.email ILIKE ${containing(q.search)} OR o.name ILIKE ${containing(q.search)})`
    : sql``;
  const result = await db.execute(sql`
    SELECT c.id, c.organization_id, o.name AS organization_name, c.name, c.lastname, c.email,
           c.invited_at, c.created_at, count(*) OVER () AS total
      FROM survey_contacts c
      JOIN organizations o ON o.id = c.organization_id
     WHERE c.survey_id = ${surveyId} ${search}
     ORDER BY o.name, c.lastname, c.name, c.id
     LIMIT ${q.limit} OFFSET ${q.offset}`);
  return rowsOf<{
    id: number;
    organization_id: number;
    organization_name: string;
    name: string;
    lastname: string;
    email: string;
    invited_at: Date | string | null;
    created_at: Date | string;
    total: number | string;
  }>(result);
}

export async function countContacts(db: DbOrTx, surveyId: number, search?: string) {
  const result = await db.execute(sql`
    SELECT count(*)::int AS n FROM survey_contacts c JOIN organizations o ON o.id = c.organization_id
     WHERE c.survey_id = ${surveyId}
       ${search ? sql`AND (c.name ILIKE ${containing(search)} OR c.lastname ILIKE ${containing(search)} OR c.email ILIKE ${containing(search)} OR o.name ILIKE ${containing(search)})` : sql``}`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** Adds contacts; a contact with the same email in this survey is updated (name, organization). */
export function upsertContacts(
  db: DbOrTx,
  surveyId: number,
  contacts: { organization_id: number; name: string; lastname: string; email: string }[],
  createdBy: number,
) {
  return db
    .insert(surveyContacts)
    .values(
      contacts.map((c) => ({
        survey_id: surveyId,
        organization_id: c.organization_id,
        name: c.name,
        lastname: c.lastname,
        email: c.email,
        created_by: createdBy,
        // A contact who has an account is linked to it (looked up by email).
        user_id: sql`(SELECT id FROM users WHERE lower(email) = ${c.email} AND deleted_at IS NULL LIMIT 1)`,
      })),
    )
    .onConflictDoUpdate({
      target: [surveyContacts.survey_id, surveyContacts.email],
      set: {
        organization_id: sql`excluded.organization_id`,
        name: sql`excluded.name`,
        lastname: sql`excluded.lastname`,
        user_id: sql`excluded.user_id`,
      },
    })
    .returning({ id: surveyContacts.id });
}

export function contactsByIds(db: DbOrTx, surveyId: number, ids: number[]) {
  return db
    .select({
      id: surveyContacts.id,
      organization_id: surveyContacts.organization_id,
      name: surveyContacts.name,
      lastname: surveyContacts.lastname,
      email: surveyContacts.email,
      invited_at: surveyContacts.invited_at,
    })
    .from(surveyContacts)
    .where(and(eq(surveyContacts.survey_id, surveyId), inArray(surveyContacts.id, ids)))
    .orderBy(asc(surveyContacts.id));
}

export function deleteContact(db: DbOrTx, surveyId: number, contactId: number) {
  return db
    .delete(surveyContacts)
    .where(and(eq(surveyContacts.survey_id, surveyId), eq(surveyContacts.id, contactId)))
    .returning({
      id: surveyContacts.id,
      email: surveyContacts.email,
      organization_id: surveyContacts.organization_id,
    });
}

export function markContactsInvited(db: DbOrTx, surveyId: number, ids: number[], at: Date) {
  return db
    .update(surveyContacts)
    .set({ invited_at: at })
    .where(and(eq(surveyContacts.survey_id, surveyId), inArray(surveyContacts.id, ids)));
}

/** The survey's contacts at these organizations (reminders go to them too). */
export function contactsOfOrganizations(db: DbOrTx, surveyId: number, organizationIds: number[]) {
  if (!organizationIds.length) return Promise.resolve([]);
  return db
    .select({
      organization_id: surveyContacts.organization_id,
      email: surveyContacts.email,
      name: surveyContacts.name,
      lastname: surveyContacts.lastname,
    })
    .from(surveyContacts)
    .where(
      and(eq(surveyContacts.survey_id, surveyId), inArray(surveyContacts.organization_id, organizationIds)),
    );
}

// --- labels ---------------------------------------------------------------------------------------------

export async function labelsOf(db: DbOrTx, ownerId: number) {
  const result = await db.execute(sql`
    SELECT l.id, l.name, l.color,
           (SELECT count(*)::int FROM organization_labels ol WHERE ol.label_id = l.id) AS organizations
      FROM labels l
     WHERE l.owner_organization_id = ${ownerId}
     ORDER BY lower(l.name), l.id`);
  return rowsOf<{ id: number; name: string; color: string | null; organizations: number }>(result);
}

/** The ids among these that are labels of the owner. */
export async function ownLabelIds(db: DbOrTx, ownerId: number, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: labels.id })
    .from(labels)
    .where(and(eq(labels.owner_organization_id, ownerId), inArray(labels.id, ids)));
  return rows.map((r) => r.id);
}

export async function createLabel(db: DbOrTx, ownerId: number, name: string, color: string | null) {
  const [row] = await db
    .insert(labels)
    .values({ owner_organization_id: ownerId, name, color })
    .onConflictDoNothing()
    .returning({ id: labels.id, name: labels.name, color: labels.color });
  return row;
}

export function deleteLabel(db: DbOrTx, ownerId: number, labelId: number) {
  return db
    .delete(labels)
    .where(and(eq(labels.owner_organization_id, ownerId), eq(labels.id, labelId)))
    .returning({ id: labels.id, name: labels.name });
}

/** The organization's labels owned by ownerId. */
export function organizationLabelsOf(db: DbOrTx, ownerId: number, organizationId: number) {
  return db
    .select({ id: labels.id, name: labels.name, color: labels.color })
    .from(organizationLabels)
    .innerJoin(labels, eq(labels.id, organizationLabels.label_id))
    .where(
      and(eq(organizationLabels.organization_id, organizationId), eq(labels.owner_organization_id, ownerId)),
    )
    .orderBy(labels.name);
}

/** The organization's labels of this owner become exactly labelIds (other owners' stay untouched). */
export async function setOrganizationLabels(
  db: DbOrTx,
  ownerId: number,
  organizationId: number,
  labelIds: number[],
) {
  await db.execute(sql`
    DELETE FROM organization_labels ol USING labels l
     WHERE ol.label_id = l.id AND l.owner_organization_id = ${ownerId}
       AND ol.organization_id = ${organizationId}
       ${
         labelIds.length
           ? sql`AND ol.label_id NOT IN (${sql.join(
               labelIds.map((id) => sql`${id}`),
               sql`, `,
             )})`
           : sql``
       }`);
  if (labelIds.length) {
    await db
      .insert(organizationLabels)
      .values(labelIds.map((label_id) => ({ label_id, organization_id: organizationId })))
      .onConflictDoNothing();
  }
}

// --- participants -------------------------------------------------------------------------------------

export interface ParticipantRow {
  organization_id: number;
  name: string;
  logo: string | null;
  status: string;
  completed_steps: number | string;
  submitted_at: Date | string | null;
  invited_at: Date | string;
  declined_at: Date | string | null;
  decline_code: string | null;
  last_reminded_at: Date | string | null;
  reminder_count: number;
  total: number | string;
  labels: { id: number; name: string; color: string | null }[] | string;
}

/**
 * The number of an invitation's completed steps: steps whose every save unit is among `tabs` (the
 * invitation's completed units, an array), plus the submit step once submitted. `steps` lists each
 * step's save units (submit aside).
 */
function completedStepsOf(tabs: SQL, submittedAt: SQL, steps: readonly (readonly string[])[]): SQL {
  const perStep = steps.map(
    (keys) =>
      sql`CASE WHEN ${tabs} @> ARRAY[${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )}]::text[] THEN 1 ELSE 0 END`,
  );
  return sql`(${sql.join([...perStep, sql`CASE WHEN ${submittedAt} IS NOT NULL THEN 1 ELSE 0 END`], sql` + `)})`;
}

/** The completed save units of an invitation (lateral, one index lookup per organization). */
const completedUnits = (surveyId: number, organizationId: SQL) =>
  sql`LEFT JOIN LATERAL (SELECT array_agg(t.tab) AS tabs FROM tab_states t
       WHERE t.organization_id = ${organizationId} AND t.survey_id = ${surveyId} AND t.completed) d ON true`;

export interface ParticipantFilter {
  surveyId: number;
  search?: string | undefined;
  /** a stored status */
  status?: string | undefined;
  labelIds?: number[] | undefined;
}

function participantFilters(input: ParticipantFilter): SQL {
  const filters: SQL[] = [sql`i.survey_id = ${input.surveyId}`, sql`o.deleted_at IS NULL`];
  if (input.search) filters.push(sql`o.name ILIKE ${containing(input.search)}`);
  if (input.status) filters.push(sql`i.status = ${input.status}`);
  if (input.labelIds?.length) {
    filters.push(sql`EXISTS (SELECT 1 FROM organization_labels ol
       WHERE ol.organization_id = i.organization_id
         AND ol.label_id IN (${sql.join(
           input.labelIds.map((id) => sql`${id}`),
           sql`, `,
         )}))`);
  }
  return sql.join(filters, sql` AND `);
}

const STATUS_ORDER = sql`CASE i.status WHEN 'invited' THEN 0 WHEN 'in_progress' THEN 1 WHEN 'submitted' THEN 2 ELSE 3 END`;

/**
 * One page of a survey's participants and the number matching, in one statement: the matching
 * invitations sorted and cut to the page (with a window count) first, then the page's progress and
 * labels. Sorting by progress computes it for every match; other sorts only for the page's rows.
 */
export async function participantsPage(
  db: DbOrTx,
  input: ParticipantFilter & {
    hostId: number;
    /** each step's save units (submit aside) */
    steps: readonly (readonly string[])[];
    limit: number;
    offset: number;
    sortBy: TParticipantSort;
    sortOrder: 'asc' | 'desc';
  },
): Promise<ParticipantRow[]> {
  const byProgress = input.sortBy === 'progress';
  const completed = completedStepsOf(sql`d.tabs`, sql`i.submitted_at`, input.steps);
  const direction = input.sortOrder === 'desc' ? sql`DESC` : sql`ASC`;
  const sortKey: Record<TParticipantSort, SQL> = {
    name: sql`lower(o.name)`,
    status: STATUS_ORDER,
    progress: completed,
    submitted_at: sql`i.submitted_at`,
    last_reminded_at: sql`i.last_reminded_at`,
    invited_at: sql`i.created_at`,
  };
  // ORDER BY ... LIMIT (a top-N sort) rather than a row_number() window: half the time on 5,000
  // rows. The sort keys travel with the page so that the outer query orders it the same way.
  const order = sql`${direction} NULLS LAST, name_key, organization_id`;
  const result = await db.execute(sql`
    WITH page AS (
      SELECT i.organization_id, o.name, o.logo, i.status, i.submitted_at, i.created_at AS invited_at,
             i.declined_at, i.decline_code, i.last_reminded_at, i.reminder_count,
             ${sortKey[input.sortBy]} AS sort_key, lower(o.name) AS name_key,
             count(*) OVER () AS total
        FROM survey_invitations i
        JOIN organizations o ON o.id = i.organization_id
        ${byProgress ? completedUnits(input.surveyId, sql`i.organization_id`) : sql``}
       WHERE ${participantFilters(input)}
       ORDER BY sort_key ${order}
       LIMIT ${input.limit} OFFSET ${input.offset}
    )
    SELECT p.organization_id, p.name, p.logo, p.status, p.submitted_at, p.invited_at, p.declined_at,
           p.decline_code, p.last_reminded_at, p.reminder_count, p.total,
           ${byProgress ? sql`p.sort_key` : completedStepsOf(sql`d.tabs`, sql`p.submitted_at`, input.steps)} AS completed_steps,
           COALESCE((SELECT json_agg(json_build_object('id', l.id, 'name', l.name, 'color', l.color)
                                     ORDER BY lower(l.name), l.id)
                       FROM organization_labels ol JOIN labels l ON l.id = ol.label_id
                      WHERE ol.organization_id = p.organization_id
                        AND l.owner_organization_id = ${input.hostId}), '[]'::json) AS labels
      FROM page p
      ${byProgress ? sql`` : completedUnits(input.surveyId, sql`p.organization_id`)}
     ORDER BY p.sort_key ${direction} NULLS LAST, p.name_key, p.organization_id`);
  return rowsOf<ParticipantRow>(result);
}

/** How many participants match (a page past the end has no row to carry the window count). */
export async function countParticipants(db: DbOrTx, input: ParticipantFilter) {
  const result = await db.execute(sql`
    SELECT count(*)::int AS n FROM survey_invitations i JOIN organizations o ON o.id = i.organization_id
     WHERE ${participantFilters(input)}`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

// --- reminders ------------------------------------------------------------------------------------------

/** Stamps the reminder on every participant (or these) that has neither submitted nor declined. */
export function remind(db: DbOrTx, surveyId: number, at: Date, organizationIds?: number[]) {
  return db
    .update(surveyInvitations)
    .set({
      last_reminded_at: at,
      reminder_count: sql`${surveyInvitations.reminder_count} + 1`,
      updated_at: at,
    })
    .where(
      and(
        eq(surveyInvitations.survey_id, surveyId),
        inArray(surveyInvitations.status, ['invited', 'in_progress']),
        organizationIds ? inArray(surveyInvitations.organization_id, organizationIds) : undefined,
        sql`NOT EXISTS (SELECT 1 FROM organizations o WHERE o.id = ${surveyInvitations.organization_id} AND o.deleted_at IS NOT NULL)`,
      ),
    )
    .returning({ organization_id: surveyInvitations.organization_id });
}

// --- response rates -------------------------------------------------------------------------------------

/**
 * The survey's invitations counted by status, and per day (UTC) the invitations made, responses
 * submitted and invitations declined. One scan, grouped by (status, the three days): a few hundred
 * groups at most, which the process adds up (cheaper than a row per event in SQL).
 */
export async function responseFigures(db: DbOrTx, surveyId: number) {
  const result = await db.execute(sql`
    SELECT i.status,
           to_char((i.created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS invited_on,
           CASE WHEN i.status = 'submitted'
                THEN to_char((i.submitted_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') END AS submitted_on,
           CASE WHEN i.status = 'declined'
                THEN to_char((i.declined_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') END AS declined_on,
           count(*)::int AS n
      FROM survey_invitations i JOIN organizations o ON o.id = i.organization_id
     WHERE i.survey_id = ${surveyId} AND o.deleted_at IS NULL
     GROUP BY 1, 2, 3, 4`);
  const groups = rowsOf<{
    status: string;
    invited_on: string;
    submitted_on: string | null;
    declined_on: string | null;
    n: number | string;
  }>(result);
  const statuses = new Map<string, number>();
  const days = new Map<string, { date: string; invited: number; submitted: number; declined: number }>();
  const day = (date: string) => {
    let entry = days.get(date);
    if (!entry) {
      entry = { date, invited: 0, submitted: 0, declined: 0 };
      days.set(date, entry);
    }
    return entry;
  };
  for (const g of groups) {
    const n = Number(g.n);
    statuses.set(g.status, (statuses.get(g.status) ?? 0) + n);
    day(g.invited_on).invited += n;
    if (g.submitted_on) day(g.submitted_on).submitted += n;
    if (g.declined_on) day(g.declined_on).declined += n;
  }
  return {
    statuses: [...statuses].map(([status, n]) => ({ status, n })),
    days: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)),
  };
}

// --- reports ----------------------------------------------------------------------------------------------

/** Every submitted respondent's latest submission of the survey (ids only), by organization name. */
export async function latestSubmissions(db: DbOrTx, surveyId: number) {
  const result = await db.execute(sql`
    SELECT latest.id, latest.organization_id, o.name AS organization_name, latest.submitted_at
      FROM (
        SELECT DISTINCT ON (s.organization_id) s.id, s.organization_id, s.submitted_at
          FROM submissions s
          JOIN survey_invitations i
            ON i.survey_id = s.survey_id AND i.organization_id = s.organization_id AND i.status = 'submitted'
         WHERE s.survey_id = ${surveyId}
         ORDER BY s.organization_id, s.submitted_at DESC, s.id DESC
      ) latest
      JOIN organizations o ON o.id = latest.organization_id
     ORDER BY lower(o.name), latest.organization_id`);
  return rowsOf<{
    id: number;
    organization_id: number;
    organization_name: string;
    submitted_at: Date | string;
  }>(result);
}

/** These submissions' snapshots cut to the tabs asked (and their scores when asked). */
export async function submissionParts(
  db: DbOrTx,
  ids: number[],
  tabs: readonly string[],
  withScores: boolean,
) {
  if (!ids.length) return [];
  const parts = tabs.length
    ? sql`jsonb_build_object(${sql.join(
        tabs.map((tab) => sql`${tab}::text, s.snapshot -> ${tab}::text`),
        sql`, `,
      )})`
    : sql`'{}'::jsonb`;
  const result = await db.execute(sql`
    SELECT s.id, ${parts} AS snapshot, ${withScores ? sql`s.scores` : sql`NULL::jsonb`} AS scores
      FROM submissions s
     WHERE s.id IN (${sql.join(
       ids.map((id) => sql`${id}`),
       sql`, `,
     )})`);
  return rowsOf<{ id: number; snapshot: unknown; scores: unknown }>(result);
}

/** The genders' names in their order (the staff grid's columns). */
export function genderNames(db: DbOrTx) {
  return db.select({ id: genders.id, name: genders.name }).from(genders).orderBy(genders.order, genders.id);
}
