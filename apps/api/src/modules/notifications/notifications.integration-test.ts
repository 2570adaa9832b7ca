import { NOTIFICATION_KINDS, type TNotificationKind } from '@parity/domain/notifications';
import { and, eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashOpaqueToken, newOpaqueToken } from '../../core/auth/tokens';
import { enqueue } from '../../core/jobs/runner';
import { notify } from '../../core/outbox/notify';
import { mailOutbox } from '../../db/schema/mail';
import { notifications } from '../../db/schema/notifications';
import { refreshTokens } from '../../db/schema/people';
import { createDemoTestApp, createTestApp, demoOf, sessionToken, type TestApp } from '../../test/app';
import { openStream as openStreamAt, until } from '../../test/event-stream';
import { recipient, startTestSmtp, type TestSmtp } from '../../test/smtp';
import { DIGEST_JOB, MAIL_SWEEP_JOB } from './service';

let t: TestApp;
let smtp: TestSmtp;
let base: string;
const ids = new Map<string, number>();
const tokens = new Map<string, string>();
const id = (email: string) => ids.get(email)!;
const token = (email: string) => tokens.get(email)!;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createDemoTestApp({ smtpUrl: smtp.url, publicUrl: 'https://parity.example.test' });
  const people = demoOf(t);
  // The demo's own notifications (seed/notifications.ts) would add to every count here.
  await t.app.db.delete(notifications);
  for (const email of ['max@acme.test', 'ada@acme.test', 'pending@acme.test', 'eve@cedar.test']) {
    ids.set(email, people.users.get(email)!);
    tokens.set(email, await sessionToken(t, people.users.get(email)!));
  }
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address() as { port: number };
  base = `http://127.0.0.1:${address.port}`;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function call(email: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: email ? { authorization: `Bearer ${token(email)}` } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined };
}

/** Writes notifications as a producer does: notify() in the transaction of its write. */
async function send(emails: string[], kind: TNotificationKind, title: string, db = t.app.db) {
  return db.transaction((tx) =>
    notify(tx, {
      userIds: emails.map(id),
      kind,
      title,
      body: `${title}, in full`,
      link: '/surveys/taking/1',
    }),
  );
}

/** A stream of this app (or of another process's, at `base`). */
const openStream = (bearer: string, options: { lastEventId?: number; base?: string } = {}) =>
  openStreamAt(options.base ?? base, bearer, options);

const ROUTES: [method: 'GET' | 'POST' | 'PUT', url: string][] = [
  ['GET', '/api/notifications'],
  ['GET', '/api/notifications/unread-count'],
  ['POST', '/api/notifications/1/read'],
  ['POST', '/api/notifications/read-all'],
  ['GET', '/api/notifications/preferences'],
  ['PUT', '/api/notifications/preferences'],
  ['GET', '/api/notifications/stream'],
];

describe('who may call the notification routes', () => {
  it('refuses an anonymous caller with 401 on every route', async () => {
    for (const [method, url] of ROUTES) {
      const res = await call(null, method, url, method === 'PUT' ? { preferences: [] } : undefined);
      expect(res.status, `${method} ${url}`).toBe(401);
    }
    const stream = await fetch(`${base}/api/notifications/stream`, {
      headers: { accept: 'text/event-stream' },
    });
    expect(stream.status).toBe(401);
  });

  it('lets a pending user read their own notifications, count and stream', async () => {
    await send(['pending@acme.test'], 'approval_decision', 'Your membership is being reviewed');
    const list = await call('pending@acme.test', 'GET', '/api/notifications');
    expect(list.status).toBe(200);
    expect(list.body.items.map((n: { title: string }) => n.title)).toEqual([
      'Your membership is being reviewed',
    ]);
    expect((await call('pending@acme.test', 'GET', '/api/notifications/unread-count')).body).toEqual({
      unread: 1,
    });
    expect((await call('pending@acme.test', 'GET', '/api/notifications/preferences')).status).toBe(200);
    const stream = await openStream(token('pending@acme.test'));
    expect(stream.status).toBe(200);
    expect(stream.contentType).toBe('text/event-stream; charset=utf-8');
    expect(await stream.unread(1)).toBe(1);
    stream.close();
  });

  it("never shows nor changes another user's notification: 404 for its id", async () => {
    await send(['max@acme.test'], 'survey_invitation', "Max's invitation");
    const [own] = (await call('max@acme.test', 'GET', '/api/notifications?unread=true')).body.items;
    for (const other of ['eve@cedar.test', 'ada@acme.test']) {
      const res = await call(other, 'POST', `/api/notifications/${own.id}/read`);
      expect(res.status, other).toBe(404);
      expect(res.body).toEqual({ message: 'Notification not found.', error: 'not_found' });
      const titles = (await call(other, 'GET', '/api/notifications')).body.items.map(
        (n: { title: string }) => n.title,
      );
      expect(titles).not.toContain("Max's invitation");
    }
    expect((await call('max@acme.test', 'POST', '/api/notifications/999999999/read')).status).toBe(404);
    const still = (await call('max@acme.test', 'GET', `/api/notifications?unread=true`)).body.items;
    expect(still.map((n: { id: number }) => n.id)).toContain(own.id);
  });

  it('refuses a stream to a client that does not read event streams (406)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/stream',
      headers: { authorization: `Bearer ${token('max@acme.test')}` },
    });
    expect(res.statusCode).toBe(406);
    expect(res.json().error).toBe('not_acceptable');
  });
});

