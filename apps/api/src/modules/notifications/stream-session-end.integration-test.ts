import http from 'node:http';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashOpaqueToken, newOpaqueToken } from '../../core/auth/tokens';
import { notify } from '../../core/outbox/notify';
import { oneTimeCodes } from '../../db/schema/codes';
import { refreshTokens, users } from '../../db/schema/people';
import { DEMO_PASSWORD } from '../../seed/demo';
import { createDemoTestApp, type TestApp } from '../../test/app';
import { openStream, until } from '../../test/event-stream';
import { NotificationHub } from './hub';

// Issue 38 point 3: an open notification stream ends within a second of its sign-in's end, however
// the sign-in ends, and nothing written after reaches it; the user's other sign-ins stream on.

const NEW_PASSWORD = 'Lighthouse-Keeper-47!';
const AFTER = 'Written after the sign-in ended';

let t: TestApp;
let base: string;
let demoHash: string;
beforeAll(async () => {
  t = await createDemoTestApp();
  const [ada] = await t.app.db.select().from(users).where(eq(users.email, 'ada@acme.test'));
  demoHash = ada!.password_hash;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

let lastAddress = 0;
const nextAddress = () => `10.38.${Math.floor(++lastAddress / 250)}.${(lastAddress % 250) + 1}`;

function call(
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: Record<string, unknown>,
  token?: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    remoteAddress: nextAddress(),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body ? { payload: body } : {}),
  });
}

interface Pair {
  access_token: string;
  refresh_token: string;
}

