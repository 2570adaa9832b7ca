import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema/mail';
import { users } from '../db/schema/people';
import {
  LOGIN_MAX_FAILURES,
  REFRESH_MAX_PER_ADDRESS,
  RESET_MAIL_MAX_PER_ADDRESS_AND_EMAIL,
  RESET_MAILS_PER_EMAIL,
  TOKEN_MAX_PER_ADDRESS,
} from '../modules/auth/routes';
import { createTestApp, type TestApp } from '../test/app';

// With REDIS_URL, replicas share their rate-limit counters. CI sets TEST_REDIS_URL to the
// machine's Redis; without it this file does not run (the in-memory store is tested in auth).
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('rate limits shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const flush = new Redis(redisUrl!);
    const keys = await flush.keys('parity-rl:*');
    if (keys.length) await flush.del(...keys);
    await flush.quit();
    a = await createTestApp({ redisUrl });
    b = await createTestApp({ redisUrl });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('counts calls to two app instances against one limit', async () => {
    const remoteAddress = '10.77.0.1';
    const call = (t: TestApp) =>
      t.app.inject({ method: 'POST', url: '/api/oauth/token/', payload: {}, remoteAddress });
    for (let i = 0; i < TOKEN_MAX_PER_ADDRESS; i++) {
      expect((await call(i % 2 ? a : b)).statusCode).toBe(400);
    }
    const limited = await call(a);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('too_many_requests');
  });

  it('keeps each limit its own count in Redis, as in memory: refreshes do not use up the sign-ins', async () => {
    const remoteAddress = '10.77.0.4';
    const call = (url: string) => a.app.inject({ method: 'POST', url, payload: {}, remoteAddress });
    for (let i = 0; i < REFRESH_MAX_PER_ADDRESS; i++) {
      expect((await call('/api/oauth/refresh')).statusCode).toBe(400);
    }
    expect((await call('/api/oauth/refresh')).statusCode).toBe(429);
    for (let i = 0; i < TOKEN_MAX_PER_ADDRESS; i++) {
      expect((await call('/api/oauth/token/')).statusCode).toBe(400);
    }
    expect((await call('/api/oauth/token/')).statusCode).toBe(429);
  });

  it('shares the wrong-password counts: per account and address, and the one mail of a burst', async () => {
    const email = 'shared@acme.test';
    for (const t of [a, b]) {
      await t.app.db.insert(users).values({ email, name: 'Sha', lastname: 'Red', password_hash: 'x' });
    }
    const login = (t: TestApp, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/oauth/token/',
        payload: { grant_type: 'password', username: email, password: 'Wrong-1', client_id: 'parity-web' },
        remoteAddress,
      });
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      expect((await login(i % 2 ? a : b, '10.77.0.2')).statusCode).toBe(401);
    }
    expect((await login(a, '10.77.0.2')).statusCode).toBe(429);
    expect((await login(b, '10.77.0.2')).statusCode).toBe(429);
    // Another address is not locked out of the account.
    expect((await login(b, '10.77.0.3')).statusCode).toBe(401);
    await new Promise((r) => setTimeout(r, 300));
    let mails = 0;
    for (const t of [a, b]) {
      mails += (await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).length;
    }
    expect(mails).toBe(1);
  });

  // Issue 38 point 7: the per-email spacing is shared too, and never refuses the owner.
  it("shares the reset links' spacing per email: strangers on both replicas do not block the owner", async () => {
    const email = 'reset-shared@acme.test';
    for (const t of [a, b]) {
      await t.app.db.insert(users).values({ email, name: 'Re', lastname: 'Set', password_hash: 'x' });
    }
    const ask = (t: TestApp, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/passwords/email', payload: { email }, remoteAddress });
    const resetMails = async () => {
      await new Promise((r) => setTimeout(r, 300));
      let count = 0;
      for (const t of [a, b]) {
        count += (await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).length;
      }
      return count;
    };
    for (let i = 0; i < 3; i++) expect((await ask(i % 2 ? a : b, `10.77.1.${i + 1}`)).statusCode).toBe(200);
    // The owner's own request, three strangers' later: answered and mailed.
    expect((await ask(a, '10.77.1.50')).statusCode).toBe(200);
    expect(await resetMails()).toBe(4);
    for (let i = 4; i < RESET_MAILS_PER_EMAIL; i++)
      expect((await ask(b, `10.77.1.${i + 1}`)).statusCode).toBe(200);
    expect(await resetMails()).toBe(RESET_MAILS_PER_EMAIL);
    // The window's mails are out: the same answer on either replica, and nothing more is sent.
    expect((await ask(a, '10.77.1.51')).statusCode).toBe(200);
    expect((await ask(b, '10.77.1.52')).statusCode).toBe(200);
    expect(await resetMails()).toBe(RESET_MAILS_PER_EMAIL);
    // One address asking too often is refused, whichever replica it reaches.
    for (let i = 1; i < RESET_MAIL_MAX_PER_ADDRESS_AND_EMAIL; i++) {
      expect((await ask(i % 2 ? a : b, '10.77.1.50')).statusCode).toBe(200);
    }
    expect((await ask(b, '10.77.1.50')).statusCode).toBe(429);
  });
});

describe('a Redis that cannot be reached', () => {
  it('is logged once, not as an unhandled error at every reconnection', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    // Port 1: nothing listens, so every connection attempt is refused at once.
    const t = await createTestApp({ redisUrl: 'redis://127.0.0.1:1', logLevel: 'info' }, { logStream });
    try {
      // ioredis retries within milliseconds at first: several attempts fail in this time.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const lost = lines.filter((line) => line.includes('The connection to Redis (rate limits) was lost'));
      expect(lost).toHaveLength(1);
      expect(JSON.parse(lost[0]!).level).toBe(50);
      // A limited route cannot count without its store: a clear server error, not a hang.
      const answer = await t.app.inject({ method: 'POST', url: '/api/oauth/token/', payload: {} });
      expect(answer.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await t.close();
    }
  });
});
