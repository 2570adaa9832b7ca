import type { TNotificationKind } from '@parity/domain/notifications';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notifications } from '../db/schema/notifications';

// The producers' side of notifications (issue 17): what a write wrote in the notifications table,
// and a write made to fail at its commit, after everything it wrote (its notifications too).

/** The highest notification id now: a test then reads only what is written after it. */
export async function lastNotificationId(db: Db): Promise<number> {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${notifications.id}), 0)::int` })
    .from(notifications);
  return Number(row?.id ?? 0);
}

/** The notifications of a kind written after `afterId`, oldest first. */
export function notificationsSince(db: Db, afterId: number, kind: TNotificationKind) {
  return db
    .select({
      user_id: notifications.user_id,
      kind: notifications.kind,
      type: notifications.type,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      read_at: notifications.read_at,
    })
    .from(notifications)
    .where(and(gt(notifications.id, afterId), eq(notifications.kind, kind)))
    .orderBy(asc(notifications.id));
}

/**
 * Runs `write` while every transaction that inserts or updates a row of `table` fails at its
 * commit (a deferred constraint trigger: it raises after all the transaction's statements ran, the
 * notify included), then removes the trigger. The write's answer is returned.
 */
export async function withFailingCommits<T>(db: Db, table: string, write: () => Promise<T>): Promise<T> {
  const name = `test_fail_commit_${table}`;
  await db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'forced rollback of a test'; END $$`),
  );
  await db.execute(
    sql.raw(`CREATE CONSTRAINT TRIGGER ${name} AFTER INSERT OR UPDATE ON ${table}
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ${name}()`),
  );
  try {
    return await write();
  } finally {
    await db.execute(sql.raw(`DROP TRIGGER ${name} ON ${table}`));
    await db.execute(sql.raw(`DROP FUNCTION ${name}()`));
  }
}
