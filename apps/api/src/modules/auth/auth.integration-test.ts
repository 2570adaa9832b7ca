import { and, eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashOpaqueToken } from '../../core/auth/tokens';
import { mailOutbox } from '../../db/schema/mail';
import { oauthClients, refreshTokens, users } from '../../db/schema/people';
import { DEMO_PASSWORD } from '../../seed/demo';
import { createDemoTestApp, type TestApp } from '../../test/app';
import { FAILED_SIGN_INS_SUBJECT } from './mail';
import { LOGIN_MAX_FAILURES, LOGIN_MAX_FAILURES_PER_ADDRESS, TOKEN_MAX_PER_ADDRESS } from './routes';

let t: TestApp;
let adaHash: string;
beforeAll(async () => {
  t = await createDemoTestApp();
  const [ada] = await t.app.db.select().from(users).where(eq(users.email, 'ada@acme.test'));
  adaHash = ada!.password_hash;
});
afterAll(async () => {
  await t?.close();
});

// Every call comes from its own address unless a test says otherwise, so the per-address limit
// only shows where it is tested.
let lastAddress = 0;
const nextAddress = () => `10.1.${Math.floor(++lastAddress / 250)}.${(lastAddress % 250) + 1}`;

type Body = Record<string, unknown>;

function post(url: string, body: Body | string, opts: { form?: boolean; address?: string } = {}) {
  const form = opts.form ?? false;
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: opts.address ?? nextAddress(),
    headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
    payload:
      typeof body === 'string'
        ? body
        : form
          ? new URLSearchParams(body as Record<string, string>).toString()
          : JSON.stringify(body),
  });
}

const grant = (username: string, password = DEMO_PASSWORD, extra: Body = {}): Body => ({
  grant_type: 'password',
  username,
  password,
  client_id: 'parity-web',
  ...extra,
});

const login = (username: string, password = DEMO_PASSWORD, opts: { form?: boolean; address?: string } = {}) =>
  post('/api/oauth/token/', grant(username, password), opts);

const refresh = (refreshToken: string, extra: Body = {}, opts: { form?: boolean } = {}) =>
  post(
    '/api/oauth/refresh',
    { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'parity-web', ...extra },
    opts,
  );

const status = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/user/status', headers: { authorization: `Bearer ${token}` } });

/** A user outside the demo set, with the demo password (no hashing: ada's hash is reused). */
async function addUser(email: string): Promise<number> {
  const [row] = await t.app.db
    .insert(users)
    .values({ email, name: 'Test', lastname: 'User', password_hash: adaHash })
    .returning({ id: users.id });
  return row!.id;
}

