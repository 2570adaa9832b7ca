import type { TNotificationKind } from '@parity/domain/notifications';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { notify } from '../../core/outbox/notify';
import { openDatabase } from '../../db/client';
import { notifications } from '../../db/schema/notifications';
import { createSeededTestApp, type SeededTestApp } from '../../test/app';
import { openStream as openStreamAt } from '../../test/event-stream';

/**
 * What only PostgreSQL has (TEST_DATABASE_URL, CI's second run; not collected on PGlite, which is
 * one process): several API processes on one database, and a LISTEN connection the server can drop.
 */
let t: SeededTestApp;
let base: string;

beforeAll(async () => {
  t = await createSeededTestApp();
  // The demo's own notifications would add to the counts here.
  await t.app.db.delete(notifications);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const token = (email: string) => t.tokenOf(email);
const openStream = (bearer: string, options: { base?: string } = {}) =>
  openStreamAt(options.base ?? base, bearer);
const call = async (email: string, method: 'GET' | 'POST', url: string) => t.call(method, email, url);

/** Writes a notification as a producer does: notify() in the transaction of its write. */
function send(emails: string[], kind: TNotificationKind, title: string) {
  return t.app.db.transaction((tx) =>
    notify(tx, {
      userIds: emails.map((email) => t.demo.users.get(email)!),
      kind,
      title,
      link: '/surveys/taking/1',
    }),
  );
}

describe('notifications across PostgreSQL connections and processes', () => {
  it('loses nothing when the LISTEN connection to PostgreSQL drops: open streams catch up once it is back', async () => {
    const stream = await openStream(token('eve@cedar.test'));
    await stream.unread(1);
    // The server ends the listening connection (a restart, a failover); the write lands meanwhile.
    await t.app.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
    );
    await send(['eve@cedar.test'], 'support_answer', 'Sent while nobody listened');
    await stream.notification('Sent while nobody listened');
    await send(['eve@cedar.test'], 'support_answer', 'Sent after the reconnect');
    await stream.notification('Sent after the reconnect');
    expect(stream.notifications().map((e) => e.notification.title)).toEqual([
      'Sent while nobody listened',
      'Sent after the reconnect',
    ]);
    stream.close();
  });

  it('reaches a stream held by another API process on the same database', async () => {
    const database = await openDatabase(t.app.config.database);
    const other = await buildApp(t.app.config, database);
    await other.listen({ port: 0, host: '127.0.0.1' });
    try {
      const otherBase = `http://127.0.0.1:${(other.server.address() as { port: number }).port}`;
      const stream = await openStream(token('max@acme.test'), { base: otherBase });
      await stream.unread(1);
      // Written through this process's database, pushed by the other's LISTEN.
      await send(['max@acme.test'], 'event_invitation', 'From the other process');
      await stream.notification('From the other process');
      // A read on this process reaches the stream on the other one.
      await call('max@acme.test', 'POST', '/api/notifications/read-all');
      expect(await stream.unread(2)).toBe(0);
      stream.close();
    } finally {
      await other.close();
      await database.close();
    }
  });
});
