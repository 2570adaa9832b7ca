import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProbedTestApp, type ProbedTestApp } from './app';

// Issue 38 point 10: the authorization matrix and the fuzzing run on the embedded default (PGlite,
// counters in memory, files on disk) and, in CI's PostgreSQL run, on the services of a replicated
// deployment: PostgreSQL, rate-limit counters in Redis, files in an S3-compatible server.

let t: ProbedTestApp;

beforeAll(async () => {
  t = await createProbedTestApp();
});

afterAll(async () => {
  await t?.close();
});

const wrongPassword = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/oauth/token/',
    payload: {
      grant_type: 'password',
      username: 'ada@acme.test',
      password: 'Wrong-1',
      client_id: 'parity-web',
    },
    remoteAddress: '10.78.0.1',
  });

describe('the app the matrix and the fuzzing probe', () => {
  it('runs on PostgreSQL, Redis and S3 with TEST_DATABASE_URL, else on the embedded default', async () => {
    expect((await wrongPassword()).statusCode).toBe(401);
    await t.app.storage.put('probe/check.txt', Buffer.from('probe'), 'text/plain');
    if (!process.env.TEST_DATABASE_URL) {
      expect(t.services).toBe('embedded');
      expect(t.app.config.database.kind).toBe('pglite');
      expect(t.app.config.redisUrl).toBeUndefined();
      expect(t.app.config.s3).toBeUndefined();
      return;
    }
    expect(t.services).toBe('postgres+redis+s3');
    expect(t.app.config.database.kind).toBe('postgres');
    // The failed sign-in was counted in Redis, and the file went to the bucket.
    const redis = new Redis(t.app.config.redisUrl!);
    try {
      expect((await redis.keys('parity-rl:*')).length).toBeGreaterThan(0);
    } finally {
      await redis.quit();
    }
    expect((await t.s3!.objects()).get('/parity-probe/probe/check.txt')?.body.toString()).toBe('probe');
  });

  it('gives each app a Redis database of its own, empty, and empties it on close', async () => {
    const other = await createProbedTestApp();
    try {
      if (!process.env.TEST_DATABASE_URL) {
        expect(other.app.config.redisUrl).toBeUndefined();
        return;
      }
      expect(other.app.config.redisUrl).not.toBe(t.app.config.redisUrl);
      const redis = new Redis(other.app.config.redisUrl!);
      try {
        expect(await redis.keys('parity-rl:*')).toEqual([]);
        // Its counts start from nothing: ada's failure in the other app is not here.
        expect((await wrongPassword()).statusCode).toBe(401);
        expect(await redis.keys('parity-rl:*')).toEqual([]);
      } finally {
        await redis.quit();
      }
    } finally {
      await other.close();
    }
    if (process.env.TEST_DATABASE_URL) {
      const redis = new Redis(other.app.config.redisUrl!);
      try {
        expect(await redis.dbsize()).toBe(0);
      } finally {
        await redis.quit();
      }
    }
  });
});