describe('POST /api/oauth/token/ (password grant)', () => {
  it('answers a token pair for JSON, and the access token signs the caller in', async () => {
    const res = await login('ada@acme.test');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toEqual({
      token_type: 'Bearer',
      access_token: expect.any(String),
      expires_in: 900,
      refresh_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const me = await status(body.access_token);
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('ada@acme.test');

    // Only the hash of the refresh token is stored.
    const stored = await t.app.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.token_hash, hashOpaqueToken(body.refresh_token)));
    expect(stored).toHaveLength(1);
    const leaked = await t.app.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.token_hash, body.refresh_token));
    expect(leaked).toHaveLength(0);
  });

  it('accepts form encoding, any case of the email, with or without the trailing slash, and ignores scope', async () => {
    const form = await login('MAX@Acme.Test', DEMO_PASSWORD, { form: true });
    expect(form.statusCode).toBe(200);
    expect(form.json().token_type).toBe('Bearer');

    const noSlash = await post('/api/oauth/token', grant('max@acme.test', DEMO_PASSWORD, { scope: '*' }), {
      form: true,
    });
    expect(noSlash.statusCode).toBe(200);
    expect(noSlash.json().access_token).toEqual(expect.any(String));
  });

  it('records the sign-in time', async () => {
    await t.app.db.update(users).set({ last_login_at: null }).where(eq(users.email, 'host@northwind.test'));
    expect((await login('host@northwind.test')).statusCode).toBe(200);
    const [host] = await t.app.db.select().from(users).where(eq(users.email, 'host@northwind.test'));
    expect(host!.last_login_at).toBeInstanceOf(Date);
    expect(Date.now() - host!.last_login_at!.getTime()).toBeLessThan(60_000);
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    const wrong = await login('max@acme.test', 'Not-The-Password-1');
    const unknown = await login('nobody@acme.test', DEMO_PASSWORD);
    const expected = { error: 'invalid_grant', message: 'The user credentials were incorrect.' };
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(expected);
    expect(unknown.json()).toEqual(expected);
  });

  it('asks a two-factor account for its code and gives no tokens', async () => {
    const res = await login('mfa@acme.test');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mfa_verification_required: true, uuid: expect.any(String) });
    expect(res.json().access_token).toBeUndefined();
  });

  it('answers 419 for an expired password, but only to the right password', async () => {
    const res = await login('expired@acme.test');
    expect(res.statusCode).toBe(419);
    expect(res.json()).toEqual({
      message: 'Your password has expired. Please set a new one.',
      error: 'password_expired',
      // The password page's ticket, since the password was proved (codes-and-passwords tests it).
      detail: { ticket: expect.any(String) },
    });
    const wrong = await login('expired@acme.test', 'Wrong-Password-123');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().detail).toBeUndefined();
  });

  it('refuses a deleted user everywhere: sign-in, refresh and status', async () => {
    const id = await addUser('gone@acme.test');
    const before = await login('gone@acme.test');
    expect(before.statusCode).toBe(200);
    const { access_token, refresh_token } = before.json();

    await t.app.db.update(users).set({ deleted_at: new Date() }).where(eq(users.id, id));
    const res = await login('gone@acme.test');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('invalid_grant');
    expect((await refresh(refresh_token)).statusCode).toBe(401);
    // Issue #20: a deleted account's token is signed out (401, so the web app logs out), not 404.
    const me = await status(access_token);
    expect(me.statusCode).toBe(401);
    expect(me.json().error).toBe('unauthenticated');
  });

  it('refuses unknown, revoked and not-allowed clients with invalid_client', async () => {
    await t.app.db.insert(oauthClients).values([
      { id: 'old-app', name: 'Old', grant_types: ['password'], revoked_at: new Date() },
      { id: 'refresh-only', name: 'Refresh only', grant_types: ['refresh_token'] },
    ]);
    for (const clientId of ['nope', 'old-app', 'refresh-only']) {
      const res = await post(
        '/api/oauth/token/',
        grant('ada@acme.test', DEMO_PASSWORD, { client_id: clientId }),
      );
      expect(res.statusCode, clientId).toBe(401);
      expect(res.json(), clientId).toEqual({
        error: 'invalid_client',
        message: 'Client authentication failed.',
      });
    }
  });

  it('verifies the secret of a client that has one', async () => {
    const secret = 'a-long-random-client-secret-for-the-partner-app';
    await t.app.db.insert(oauthClients).values({
      id: 'partner',
      name: 'Partner',
      secret_hash: hashOpaqueToken(secret),
      grant_types: ['password'],
    });
    const as = (extra: Body) => post('/api/oauth/token/', grant('ada@acme.test', DEMO_PASSWORD, extra));
    expect((await as({ client_id: 'partner' })).statusCode).toBe(401);
    expect((await as({ client_id: 'partner', client_secret: 'wrong' })).json().error).toBe('invalid_client');
    expect((await as({ client_id: 'partner', client_secret: secret })).statusCode).toBe(200);
  });

  it('answers 400 naming the field for missing, extra and malformed fields, never 500', async () => {
    const cases: [Body | string, string][] = [
      [{ grant_type: 'password', password: 'x', client_id: 'parity-web' }, 'body.username'],
      [{ ...grant('ada@acme.test'), password: '' }, 'body.password'],
      [{ ...grant('ada@acme.test'), grant_type: 'authorization_code' }, 'body.grant_type'],
      [{ ...grant('ada@acme.test'), username: 42 }, 'body.username'],
      [{ ...grant('ada@acme.test'), is_sadm: true }, 'body.is_sadm'],
      [{ ...grant('ada@acme.test'), client_id: undefined }, 'body.client_id'],
      [{}, 'body.'],
    ];
    for (const [body, field] of cases) {
      const res = await post('/api/oauth/token/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const json = res.json();
      expect(json.error).toBe('validation_failed');
      // Each issue names its field; an unknown key is named in the field or in the message.
      const named = json.detail.some(
        (d: { field: string; message: string }) =>
          d.field.startsWith(field) || (d.field === 'body' && d.message.includes(field.slice(5))),
      );
      expect(named, JSON.stringify(json)).toBe(true);
      expect(json.message).toEqual(expect.any(String));
    }
    // Malformed JSON, a repeated form field, and no body at all.
    expect((await post('/api/oauth/token/', '{"grant_type":')).statusCode).toBe(400);
    const repeated = await post(
      '/api/oauth/token/',
      'grant_type=password&username=a&username=b&password=x&client_id=c',
      {
        form: true,
      },
    );
    expect(repeated.statusCode).toBe(400);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/token/',
      remoteAddress: nextAddress(),
    });
    expect(empty.statusCode).toBe(400);
  });
});