describe('the list', () => {
  it('shows unread first, then newest first, with filters and pages', async () => {
    for (const title of ['First', 'Second', 'Third']) await send(['ada@acme.test'], 'pod_post', title);
    await send(['ada@acme.test'], 'event_update', 'Fourth');
    const all = (await call('ada@acme.test', 'GET', '/api/notifications')).body;
    const second = all.items.find((n: { title: string }) => n.title === 'Second');
    expect((await call('ada@acme.test', 'POST', `/api/notifications/${second.id}/read`)).body).toEqual({
      unread: 3,
    });
    // Idempotent: a second read changes nothing.
    expect((await call('ada@acme.test', 'POST', `/api/notifications/${second.id}/read`)).body).toEqual({
      unread: 3,
    });

    const list = (await call('ada@acme.test', 'GET', '/api/notifications')).body;
    expect(list.items.map((n: { title: string }) => n.title)).toEqual(['Fourth', 'Third', 'First', 'Second']);
    expect(list).toMatchObject({ total: 4, unread: 3, limit: 20, offset: 0 });
    expect(list.items[0]).toEqual({
      id: expect.any(Number),
      kind: 'event_update',
      type: 'base',
      title: 'Fourth',
      body: 'Fourth, in full',
      link: '/surveys/taking/1',
      created_at: expect.any(String),
      read_at: null,
    });
    expect(list.items[3].read_at).toEqual(expect.any(String));

    const titles = async (query: string) =>
      (await call('ada@acme.test', 'GET', `/api/notifications?${query}`)).body.items.map(
        (n: { title: string }) => n.title,
      );
    expect(await titles('kind=pod_post')).toEqual(['Third', 'First', 'Second']);
    expect(await titles('unread=false')).toEqual(['Second']);
    expect(await titles('unread=true&kind=pod_post')).toEqual(['Third', 'First']);
    expect(await titles('limit=2&offset=1')).toEqual(['Third', 'First']);
    const page = (await call('ada@acme.test', 'GET', '/api/notifications?kind=pod_post&limit=1&offset=5'))
      .body;
    expect(page).toEqual({ items: [], total: 3, unread: 3, limit: 1, offset: 5 });

    expect((await call('ada@acme.test', 'POST', '/api/notifications/read-all')).body).toEqual({ unread: 0 });
    expect((await call('ada@acme.test', 'GET', '/api/notifications/unread-count')).body).toEqual({
      unread: 0,
    });
  });

  it('answers bad paging and unknown kinds with 400 and a clear message', async () => {
    const cases: [string, string, string][] = [
      ['offset=-1', 'querystring.offset', 'offset must not be negative'],
      ['limit=0', 'querystring.limit', 'limit must be at least 1'],
      ['limit=101', 'querystring.limit', 'limit must be at most 100'],
      ['unread=yes', 'querystring.unread', 'unread must be true or false'],
      ['kind=party', 'querystring.kind', 'Unknown notification kind'],
    ];
    for (const [query, field, message] of cases) {
      const res = await call('max@acme.test', 'GET', `/api/notifications?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error).toBe('validation_failed');
      expect(res.body.detail[0].field, query).toBe(field);
      expect(res.body.detail[0].message, query).toContain(message);
    }
    expect((await call('max@acme.test', 'POST', '/api/notifications/abc/read')).status).toBe(400);
    expect((await call('max@acme.test', 'POST', '/api/notifications/-3/read')).status).toBe(400);
  });
});

describe('preferences', () => {
  it('lists every kind with the default, changes some, and keeps the others', async () => {
    const before = (await call('eve@cedar.test', 'GET', '/api/notifications/preferences')).body;
    expect(before.preferences).toEqual(NOTIFICATION_KINDS.map((kind) => ({ kind, delivery: 'in_app' })));
    const res = await call('eve@cedar.test', 'PUT', '/api/notifications/preferences', {
      preferences: [
        { kind: 'pod_post', delivery: 'off' },
        { kind: 'survey_reminder', delivery: 'digest' },
      ],
    });
    expect(res.status).toBe(200);
    const byKind = Object.fromEntries(
      res.body.preferences.map((p: { kind: string; delivery: string }) => [p.kind, p.delivery]),
    );
    expect(byKind).toMatchObject({ pod_post: 'off', survey_reminder: 'digest', survey_invitation: 'in_app' });
    expect((await call('eve@cedar.test', 'GET', '/api/notifications/preferences')).body).toEqual(res.body);
    // Someone else's preferences are untouched.
    const max = (await call('max@acme.test', 'GET', '/api/notifications/preferences')).body.preferences;
    expect(max.find((p: { kind: string }) => p.kind === 'pod_post').delivery).toBe('in_app');
  });

  it("writes nothing for a kind turned 'off'", async () => {
    await call('eve@cedar.test', 'PUT', '/api/notifications/preferences', {
      preferences: [{ kind: 'pod_mention', delivery: 'off' }],
    });
    expect(await send(['eve@cedar.test', 'max@acme.test'], 'pod_mention', 'You were mentioned')).toBe(1);
    const eve = (await call('eve@cedar.test', 'GET', '/api/notifications?kind=pod_mention')).body;
    expect(eve.total).toBe(0);
  });

  it('refuses unknown kinds and deliveries, and a kind twice, with 400', async () => {
    const bodies: [unknown, string][] = [
      [{ preferences: [{ kind: 'party', delivery: 'off' }] }, 'Unknown notification kind'],
      [{ preferences: [{ kind: 'pod_post', delivery: 'pigeon' }] }, 'Unknown delivery'],
      [
        {
          preferences: [
            { kind: 'pod_post', delivery: 'off' },
            { kind: 'pod_post', delivery: 'mail' },
          ],
        },
        'One preference per kind',
      ],
      [{}, ''],
    ];
    for (const [body, message] of bodies) {
      const res = await call('max@acme.test', 'PUT', '/api/notifications/preferences', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
  });
});

describe('the outbox and the live stream', () => {
  it('pushes a committed notification to the open stream, and nothing of a rolled-back write', async () => {
    const stream = await openStream(token('max@acme.test'));
    expect(stream.status).toBe(200);
    await stream.unread(1);
    await t.app.db
      .transaction(async (tx) => {
        await notify(tx, {
          userIds: [id('max@acme.test')],
          kind: 'survey_invitation',
          title: 'Rolled back',
          link: '/surveys/taking/1',
        });
        throw new Error('the invitation failed');
      })
      .catch(() => {});
    await send(['max@acme.test'], 'survey_invitation', 'Committed');
    const event = await stream.notification('Committed');
    expect(event.notification).toMatchObject({ kind: 'survey_invitation', read_at: null });
    const unread = (await call('max@acme.test', 'GET', '/api/notifications/unread-count')).body.unread;
    expect(event.unread).toBe(unread);
    // Delivered in commit order: had the rolled-back one been sent, it would have come first.
    expect(stream.notifications().map((e) => e.notification.title)).toEqual(['Committed']);
    const rows = await t.app.db.select().from(notifications).where(eq(notifications.title, 'Rolled back'));
    expect(rows).toEqual([]);
    expect(stream.events.find((e) => e.event === 'notification')!.id).toBe(String(event.notification.id));
    stream.close();
  });

  it('replays what came after Last-Event-ID, oldest first, then goes live', async () => {
    const first = await openStream(token('max@acme.test'));
    await first.unread(1);
    await send(['max@acme.test'], 'survey_reminder', 'Seen');
    const seen = await first.notification('Seen');
    first.close();
    await send(['max@acme.test'], 'survey_reminder', 'Missed 1');
    await send(['max@acme.test'], 'survey_reminder', 'Missed 2');
    const again = await openStream(token('max@acme.test'), { lastEventId: seen.notification.id });
    await again.notification('Missed 2');
    await send(['max@acme.test'], 'survey_reminder', 'Live');
    await again.notification('Live');
    expect(again.notifications().map((e) => e.notification.title)).toEqual(['Missed 1', 'Missed 2', 'Live']);
    again.close();
  });

  it('sends `unread` to the other open streams of the user after a read', async () => {
    await send(['ada@acme.test'], 'member_awaiting_approval', 'Lee wants to join');
    const tabA = await openStream(token('ada@acme.test'));
    const tabB = await openStream(token('ada@acme.test'));
    const eve = await openStream(token('eve@cedar.test'));
    expect(await tabA.unread(1)).toBe(1);
    await tabB.unread(1);
    await eve.unread(1);
    const [item] = (await call('ada@acme.test', 'GET', '/api/notifications?unread=true')).body.items;
    expect((await call('ada@acme.test', 'POST', `/api/notifications/${item.id}/read`)).body).toEqual({
      unread: 0,
    });
    expect(await tabA.unread(2)).toBe(0);
    expect(await tabB.unread(2)).toBe(0);
    await send(['ada@acme.test'], 'member_awaiting_approval', 'Kim wants to join');
    await tabA.notification('Kim wants to join');
    await call('ada@acme.test', 'POST', '/api/notifications/read-all');
    expect(await tabB.unread(3)).toBe(0);
    // Eve's stream heard nothing of Ada's.
    expect(eve.events.filter((e) => e.event === 'unread')).toHaveLength(1);
    expect(eve.notifications()).toEqual([]);
    for (const s of [tabA, tabB, eve]) s.close();
  });

  it('ends the stream when its access token expires', async () => {
    const sessionId = crypto.randomUUID();
    const userId = id('eve@cedar.test');
    await t.app.db.insert(refreshTokens).values({
      token_hash: hashOpaqueToken(newOpaqueToken()),
      family_id: sessionId,
      user_id: userId,
      client_id: 'parity-web',
      expires_at: new Date(Date.now() + 3600_000),
      family_expires_at: new Date(Date.now() + 3600_000),
    });
    const shortLived = await new SignJWT({ cid: 'parity-web', sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuer('parity')
      .setAudience('parity-api')
      .setIssuedAt()
      .setExpirationTime('2s')
      .sign(new TextEncoder().encode(t.app.config.jwtSecret!));
    const stream = await openStream(shortLived);
    expect(stream.status).toBe(200);
    await until(() => stream.ended(), 'the end of the stream', 5000);
  });

  it('ends the open streams when the app closes, without waiting for the close grace period', async () => {
    const closing = await createTestApp();
    try {
      const inserted = await closing.app.db.execute(
        sql`INSERT INTO users (email, name, lastname, password_hash) VALUES ('lee@example.test', 'Lee', 'Test', 'x') RETURNING id`,
      );
      const userId = Number((inserted as unknown as { rows: { id: number }[] }).rows[0]!.id);
      await closing.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (closing.app.server.address() as { port: number }).port;
      const stream = await openStream(await sessionToken(closing, userId), {
        base: `http://127.0.0.1:${port}`,
      });
      await stream.unread(1);
      const started = Date.now();
      await closing.app.close();
      expect(Date.now() - started).toBeLessThan(5000);
      await until(() => stream.ended(), 'the end of the stream');
    } finally {
      await closing.close();
    }
  });
});

