import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/people';
import { DEMO_PASSWORD } from '../../seed/demo';
import { createDemoTestApp, type TestApp } from '../../test/app';

// Issue #20 point 1: an access token counts only while its sign-in is alive. When the sign-in
// ends, the token answers 401 at once on reads and writes, not when it expires 15 minutes later.

const NEW_PASSWORD = 'Lighthouse-Keeper-47!';

let t: TestApp;
let demoHash: string;
beforeAll(async () => {
  t = await createDemoTestApp();
  const [ada] = await t.app.db.select().from(users).where(eq(users.email, 'ada@acme.test'));
  demoHash = ada!.password_hash;
});
afterAll(async () => {
  await t?.close();
});

let lastAddress = 0;
const nextAddress = () => `10.4.${Math.floor(++lastAddress / 250)}.${(lastAddress % 250) + 1}`;

function post(url: string, body: Record<string, unknown> | undefined, token?: string, method = 'POST') {
  return t.app.inject({
    method: method as 'POST' | 'PUT',
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

const login = (username: string, password = DEMO_PASSWORD) =>
  post('/api/oauth/token/', { grant_type: 'password', username, password, client_id: 'parity-web' });
const refresh = (refreshToken: string) =>
  post('/api/oauth/refresh', {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: 'parity-web',
  });

async function signIn(email: string, password = DEMO_PASSWORD): Promise<Pair> {
  const res = await login(email, password);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

let userCount = 0;
async function addUser(): Promise<string> {
  const email = `session${++userCount}@example.test`;
  await t.app.db.insert(users).values({ email, name: 'Sam', lastname: 'Session', password_hash: demoHash });
  return email;
}

/** A read and a write with the token: both 200/201 while the sign-in lives, both 401 once it ended. */
async function expectAlive(token: string) {
  expect(
    (await t.app.inject({ method: 'GET', url: '/api/user-account', headers: bearer(token) })).statusCode,
  ).toBe(200);
  expect((await post('/api/feedback', { url: 'http://parity.test/', value: 7 }, token)).statusCode).toBe(201);
}
async function expectEnded(token: string) {
  const read = await t.app.inject({ method: 'GET', url: '/api/user-account', headers: bearer(token) });
  expect(read.statusCode, read.body).toBe(401);
  expect(read.json().error).toBe('unauthenticated');
  const write = await post('/api/feedback', { url: 'http://parity.test/', value: 7 }, token);
  expect(write.statusCode, write.body).toBe(401);
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('an access token ends with its sign-in', () => {
  it('logout: the token of that sign-in answers 401, another sign-in goes on, and a fresh one works', async () => {
    const email = await addUser();
    const mine = await signIn(email);
    const other = await signIn(email);
    await expectAlive(mine.access_token);
    expect((await post('/api/oauth/logout', { refresh_token: mine.refresh_token })).statusCode).toBe(204);
    await expectEnded(mine.access_token);
    await expectAlive(other.access_token);
    await expectAlive((await signIn(email)).access_token);
  });

  it('password change: every older token answers 401; the answered pair and the new password work', async () => {
    const email = await addUser();
    const mine = await signIn(email);
    const other = await signIn(email);
    const res = await post(
      '/api/passwords/update',
      {
        current_password: DEMO_PASSWORD,
        new_password: NEW_PASSWORD,
        new_password_confirmation: NEW_PASSWORD,
      },
      mine.access_token,
    );
    expect(res.statusCode, res.body).toBe(200);
    await expectEnded(mine.access_token);
    await expectEnded(other.access_token);
    await expectAlive(res.json().access_token);
    await expectAlive((await signIn(email, NEW_PASSWORD)).access_token);
  });

  it('refresh-token reuse: every token of the family answers 401; a fresh sign-in works', async () => {
    const email = await addUser();
    const first = await signIn(email);
    const rotated = await refresh(first.refresh_token);
    expect(rotated.statusCode).toBe(200);
    const second: Pair = rotated.json();
    // The rotation keeps the sign-in: both access tokens of the family work.
    await expectAlive(first.access_token);
    await expectAlive(second.access_token);
    expect((await refresh(first.refresh_token)).statusCode).toBe(401);
    await expectEnded(first.access_token);
    await expectEnded(second.access_token);
    await expectAlive((await signIn(email)).access_token);
  });

  it('deactivation: every token answers 401 (not 404) and the account cannot sign in again', async () => {
    const email = await addUser();
    const mine = await signIn(email);
    const other = await signIn(email);
    expect((await post('/api/user-account/deactivate', undefined, mine.access_token, 'PUT')).statusCode).toBe(
      204,
    );
    await expectEnded(mine.access_token);
    await expectEnded(other.access_token);
    expect((await login(email)).statusCode).toBe(401);
  });
});