describe('POST /api/oauth/refresh', () => {
  it('rotates: the new pair works, the old refresh token is refused and its reuse revokes the family', async () => {
    const first = (await login('max@acme.test')).json();
    const second = await refresh(first.refresh_token);
    expect(second.statusCode).toBe(200);
    const pair = second.json();
    expect(pair).toEqual({
      token_type: 'Bearer',
      access_token: expect.any(String),
      expires_in: 900,
      refresh_token: expect.any(String),
    });
    expect(pair.refresh_token).not.toBe(first.refresh_token);
    expect((await status(pair.access_token)).statusCode).toBe(200);

    // Replaying the used token: refused, and the whole family (the new token too) is revoked.
    const replay = await refresh(first.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toBe('invalid_grant');
    expect((await refresh(pair.refresh_token)).statusCode).toBe(401);
  });

  it('accepts form encoding and keeps the family expiry', async () => {
    const first = (await login('max@acme.test')).json();
    const res = await refresh(first.refresh_token, {}, { form: true });
    expect(res.statusCode).toBe(200);
    const rows = await t.app.db
      .select()
      .from(refreshTokens)
      .where(
        sql`${refreshTokens.token_hash} IN (${hashOpaqueToken(first.refresh_token)}, ${hashOpaqueToken(res.json().refresh_token)})`,
      );
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.family_id)).size).toBe(1);
    expect(rows[0]!.family_expires_at.getTime()).toBe(rows[1]!.family_expires_at.getTime());
    for (const r of rows) expect(r.expires_at.getTime()).toBeLessThanOrEqual(r.family_expires_at.getTime());
  });

  it('refuses expired tokens, an expired family, another client and garbage', async () => {
    const expire = async (column: 'expires_at' | 'family_expires_at') => {
      const token = (await login('max@acme.test')).json().refresh_token as string;
      await t.app.db
        .update(refreshTokens)
        .set({ [column]: new Date(Date.now() - 1000) })
        .where(eq(refreshTokens.token_hash, hashOpaqueToken(token)));
      return token;
    };
    for (const token of [await expire('expires_at'), await expire('family_expires_at'), 'garbage']) {
      const res = await refresh(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('invalid_grant');
    }
    const token = (await login('max@acme.test')).json().refresh_token as string;
    expect((await refresh(token, { client_id: 'partner' })).statusCode).toBe(401);
    // That refusal did not consume the token.
    expect((await refresh(token)).statusCode).toBe(200);
  });

  it('answers 400 for a missing token or a wrong grant type', async () => {
    expect((await post('/api/oauth/refresh', { grant_type: 'refresh_token' })).statusCode).toBe(400);
    const wrong = await post('/api/oauth/refresh', { grant_type: 'password', refresh_token: 'x' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail[0].field).toBe('body.grant_type');
  });
});

describe('POST /api/oauth/logout', () => {
  it('revokes the sign-in without an access token, and is idempotent', async () => {
    const first = (await login('max@acme.test')).json();
    const rotated = (await refresh(first.refresh_token)).json();
    const out = await post('/api/oauth/logout', { refresh_token: rotated.refresh_token });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(401);
    expect((await post('/api/oauth/logout', { refresh_token: rotated.refresh_token })).statusCode).toBe(204);
    expect((await post('/api/oauth/logout', { refresh_token: 'unknown' }, { form: true })).statusCode).toBe(
      204,
    );
    expect((await post('/api/oauth/logout', {})).statusCode).toBe(400);
  });
});

