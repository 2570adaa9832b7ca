import type { TNotificationDelivery, TNotificationKind } from '@parity/domain/notifications';
import { and, asc, desc, eq, gt, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notificationPreferences, notifications } from '../../db/schema/notifications';
import { users } from '../../db/schema/people';

const columns = {
  id: notifications.id,
  kind: notifications.kind,
  type: notifications.type,
  title: notifications.title,
  body: notifications.body,
  link: notifications.link,
  created_at: notifications.created_at,
  read_at: notifications.read_at,
};
export type NotificationRow = {
  id: number;
  kind: string;
  type: string;
  title: string;
  body: string;
  link: string;
  created_at: Date;
  read_at: Date | null;
};

export interface ListFilter {
  kind?: TNotificationKind | undefined;
  unread?: boolean | undefined;
}

function filterOf(userId: number, filter: ListFilter): SQL | undefined {
  return and(
    eq(notifications.user_id, userId),
    filter.kind ? eq(notifications.kind, filter.kind) : undefined,
    filter.unread === undefined
      ? undefined
      : filter.unread
        ? isNull(notifications.read_at)
        : isNotNull(notifications.read_at),
  );
}

/** A page of the user's notifications: unread first, then newest first. */
export function listPage(db: DbOrTx, userId: number, filter: ListFilter, limit: number, offset: number) {
  return db
    .select(columns)
    .from(notifications)
    .where(filterOf(userId, filter))
    .orderBy(
      sql`${notifications.read_at} IS NULL DESC`,
      desc(notifications.created_at),
      desc(notifications.id),
    )
    .limit(limit)
    .offset(offset);
}

/** How many of the user's notifications match the filter, and how many are unread, in one read. */
export async function countsOf(db: DbOrTx, userId: number, filter: ListFilter) {
  const [row] = await db
    .select({
      total: sql<number>`(count(*) FILTER (WHERE ${filterOf(userId, filter)}))::int`,
      unread: sql<number>`(count(*) FILTER (WHERE ${notifications.read_at} IS NULL))::int`,
    })
    .from(notifications)
    .where(eq(notifications.user_id, userId));
  return { total: Number(row?.total ?? 0), unread: Number(row?.unread ?? 0) };
}

export async function unreadCount(db: DbOrTx, userId: number): Promise<number> {
  return (await countsOf(db, userId, {})).unread;
}

/** One notification of this user (none for another user's id). */
export async function findOwn(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select(columns)
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.user_id, userId)));
  return row;
}

/** The user's notifications after `afterId`, oldest first: what a reconnecting stream missed. */
export function listAfter(db: DbOrTx, userId: number, afterId: number, limit: number) {
  return db
    .select(columns)
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), gt(notifications.id, afterId)))
    .orderBy(asc(notifications.id))
    .limit(limit);
}

/** Marks one unread notification of the user read; answers whether it changed. */
export async function markRead(db: DbOrTx, userId: number, id: number): Promise<boolean> {
  const changed = await db
    .update(notifications)
    .set({ read_at: sql`now()` })
    .where(and(eq(notifications.id, id), eq(notifications.user_id, userId), isNull(notifications.read_at)))
    .returning({ id: notifications.id });
  return changed.length > 0;
}

/** Marks every unread notification of the user read; answers how many changed. */
export async function markAllRead(db: DbOrTx, userId: number): Promise<number> {
  const changed = await db
    .update(notifications)
    .set({ read_at: sql`now()` })
    .where(and(eq(notifications.user_id, userId), isNull(notifications.read_at)))
    .returning({ id: notifications.id });
  return changed.length;
}

/** Tells every API process the user's new unread count (delivered when the transaction commits). */
export async function publishUnread(db: DbOrTx, channel: string, userId: number, unread: number) {
  await db.execute(sql`SELECT pg_notify(${channel}, ${JSON.stringify({ user_id: userId, unread })})`);
}

export function preferencesOf(db: DbOrTx, userId: number) {
  return db
    .select({ kind: notificationPreferences.kind, delivery: notificationPreferences.delivery })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.user_id, userId));
}

export async function savePreferences(
  db: DbOrTx,
  userId: number,
  preferences: readonly { kind: TNotificationKind; delivery: TNotificationDelivery }[],
) {
  if (preferences.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(preferences.map((p) => ({ user_id: userId, kind: p.kind, delivery: p.delivery })))
    .onConflictDoUpdate({
      target: [notificationPreferences.user_id, notificationPreferences.kind],
      set: { delivery: sql`excluded.delivery`, updated_at: sql`now()` },
    });
}

/**
 * Takes one notification to mail at once: locks it while still 'pending' (another process
 * mailing it skips it) and answers it with its recipient's address.
 */
export async function takePendingMail(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ ...columns, email: users.email })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.user_id))
    .where(and(eq(notifications.id, id), eq(notifications.mail_status, 'pending'), isNull(users.deleted_at)))
    .for('update', { of: notifications, skipLocked: true });
  return row;
}

/** Takes a user's notifications waiting for the digest, oldest first, locked like takePendingMail. */
export function takeDigest(db: DbOrTx, userId: number) {
  return db
    .select({ ...columns, email: users.email })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.user_id))
    .where(
      and(
        eq(notifications.user_id, userId),
        eq(notifications.mail_status, 'digest'),
        isNull(users.deleted_at),
      ),
    )
    .orderBy(asc(notifications.id))
    .for('update', { of: notifications, skipLocked: true });
}

export async function setMailStatus(db: DbOrTx, ids: readonly number[], status: 'sent' | 'digested') {
  if (ids.length === 0) return;
  await db
    .update(notifications)
    .set({ mail_status: status })
    .where(
      sql`${notifications.id} IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
}

/** The users who have notifications waiting for the digest. */
export async function digestRecipients(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .selectDistinct({ user_id: notifications.user_id })
    .from(notifications)
    .where(eq(notifications.mail_status, 'digest'));
  return rows.map((r) => r.user_id);
}

/**
 * Enqueues a mail job for each notification still 'pending' since before `olderThan` (a process
 * that died before mailing it); the job key dedupes with the one enqueued at once.
 */
export async function enqueuePendingMails(db: DbOrTx, kind: string, olderThan: Date) {
  await db.execute(sql`
    INSERT INTO jobs (kind, payload, key)
    SELECT ${kind}, json_build_object('id', id)::jsonb, ${`${kind}:`} || id
    FROM notifications
    WHERE mail_status = 'pending' AND created_at < ${olderThan.toISOString()}::timestamptz
    ON CONFLICT (key) DO NOTHING`);
}

/** Where a new stream starts: the user's unread count and their latest notification id. */
export async function streamStart(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      unread: sql<number>`(count(*) FILTER (WHERE ${notifications.read_at} IS NULL))::int`,
      last_id: sql<number>`coalesce(max(${notifications.id}), 0)`,
    })
    .from(notifications)
    .where(eq(notifications.user_id, userId));
  return { unread: Number(row?.unread ?? 0), lastId: Number(row?.last_id ?? 0) };
}
