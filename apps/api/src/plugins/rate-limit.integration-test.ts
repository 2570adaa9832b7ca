import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_MAX_PER_ADDRESS } from '../modules/auth/routes';
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
});