async function signIn(email: string, password = DEMO_PASSWORD): Promise<Pair> {
  const res = await call('POST', '/api/oauth/token/', {
    grant_type: 'password',
    username: email,
    password,
    client_id: 'parity-web',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

let userCount = 0;
async function addUser(): Promise<{ id: number; email: string }> {
  const email = `stream${++userCount}@example.test`;
  const [row] = await t.app.db
    .insert(users)
    .values({ email, name: 'Sam', lastname: 'Stream', password_hash: demoHash })
    .returning({ id: users.id });
  return { id: row!.id, email };
}

type Stream = Awaited<ReturnType<typeof openStream>>;

/** A live stream of this access token: listed by the hub once its first `unread` arrived. */
async function streamOf(accessToken: string, at = base): Promise<Stream> {
  const stream = await openStream(at, accessToken);
  expect(stream.status).toBe(200);
  await stream.unread(1);
  return stream;
}

/**
 * Runs the call that ends a sign-in; every one of `streams` has ended within a second of its
 * answer. The sign-in ends as the call's transaction commits, just before it answers (what comes
 * before, such as hashing a password, is not counted).
 */
async function endingWithin1s(streams: Stream[], end: () => Promise<LightMyRequestResponse>) {
  const res = await end();
  const answered = Date.now();
  await until(() => streams.every((s) => s.ended()), 'the end of the streams', 1000);
  expect(Date.now() - answered).toBeLessThan(1000);
  return res;
}

/** A notification written after the end reaches `live` (a stream still open) and none of `ended`. */
async function nothingAfterTheEnd(userIds: number[], ended: Stream[], live: Stream) {
  await t.app.db.transaction((tx) =>
    notify(tx, { userIds, kind: 'event_invitation', title: AFTER, link: '/' }),
  );
  await live.notification(AFTER);
  expect(live.ended()).toBe(false);
  for (const stream of ended) expect(stream.notifications()).toEqual([]);
  live.close();
}

describe('a notification stream ends with its sign-in', () => {
  it('logout: the streams of that sign-in end within a second; another sign-in of the user streams on', async () => {
    const user = await addUser();
    const mine = await signIn(user.email);
    const other = await signIn(user.email);
    const [tab1, tab2, otherDevice] = await Promise.all([
      streamOf(mine.access_token),
      streamOf(mine.access_token),
      streamOf(other.access_token),
    ]);
    const res = await endingWithin1s([tab1, tab2], () =>
      call('POST', '/api/oauth/logout', { refresh_token: mine.refresh_token }),
    );
    expect(res.statusCode).toBe(204);
    await nothingAfterTheEnd([user.id], [tab1, tab2], otherDevice);
  });

  it('refresh-token reuse: the streams of every token of the family end; another sign-in streams on', async () => {
    const user = await addUser();
    const first = await signIn(user.email);
    const other = await signIn(user.email);
    const rotated = await call('POST', '/api/oauth/refresh', {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
      client_id: 'parity-web',
    });
    expect(rotated.statusCode).toBe(200);
    const second: Pair = rotated.json();
    const streams = await Promise.all([streamOf(first.access_token), streamOf(second.access_token)]);
    const otherDevice = await streamOf(other.access_token);
    const reuse = await endingWithin1s(streams, () =>
      call('POST', '/api/oauth/refresh', {
        grant_type: 'refresh_token',
        refresh_token: first.refresh_token,
        client_id: 'parity-web',
      }),
    );
    expect(reuse.statusCode).toBe(401);
    await nothingAfterTheEnd([user.id], streams, otherDevice);
  });

  it('password change: every older stream of the user ends; the answered pair streams on', async () => {
    const user = await addUser();
    const mine = await signIn(user.email);
    const other = await signIn(user.email);
    const streams = await Promise.all([streamOf(mine.access_token), streamOf(other.access_token)]);
    const res = await endingWithin1s(streams, () =>
      call(
        'POST',
        '/api/passwords/update',
        {
          current_password: DEMO_PASSWORD,
          new_password: NEW_PASSWORD,
          new_password_confirmation: NEW_PASSWORD,
        },
        mine.access_token,
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    await nothingAfterTheEnd([user.id], streams, await streamOf(res.json().access_token));
  });

  it("password reset by link: every stream of the user ends; the new password's sign-in streams", async () => {
    const user = await addUser();
    const stream = await streamOf((await signIn(user.email)).access_token);
    const token = newOpaqueToken();
    await t.app.db.insert(oneTimeCodes).values({
      user_id: user.id,
      purpose: 'reset',
      uuid: crypto.randomUUID(),
      code_hash: hashOpaqueToken(token),
      expires_at: new Date(Date.now() + 3600_000),
    });
    const res = await endingWithin1s([stream], () =>
      call('POST', '/api/passwords/reset', { email: user.email, token, new_password: NEW_PASSWORD }),
    );
    expect(res.statusCode, res.body).toBe(200);
    await nothingAfterTheEnd(
      [user.id],
      [stream],
      await streamOf((await signIn(user.email, NEW_PASSWORD)).access_token),
    );
  });

  it('a new password after expiry: every older stream of the user ends; the answered pair streams on', async () => {
    const user = await addUser();
    const stream = await streamOf((await signIn(user.email)).access_token);
    await t.app.db
      .update(users)
      .set({ password_expires_at: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id));
    const res = await endingWithin1s([stream], () =>
      call('POST', '/api/password/update-after-expiry', {
        email: user.email,
        old_password: DEMO_PASSWORD,
        new_password: NEW_PASSWORD,
        new_password_confirmation: NEW_PASSWORD,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    await nothingAfterTheEnd([user.id], [stream], await streamOf(res.json().token.access_token));
  });

  // Below, a stream of another user shows that the write after the end went out.
  it('deactivation: every stream of the user ends', async () => {
    const [user, witness] = await Promise.all([addUser(), addUser()]);
    const mine = await signIn(user.email);
    const streams = await Promise.all([
      streamOf(mine.access_token),
      streamOf((await signIn(user.email)).access_token),
    ]);
    const res = await endingWithin1s(streams, () =>
      call('PUT', '/api/user-account/deactivate', undefined, mine.access_token),
    );
    expect(res.statusCode).toBe(204);
    const live = await streamOf((await signIn(witness.email)).access_token);
    await nothingAfterTheEnd([user.id, witness.id], streams, live);
  });

  it('archive by a platform administrator: every stream of the user ends', async () => {
    const [user, witness] = await Promise.all([addUser(), addUser()]);
    const admin = await signIn('admin@parity.test');
    const stream = await streamOf((await signIn(user.email)).access_token);
    const res = await endingWithin1s([stream], () =>
      call('POST', `/api/admin/users/${user.id}/archive`, undefined, admin.access_token),
    );
    expect(res.statusCode, res.body).toBe(200);
    const live = await streamOf((await signIn(witness.email)).access_token);
    await nothingAfterTheEnd([user.id, witness.id], [stream], live);
  });

  it("an administrator's password reset that ends the sessions: every stream of the user ends", async () => {
    const [user, witness] = await Promise.all([addUser(), addUser()]);
    const admin = await signIn('admin@parity.test');
    const stream = await streamOf((await signIn(user.email)).access_token);
    const res = await endingWithin1s([stream], () =>
      call('POST', `/api/admin/users/${user.id}/password-reset`, { end_sessions: true }, admin.access_token),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sessions_ended).toBe(1);
    const live = await streamOf((await signIn(witness.email)).access_token);
    await nothingAfterTheEnd([user.id, witness.id], [stream], live);
  });

  it('erasure: every stream of the user ends', async () => {
    const [user, witness] = await Promise.all([addUser(), addUser()]);
    const mine = await signIn(user.email);
    const stream = await streamOf(mine.access_token);
    const res = await endingWithin1s([stream], () =>
      call('DELETE', '/api/user-account', { password: DEMO_PASSWORD }, mine.access_token),
    );
    expect(res.statusCode, res.body).toBe(200);
    const live = await streamOf((await signIn(witness.email)).access_token);
    await nothingAfterTheEnd([user.id, witness.id], [stream], live);
  });
});

describe("the hub's own checks of a stream's sign-in", () => {
  /** A hub of its own, serving its streams to the given sign-in on a server of its own. */
  async function hubServing(who: { userId: number; sessionId: string }, sessionCheckMs: number) {
    const hub = new NotificationHub({
      db: t.app.db,
      listen: t.database.listen,
      onMail: async () => {},
      log: t.app.log,
      sessionCheckMs,
    });
    await hub.start();
    const server = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
      void hub.open(who, response, { endAtMs: Date.now() + 60_000 });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const at = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    return {
      at,
      async close() {
        await hub.stop();
        await new Promise((resolve) => server.close(resolve));
      },
    };
  }

  async function signInRow(userId: number) {
    const sessionId = crypto.randomUUID();
    await t.app.db.insert(refreshTokens).values({
      token_hash: hashOpaqueToken(newOpaqueToken()),
      family_id: sessionId,
      user_id: userId,
      client_id: 'parity-web',
      expires_at: new Date(Date.now() + 3600_000),
      family_expires_at: new Date(Date.now() + 3600_000),
    });
    return sessionId;
  }

  it('ends a stream whose sign-in ended without a signal (its lifetime passed) at the next check', async () => {
    const user = await addUser();
    const sessionId = await signInRow(user.id);
    const served = await hubServing({ userId: user.id, sessionId }, 200);
    try {
      const stream = await streamOf('unused', served.at);
      // No session end is signalled for a lifetime that passes.
      await t.app.db
        .update(refreshTokens)
        .set({ family_expires_at: new Date(Date.now() - 1000) })
        .where(eq(refreshTokens.family_id, sessionId));
      await until(() => stream.ended(), 'the end of the stream', 2000);
    } finally {
      await served.close();
    }
  });

  it('ends at once a stream whose sign-in ended before the hub listed it', async () => {
    const user = await addUser();
    const sessionId = await signInRow(user.id);
    await t.app.db
      .update(refreshTokens)
      .set({ revoked_at: new Date() })
      .where(eq(refreshTokens.family_id, sessionId));
    // No periodic check within the test: only the check as the stream is listed can end it.
    const served = await hubServing({ userId: user.id, sessionId }, 3600_000);
    try {
      const stream = await openStream(served.at, 'unused');
      await until(() => stream.ended(), 'the end of the stream', 1000);
    } finally {
      await served.close();
    }
  });
});
