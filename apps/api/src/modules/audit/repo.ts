import type { TAdminAuditQuery } from '@parity/domain/admin-audit';
import { and, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema/audit';
import { organizations, users } from '../../db/schema/people';

/**
 * Who or what an entry is about, by name: a member (membership, permissions: the name the entry
 * kept, else the user's current one), a contact (the name kept), a file (its name), an invitation
 * (the invited address), a survey (the title kept, else its current one), an account (the name
 * kept, else its current one), a setting (its key); null otherwise (the organization itself, its
 * code, usage events).
 */
const entityName = sql<string | null>`case
  when ${auditLog.entity} in ('membership', 'permissions', 'user') then coalesce(
    ${auditLog.after}->>'user_name',
    ${auditLog.before}->>'user_name',
    (select nullif(trim(concat_ws(' ', p.name, p.lastname)), '') from users p where p.id::text = ${auditLog.entity_id}))
  when ${auditLog.entity} = 'contact' then coalesce(${auditLog.after}->>'name', ${auditLog.before}->>'name')
  when ${auditLog.entity} = 'file' then coalesce(${auditLog.after}->>'original_name', ${auditLog.before}->>'original_name')
  when ${auditLog.entity} = 'invitation' then coalesce(${auditLog.after}->>'email', ${auditLog.before}->>'email')
  when ${auditLog.entity} = 'survey' then coalesce(
    ${auditLog.after}->>'title',
    ${auditLog.before}->>'title',
    (select s.title from surveys s where s.id::text = coalesce(
      ${auditLog.after}->>'survey_id', ${auditLog.before}->>'survey_id', ${auditLog.entity_id})))
  when ${auditLog.entity} = 'setting' then ${auditLog.entity_id}
end`;

const actors = alias(users, 'actor');

/** An entry's columns, with its actor (joined as `actors`) and its entity's name. */
const entryColumns = {
  id: auditLog.id,
  at: auditLog.at,
  actor_id: actors.id,
  actor_name: actors.name,
  actor_lastname: actors.lastname,
  entity: auditLog.entity,
  entity_id: auditLog.entity_id,
  entity_name: entityName,
  action: auditLog.action,
  before: auditLog.before,
  after: auditLog.after,
};

/** An entry as the lists read it (the actor's columns null for the system). */
export interface EntryRow {
  id: number;
  at: Date | string;
  actor_id: number | null;
  actor_name: string | null;
  actor_lastname: string | null;
  entity: string;
  entity_id: string | null;
  entity_name: string | null;
  action: string;
  before: unknown;
  after: unknown;
}

/** An organization's audit entries, newest first, with the total. */
export async function listEntries(db: DbOrTx, organizationId: number, limit: number, offset: number) {
  const rows = await db
    .select(entryColumns)
    .from(auditLog)
    .leftJoin(actors, eq(actors.id, auditLog.actor_user_id))
    .where(eq(auditLog.organization_id, organizationId))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(auditLog)
    .where(eq(auditLog.organization_id, organizationId));
  return { rows, total: count?.n ?? 0 };
}

/** `to` is a day included: the entries before the next day's midnight (UTC). */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 3600 * 1000);

function platformFilters(q: TAdminAuditQuery): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (q.actor_id !== undefined) where.push(eq(auditLog.actor_user_id, q.actor_id));
  if (q.actor !== undefined) {
    const like = `%${q.actor.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(ilike(actors.email, like), ilike(sql`concat_ws(' ', ${actors.name}, ${actors.lastname})`, like)),
    );
  }
  if (q.organization_id !== undefined) where.push(eq(auditLog.organization_id, q.organization_id));
  if (q.entity !== undefined) where.push(eq(auditLog.entity, q.entity));
  if (q.action !== undefined) where.push(eq(auditLog.action, q.action));
  if (q.from !== undefined) where.push(gte(auditLog.at, new Date(`${q.from}T00:00:00Z`)));
  if (q.to !== undefined) where.push(lt(auditLog.at, dayAfter(q.to)));
  return and(...where);
}

/** GET /api/admin/audit: the platform's audit entries, filtered, newest first, with the total. */
export async function listPlatformEntries(db: DbOrTx, q: TAdminAuditQuery) {
  const where = platformFilters(q);
  const rows = await db
    .select({
      ...entryColumns,
      actor_email: actors.email,
      organization_id: organizations.id,
      organization_name: organizations.name,
    })
    .from(auditLog)
    .leftJoin(actors, eq(actors.id, auditLog.actor_user_id))
    .leftJoin(organizations, eq(organizations.id, auditLog.organization_id))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(q.limit)
    .offset(q.offset);
  const count = db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(auditLog);
  const [total] = await (q.actor !== undefined
    ? count.leftJoin(actors, eq(actors.id, auditLog.actor_user_id)).where(where)
    : count.where(where));
  return { rows, total: total?.n ?? 0 };
}

export interface FeedRow {
  id: string;
  at: Date | string;
  actor_id: number | null;
  actor_name: string | null;
  actor_lastname: string | null;
  entity: string;
  action: string;
  after: Record<string, unknown> | null;
  before: Record<string, unknown> | null;
}

/**
 * The feed's events: the organization's audit entries (not the LPI ones, nor declines, code
 * changes, usage events, integration clients and their calls, which stay in the admins' audit
 * log) and its LPI submissions, newest first.
 */
function feedEvents(organizationId: number) {
  return sql`
    SELECT 'a' || a.id AS id, a.at AS at, u.id AS actor_id, u.name AS actor_name,
           u.lastname AS actor_lastname, a.entity AS entity, a.action AS action,
           a.after AS after, a.before AS before
      FROM audit_log a LEFT JOIN users u ON u.id = a.actor_user_id
     WHERE a.organization_id = ${organizationId}
       AND a.entity NOT IN ('lpi', 'organization_code', 'usage_event', 'oauth_client', 'client_call')
       AND NOT (a.entity = 'membership' AND a.action = 'decline')
    UNION ALL
    SELECT 's' || s.id, s.submitted_at, u.id, u.name, u.lastname, 'lpi', 'submit',
           jsonb_build_object('survey_id', s.survey_id), NULL::jsonb
      FROM submissions s LEFT JOIN users u ON u.id = s.submitted_by
     WHERE s.organization_id = ${organizationId}`;
}

export async function listFeed(db: DbOrTx, organizationId: number, limit: number, offset: number) {
  const events = feedEvents(organizationId);
  const result = await db.execute(
    sql`SELECT * FROM (${events}) e ORDER BY e.at DESC, e.id DESC LIMIT ${limit} OFFSET ${offset}`,
  );
  const count = await db.execute(sql`SELECT count(*) AS n FROM (${events}) e`);
  const rows = (result as unknown as { rows: FeedRow[] }).rows;
  const n = (count as unknown as { rows: { n: number | string }[] }).rows[0]?.n ?? 0;
  return { rows, total: Number(n) };
}