describe('access tokens', () => {
  it('refuses a missing, garbage, tampered or expired token with 401', async () => {
    const token = (await login('ada@acme.test')).json().access_token as string;
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url');
    const expired = await new SignJWT({ cid: 'parity-web' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer('parity')
      .setAudience('parity-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(t.app.config.jwtSecret));
    // The signature's first character carries six whole bits of its first byte, so changing it
    // always changes the signature (its last characters may carry padding bits that decode alike).
    const tampered = `${header}.${payload}.${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
    const bad = ['garbage', `${header}.${forged}.${signature}`, tampered, expired];
    for (const value of bad) {
      const res = await status(value);
      expect(res.statusCode, value).toBe(401);
      expect(res.json().error).toBe('unauthenticated');
    }
    const none = await t.app.inject({ method: 'GET', url: '/api/user/status' });
    expect(none.statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  it(`answers 429 with Retry-After after ${TOKEN_MAX_PER_ADDRESS} calls a minute from one address`, async () => {
    const address = '10.9.9.9';
    for (let i = 0; i < TOKEN_MAX_PER_ADDRESS; i++) {
      // Invalid bodies are cheap and still count.
      const res = await post(i % 2 ? '/api/oauth/token' : '/api/oauth/token/', {}, { address });
      expect(res.statusCode).toBe(400);
    }
    const limited = await login('ada@acme.test', DEMO_PASSWORD, { address });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      message: expect.stringMatching(/Too many requests/),
      error: 'too_many_requests',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected, and health is never limited.
    expect((await login('ada@acme.test')).statusCode).toBe(200);
    for (let i = 0; i < 30; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: address });
      expect(res.statusCode).toBe(200);
    }
  });

  // Issue #20 point 5: this test replaces "locks an account after 10 wrong passwords, from any
  // address", which let anyone who knew an email keep its owner out.
  it(`locks one address out of an account after ${LOGIN_MAX_FAILURES} wrong passwords; the owner signs in from another`, async () => {
    await addUser('locked@acme.test');
    for (const [email, address] of [
      ['locked@acme.test', '10.8.0.1'],
      ['ghost@acme.test', '10.8.0.2'],
    ] as const) {
      for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
        expect((await login(email, `Wrong-Password-${i}`, { address })).statusCode).toBe(401);
      }
      const res = await login(email.toUpperCase(), DEMO_PASSWORD, { address });
      expect(res.statusCode, email).toBe(429);
      expect(res.json().error).toBe('too_many_requests');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(60);
    }
    // The owner, from another address, gets in; so does another account from the locked address.
    expect((await login('locked@acme.test', DEMO_PASSWORD, { address: '10.8.0.3' })).statusCode).toBe(200);
    expect((await login('eve@cedar.test', DEMO_PASSWORD, { address: '10.8.0.1' })).statusCode).toBe(200);
  });

  it('mails the owner once per burst of wrong passwords, from whatever addresses', async () => {
    const email = 'burst@acme.test';
    await addUser(email);
    const mails = () =>
      t.app.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, email), eq(mailOutbox.subject, FAILED_SIGN_INS_SUBJECT)));
    // Spread over addresses (none is locked), the account's burst still counts.
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) {
      expect((await login(email, `Wrong-Password-${i}`)).statusCode).toBe(401);
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(await mails()).toHaveLength(0);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      expect((await login(email, `Still-Wrong-${i}`)).statusCode).toBe(401);
    }
    const deadline = Date.now() + 5000;
    while ((await mails()).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    await new Promise((r) => setTimeout(r, 200));
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toMatch(/wrong password/);
    expect((await login(email)).statusCode).toBe(200);
  });

  it(`locks an address after ${LOGIN_MAX_FAILURES_PER_ADDRESS} wrong passwords, whatever the accounts`, async () => {
    const address = '10.8.1.1';
    // Past the per-minute call limit (TOKEN_MAX_PER_ADDRESS): a minute passes every 15 calls.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ADDRESS; i++) {
        if (i % 15 === 14) vi.setSystemTime(Date.now() + 61_000);
        // A different account each time: no account-and-address pair is locked.
        expect((await login(`guess${i}@acme.test`, 'Wrong-Password-1', { address })).statusCode).toBe(401);
      }
      vi.setSystemTime(Date.now() + 61_000);
      const res = await login('max@acme.test', DEMO_PASSWORD, { address });
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/failed sign-in attempts/);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(60);
      expect((await login('max@acme.test')).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});
