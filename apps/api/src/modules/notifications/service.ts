import {
  NOTIFICATION_DEFAULT_DELIVERY,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type TNotification,
  type TNotificationDelivery,
  type TNotificationKind,
  type TNotificationList,
  type TNotificationListQuery,
  type TNotificationPreferences,
  type TUnreadCount,
} from '@parity/domain/notifications';
import { z } from 'zod';
import { notFound } from '../../core/http/errors';
import { enqueue, type JobRunner } from '../../core/jobs/runner';
import type { Db, DbOrTx } from '../../db/client';
import type { Mailer } from '../../plugins/mailer';
import * as repo from './repo';

/** The channel that carries `{user_id, unread}` after a read, so every process's streams update. */
export const UNREAD_CHANNEL = 'parity_notifications_unread';

export const MAIL_JOB = 'notifications.mail';
export const MAIL_SWEEP_JOB = 'notifications.mail-sweep';
export const DIGEST_JOB = 'notifications.digest';
export const DIGEST_MAIL_JOB = 'notifications.digest-mail';
/** The daily digest goes out at this hour, UTC. */
export const DIGEST_HOUR_UTC = 7;
/** How often the 'pending' notifications are swept for mail a process did not send (it died). */
const MAIL_SWEEP_EVERY_MS = 5 * 60 * 1000;

export function toNotification(row: repo.NotificationRow): TNotification {
  return {
    id: Number(row.id),
    kind: row.kind as TNotificationKind,
    type: row.type as TNotification['type'],
    title: row.title,
    body: row.body,
    link: row.link,
    created_at: new Date(row.created_at).toISOString(),
    read_at: row.read_at === null ? null : new Date(row.read_at).toISOString(),
  };
}

/** The caller's notifications: only their own, unread first, then newest first. */
export async function listNotifications(
  db: DbOrTx,
  userId: number,
  query: TNotificationListQuery,
): Promise<TNotificationList> {
  const filter = {
    kind: query.kind,
    unread: query.unread === undefined ? undefined : query.unread === 'true',
  };
  const [rows, counts] = await Promise.all([
    repo.listPage(db, userId, filter, query.limit, query.offset),
    repo.countsOf(db, userId, filter),
  ]);
  return { items: rows.map(toNotification), ...counts, limit: query.limit, offset: query.offset };
}

export async function getUnreadCount(db: DbOrTx, userId: number): Promise<TUnreadCount> {
  return { unread: await repo.unreadCount(db, userId) };
}

/** Marks one of the caller's notifications read (again: no change); another user's id answers 404. */
export async function readNotification(db: Db, userId: number, id: number): Promise<TUnreadCount> {
  return db.transaction(async (tx) => {
    const changed = await repo.markRead(tx, userId, id);
    if (!changed && !(await repo.findOwn(tx, userId, id))) throw notFound('Notification');
    const unread = await repo.unreadCount(tx, userId);
    if (changed) await repo.publishUnread(tx, UNREAD_CHANNEL, userId, unread);
    return { unread };
  });
}

export async function readAllNotifications(db: Db, userId: number): Promise<TUnreadCount> {
  return db.transaction(async (tx) => {
    if ((await repo.markAllRead(tx, userId)) > 0) await repo.publishUnread(tx, UNREAD_CHANNEL, userId, 0);
    return { unread: 0 };
  });
}

/** Every kind with the caller's delivery, the default filled in. */
export async function getPreferences(db: DbOrTx, userId: number): Promise<TNotificationPreferences> {
  const chosen = new Map((await repo.preferencesOf(db, userId)).map((p) => [p.kind, p.delivery]));
  return {
    preferences: NOTIFICATION_KINDS.map((kind) => ({
      kind,
      delivery: (chosen.get(kind) as TNotificationDelivery | undefined) ?? NOTIFICATION_DEFAULT_DELIVERY,
    })),
  };
}

/** Changes the deliveries of the kinds given (the others stay); answers all of them. */
export async function updatePreferences(
  db: Db,
  userId: number,
  input: TNotificationPreferences,
): Promise<TNotificationPreferences> {
  return db.transaction(async (tx) => {
    await repo.savePreferences(tx, userId, input.preferences);
    return getPreferences(tx, userId);
  });
}