describe('mail', () => {
  async function mailStatusOf(title: string) {
    const [row] = await t.app.db
      .select({ mail_status: notifications.mail_status })
      .from(notifications)
      .where(eq(notifications.title, title));
    return row?.mail_status;
  }

  it("mails a 'mail' kind at once through the job runner and marks it sent with its outbox row", async () => {
    await call('max@acme.test', 'PUT', '/api/notifications/preferences', {
      preferences: [{ kind: 'submission_received', delivery: 'mail' }],
    });
    await send(['max@acme.test'], 'submission_received', 'Acme submitted its response');
    expect(await mailStatusOf('Acme submitted its response')).toBe('pending');
    // The process that hears of it enqueues its mail job; the runner (drained here) sends it.
    const mail = await until(async () => {
      await t.app.jobs.runDueJobs();
      return smtp.messages.find((m) => m.subject === 'Acme submitted its response');
    }, 'the mail');
    expect(recipient(mail)).toBe('max@acme.test');
    expect(mail.text).toContain('Acme submitted its response, in full');
    expect(mail.text).toContain('https://parity.example.test/surveys/taking/1');
    expect(await mailStatusOf('Acme submitted its response')).toBe('sent');
    const outbox = await t.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, 'max@acme.test'), eq(mailOutbox.subject, 'Acme submitted its response')));
    expect(outbox).toMatchObject([{ status: 'sent' }]);
    // Run again: nothing is mailed twice.
    await t.app.jobs.runDueJobs();
    expect(smtp.messages.filter((m) => m.subject === 'Acme submitted its response')).toHaveLength(1);
  });

  it("mails a 'pending' notification a process died before mailing, at the next sweep", async () => {
    await t.app.db.insert(notifications).values({
      user_id: id('ada@acme.test'),
      kind: 'support_answer',
      type: 'base',
      title: 'Left pending by a crash',
      link: '/support',
      mail_status: 'pending',
      created_at: new Date(Date.now() - 10 * 60_000),
    });
    await enqueue(t.app.db, { kind: MAIL_SWEEP_JOB });
    await t.app.jobs.runDueJobs();
    const mail = await smtp.waitFor((m) => m.subject === 'Left pending by a crash');
    expect(recipient(mail)).toBe('ada@acme.test');
    expect(await mailStatusOf('Left pending by a crash')).toBe('sent');
  });

  it('gathers the digest kinds into one daily mail per user', async () => {
    await call('max@acme.test', 'PUT', '/api/notifications/preferences', {
      preferences: [{ kind: 'event_reminder', delivery: 'digest' }],
    });
    await send(['max@acme.test'], 'event_reminder', 'Board meeting tomorrow');
    await send(['max@acme.test'], 'event_reminder', 'Webinar on Friday');
    expect(await mailStatusOf('Webinar on Friday')).toBe('digest');
    const before = smtp.messages.length;
    await t.app.jobs.runDueJobs();
    expect(smtp.messages.length).toBe(before);

    await enqueue(t.app.db, { kind: DIGEST_JOB });
    await t.app.jobs.runDueJobs();
    const digest = await smtp.waitFor((m) => m.subject === 'Your Parity digest: 2 notifications');
    expect(recipient(digest)).toBe('max@acme.test');
    expect(digest.text).toContain('Event reminders: Board meeting tomorrow');
    expect(digest.text).toContain('Event reminders: Webinar on Friday');
    expect(await mailStatusOf('Board meeting tomorrow')).toBe('digested');
    expect(smtp.messages.filter((m) => m.subject?.startsWith('Your Parity digest'))).toHaveLength(1);

    // The next digest is kept enqueued for the next 07:00 UTC, once.
    const next = (await t.app.db.execute(
      sql`SELECT run_at FROM jobs WHERE kind = ${DIGEST_JOB} AND done_at IS NULL`,
    )) as unknown as { rows: { run_at: Date | string }[] };
    expect(next.rows).toHaveLength(1);
    const at = new Date(next.rows[0]!.run_at);
    expect(at.getUTCHours()).toBe(7);
    expect(at.getTime()).toBeGreaterThan(Date.now());
    expect(at.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
  });
});
