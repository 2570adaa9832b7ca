import { NOTIFICATION_KIND_TYPES, type TNotificationKind } from '@parity/domain/notifications';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * The PostgreSQL channel that carries `{id, user_id, mail}` of each new notification to every API
 * process (`mail`: to be mailed at once).
 */
export const NOTIFICATIONS_CHANNEL = 'parity_notifications';

export interface NotificationInput {
  /** the recipients; duplicates, deleted accounts and those who turned the kind off are skipped */
  userIds: readonly number[];
  kind: TNotificationKind;
  title: string;
  body?: string;
  /** the app path it opens, e.g. `/surveys/taking/12` */
  link: string;
}

/**
 * Writes a notification for each recipient in the caller's transaction: call it with the `tx` of
 * the write that causes it, so a rolled-back write notifies nobody and a committed one is never
 * lost. Each row's mail status is fixed from the recipient's preference for the kind. The
 * `pg_notify` in the same statement is delivered by PostgreSQL only when the transaction commits;
 * the notifications module listens to it and pushes the notification to the user's open pages.
 * Answers the number of notifications written.
 */
export async function notify(tx: DbOrTx, input: NotificationInput): Promise<number> {
  const userIds = [...new Set(input.userIds)];
  if (userIds.length === 0) return 0;
  const type = NOTIFICATION_KIND_TYPES[input.kind];
  const result = await tx.execute<{ n: number }>(sql`
    WITH recipients AS (
      SELECT u.id AS user_id, coalesce(p.delivery, 'in_app') AS delivery
      FROM users u
      LEFT JOIN notification_preferences p ON p.user_id = u.id AND p.kind = ${input.kind}
      WHERE u.id = ANY(${sql.raw(`ARRAY[${userIds.map((id) => Number(id)).join(',')}]::int[]`)})
        AND u.deleted_at IS NULL
    ),
    written AS (
      INSERT INTO notifications (user_id, kind, type, title, body, link, mail_status)
      SELECT user_id, ${input.kind}, ${type}, ${input.title}, ${input.body ?? ''}, ${input.link},
             CASE delivery WHEN 'mail' THEN 'pending' WHEN 'digest' THEN 'digest' ELSE 'none' END
      FROM recipients
      WHERE delivery <> 'off'
      RETURNING id, user_id, mail_status
    )
    SELECT count(pg_notify(${NOTIFICATIONS_CHANNEL}, json_build_object('id', id, 'user_id', user_id, 'mail', mail_status = 'pending')::text))::int AS n
    FROM written
  `);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}
