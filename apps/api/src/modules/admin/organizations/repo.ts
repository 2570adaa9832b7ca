import type { ZAdminOrganizationListQuery } from '@parity/domain/admin-organizations';
import { and, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import { legalStructures } from '../../../db/schema/dictionaries';
import { memberships, organizations } from '../../../db/schema/people';

type ListQuery = z.output<typeof ZAdminOrganizationListQuery>;

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

const members = sql<number>`(SELECT count(*) FROM memberships m
  WHERE m.organization_id = ${organizations.id} AND m.status = 'approved')`.mapWith(Number);
const pendingMembers = sql<number>`(SELECT count(*) FROM memberships m
  WHERE m.organization_id = ${organizations.id} AND m.status = 'pending')`.mapWith(Number);
/** The LPI index of the latest submission of the organization's own profile. */
const lpi = sql<number | null>`(SELECT (s.scores->>'lpi')::float FROM submissions s
  WHERE s.organization_id = ${organizations.id} AND s.survey_id IS NULL
  ORDER BY s.submitted_at DESC, s.id DESC LIMIT 1)`.mapWith((v) => (v === null ? null : Number(v)));

const rowColumns = {
  id: organizations.id,
  name: organizations.name,
  legal_structure_id: legalStructures.id,
  legal_structure_name: legalStructures.name,
  is_public: organizations.is_public,
  members,
  lpi,
  created_at: organizations.created_at,
  deleted_at: organizations.deleted_at,
};

const SORT_COLUMNS = {
  name: sql`lower(${organizations.name})`,
  created_at: sql`${organizations.created_at}`,
  members,
};

/** A page of organizations with the count of all that match (a window count). */
export function listOrganizations(db: DbOrTx, query: ListQuery) {
  const where = and(
    query.state === 'live'
      ? isNull(organizations.deleted_at)
      : query.state === 'deleted'
        ? isNotNull(organizations.deleted_at)
        : undefined,
    query.search ? sql`${organizations.name} ILIKE ${`%${escapeLike(query.search)}%`}` : undefined,
    query.legal_structure ? eq(organizations.legal_structure_id, query.legal_structure) : undefined,
    query.visibility ? eq(organizations.is_public, query.visibility === 'public') : undefined,
  );
  const column = SORT_COLUMNS[query.sort_by];
  const order = query.sort_order === 'asc' ? sql`${column} ASC` : sql`${column} DESC`;
  return db
    .select({ ...rowColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(organizations)
    .leftJoin(legalStructures, eq(legalStructures.id, organizations.legal_structure_id))
    .where(where)
    .orderBy(order, sql`${organizations.id} ASC`)
    .limit(query.limit)
    .offset(query.offset);
}

/** One organization, deleted or not; locked for update in a write's transaction. */
export async function findOrganization(db: DbOrTx, id: number, lock = false) {
  const q = db
    .select({
      ...rowColumns,
      pending_members: pendingMembers,
      about: organizations.about,
      website: organizations.website,
      is_publicly_traded: organizations.is_publicly_traded,
      ticker_symbol: organizations.ticker_symbol,
      updated_at: organizations.updated_at,
    })
    .from(organizations)
    .leftJoin(legalStructures, eq(legalStructures.id, organizations.legal_structure_id))
    .where(eq(organizations.id, id));
  const [row] = lock ? await q.for('update', { of: organizations }) : await q;
  return row;
}
export type OrganizationRecord = NonNullable<Awaited<ReturnType<typeof findOrganization>>>;

/** The ids of an organization's members, whatever their status. */
export async function memberIds(db: DbOrTx, organizationId: number): Promise<number[]> {
  const rows = await db
    .select({ id: memberships.user_id })
    .from(memberships)
    .where(eq(memberships.organization_id, organizationId));
  return rows.map((row) => row.id);
}

export async function legalStructureExists(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: legalStructures.id })
    .from(legalStructures)
    .where(eq(legalStructures.id, id));
  return row !== undefined;
}

export async function updateOrganization(
  db: DbOrTx,
  id: number,
  values: Partial<typeof organizations.$inferInsert>,
) {
  await db.update(organizations).set(values).where(eq(organizations.id, id));
}

/** The surveys an organization hosts, with their invitation counts and a status. */
export function hostedSurveys(db: DbOrTx, organizationId: number) {
  return rows<{
    id: number;
    title: string;
    status: 'scheduled' | 'open' | 'closed' | 'archived' | 'deleted';
    start: string;
    due: string;
    invited: number | string;
    submitted: number | string;
  }>(
    db,
    sql`SELECT s.id, s.title, s.start::text AS start, s.due::text AS due,
          CASE WHEN s.deleted_at IS NOT NULL THEN 'deleted'
               WHEN s.archived_at IS NOT NULL THEN 'archived'
               WHEN s.start > current_date THEN 'scheduled'
               WHEN s.due < current_date THEN 'closed'
               ELSE 'open' END AS status,
          (SELECT count(*) FROM survey_invitations i WHERE i.survey_id = s.id) AS invited,
          (SELECT count(*) FROM survey_invitations i WHERE i.survey_id = s.id AND i.status = 'submitted') AS submitted
        FROM surveys s WHERE s.organization_id = ${organizationId}
        ORDER BY s.start DESC, s.id DESC`,
  );
}

/** The surveys an organization was invited to, with its invitation's status. */
export function invitedSurveys(db: DbOrTx, organizationId: number) {
  return rows<{
    id: number;
    title: string;
    host_id: number;
    host_name: string;
    status: string;
    due: string;
    submitted_at: Date | string | null;
  }>(
    db,
    sql`SELECT s.id, s.title, h.id AS host_id, h.name AS host_name, i.status, s.due::text AS due,
          i.submitted_at
        FROM survey_invitations i
        JOIN surveys s ON s.id = i.survey_id
        JOIN organizations h ON h.id = s.organization_id
        WHERE i.organization_id = ${organizationId} AND s.deleted_at IS NULL
        ORDER BY s.due DESC, s.id DESC`,
  );
}