export interface MailDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}

const settingsLine = (publicUrl: string) =>
  `You get this mail because of your notification settings: ${publicUrl}/notifications`;

/** Mails one 'pending' notification and marks it 'sent', in one transaction with its mail_outbox row. */
export async function mailNotification(deps: MailDeps, id: number) {
  await deps.db.transaction(async (tx) => {
    const row = await repo.takePendingMail(tx, id);
    if (!row) return; // mailed already, by this job's earlier run or another process
    await repo.setMailStatus(tx, [row.id], 'sent');
    const text = [
      ...(row.body ? [row.body, ''] : []),
      `Open it: ${deps.publicUrl}${row.link}`,
      '',
      settingsLine(deps.publicUrl),
    ].join('\n');
    await deps.mailer.send({ to: row.email, subject: row.title, text }, { db: tx });
  });
}

/** Mails a user's digest of every notification waiting for it, marking them 'digested' with it. */
export async function mailDigest(deps: MailDeps, userId: number) {
  await deps.db.transaction(async (tx) => {
    const rows = await repo.takeDigest(tx, userId);
    if (rows.length === 0) return;
    await repo.setMailStatus(
      tx,
      rows.map((r) => r.id),
      'digested',
    );
    const lines = rows.map(
      (r) =>
        `- ${NOTIFICATION_KIND_LABELS[r.kind as TNotificationKind] ?? r.kind}: ${r.title}\n  ${deps.publicUrl}${r.link}`,
    );
    await deps.mailer.send(
      {
        to: rows[0]!.email,
        subject:
          rows.length === 1
            ? 'Your Parity digest: 1 notification'
            : `Your Parity digest: ${rows.length} notifications`,
        text: [`Since your last digest:`, '', ...lines, '', settingsLine(deps.publicUrl)].join('\n'),
      },
      { db: tx },
    );
  });
}

/** Enqueues the mail of a new 'pending' notification (every process that hears of it: one job by its key). */
export async function enqueueMail(db: DbOrTx, id: number) {
  return enqueue(db, { kind: MAIL_JOB, payload: { id }, key: `${MAIL_JOB}:${id}` });
}

/** The next digest time: today's DIGEST_HOUR_UTC, or tomorrow's once it passed. */
export function nextDigestAt(now: Date): Date {
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), DIGEST_HOUR_UTC));
  if (at.getTime() <= now.getTime()) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

const ZIdPayload = z.object({ id: z.number().int() });
const ZUserPayload = z.object({ userId: z.number().int() });

/**
 * The module's jobs: mail at once, the sweep of 'pending' mail nobody sent, the daily digest (one
 * digest-mail job per user and day, deduped by its key).
 */
export function registerNotificationJobs(jobs: JobRunner, deps: MailDeps) {
  jobs.register(MAIL_JOB, (job) => mailNotification(deps, ZIdPayload.parse(job.payload).id));
  jobs.register(MAIL_SWEEP_JOB, () =>
    repo.enqueuePendingMails(deps.db, MAIL_JOB, new Date(Date.now() - 60_000)),
  );
  jobs.every(
    MAIL_SWEEP_JOB,
    (now) => new Date(Math.ceil(now.getTime() / MAIL_SWEEP_EVERY_MS) * MAIL_SWEEP_EVERY_MS),
  );
  jobs.register(DIGEST_MAIL_JOB, (job) => mailDigest(deps, ZUserPayload.parse(job.payload).userId));
  jobs.register(DIGEST_JOB, async () => {
    const day = new Date().toISOString().slice(0, 10);
    for (const userId of await repo.digestRecipients(deps.db)) {
      await enqueue(deps.db, {
        kind: DIGEST_MAIL_JOB,
        payload: { userId },
        key: `${DIGEST_MAIL_JOB}:${userId}:${day}`,
      });
    }
  });
  jobs.every(DIGEST_JOB, nextDigestAt);
}
