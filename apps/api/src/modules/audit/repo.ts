import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema/audit';
import { users } from '../../db/schema/people';

/**
 * Who or what an entry is about, by name: a member (membership, permissions: the name the entry
 * kept, else the user's current one), a contact (the name kept), a file (its name), an invitation
 * (the invited address), a survey (the title kept, else its current one); null otherwise (the
 * organization itself, its code, usage events).
 */
const entityName = sql<string | null>`case
  when ${auditLog.entity} in ('membership', 'permissions') then coalesce(
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
end`;

/** An organization's audit entries, newest first, with the total. */
export async function listEntries(db: DbOrTx, organizationId: number, limit: number, offset: number) {
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actor_id: users.id,
      actor_name: users.name,
      actor_lastname: users.lastname,
      entity: auditLog.entity,
      entity_id: auditLog.entity_id,
      entity_name: entityName,
      action: auditLog.action,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actor_user_id))
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
