import type { TNotificationKind } from '@parity/domain/notifications';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { notify } from '../../core/outbox/notify';
import { openDatabase } from '../../db/client';
import { notifications } from '../../db/schema/notifications';
import { DEMO_PASSWORD } from '../../seed/demo';
import { createSeededTestApp, type SeededTestApp } from '../../test/app';
import { openStream as openStreamAt, until } from '../../test/event-stream';

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

/** A new sign-in of a demo user through this process: its access and refresh tokens. */
async function signIn(email: string): Promise<{ access_token: string; refresh_token: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/oauth/token/',
    payload: { grant_type: 'password', username: email, password: DEMO_PASSWORD, client_id: 'parity-web' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const logout = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/oauth/logout', payload: { refresh_token: refreshToken } });

/** Another API process on the same database, listening on a port of its own. */
async function startOtherProcess() {
  const database = await openDatabase(t.app.config.database);
  const other = await buildApp(t.app.config, database);
  await other.listen({ port: 0, host: '127.0.0.1' });
  return {
    base: `http://127.0.0.1:${(other.server.address() as { port: number }).port}`,
    async close() {
      await other.close();
      await database.close();
    },
  };
}

/** The LISTEN connections of every process on this database end (a restart, a failover). */
const dropListeners = () =>
  t.app.db.execute(
    sql`SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity
          WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
  );

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
    // The server ends the listening connection; the write lands meanwhile.
    await dropListeners();
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
    const other = await startOtherProcess();
    try {
      const stream = await openStream(token('max@acme.test'), { base: other.base });
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
    }
  });
});

// Issue 38 point 3: a sign-in that ends through one process ends its streams on every process.
describe('streams end with their sign-in on every process', () => {
  it('ends a stream held by another API process within a second of a logout through this one', async () => {
    const other = await startOtherProcess();
    try {
      const signedIn = await signIn('ada@acme.test');
      const stream = await openStream(signedIn.access_token, { base: other.base });
      const otherDevice = await openStream(token('ada@acme.test'), { base: other.base });
      await Promise.all([stream.unread(1), otherDevice.unread(1)]);
      const started = Date.now();
      expect((await logout(signedIn.refresh_token)).statusCode).toBe(204);
      await until(() => stream.ended(), 'the end of the stream on the other process', 1000);
      expect(Date.now() - started).toBeLessThan(1000);
      // Ada's other sign-in streams on, on the other process; the ended stream hears nothing.
      await send(['ada@acme.test'], 'event_invitation', 'After the logout');
      await otherDevice.notification('After the logout');
      expect(otherDevice.ended()).toBe(false);
      expect(stream.notifications()).toEqual([]);
      otherDevice.close();
    } finally {
      await other.close();
    }
  });

  it('ends a stream whose sign-in ended while the LISTEN connections were down, once they are back', async () => {
    const other = await startOtherProcess();
    try {
      const signedIn = await signIn('host@northwind.test');
      const stream = await openStream(signedIn.access_token, { base: other.base });
      await stream.unread(1);
      await dropListeners();
      // The end's signal reaches no process: each checks its streams' sign-ins as it listens again.
      expect((await logout(signedIn.refresh_token)).statusCode).toBe(204);
      await until(() => stream.ended(), 'the end of the stream after the reconnect');
    } finally {
      await other.close();
    }
  });
});
