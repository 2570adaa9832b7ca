import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { type Config, testConfig } from '../config';
import { hashOpaqueToken, newOpaqueToken, signAccessToken } from '../core/auth/tokens';
import { type Database, openDatabase } from '../db/client';
import { refreshTokens } from '../db/schema/people';
import { type DemoPeople, seedDemoData } from '../seed/demo';
import { S3_CREDENTIALS, startTestS3, type TestS3 } from './s3';

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: Database;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database and the app over it: PGlite in memory, or, when TEST_DATABASE_URL
 * is set, a new PostgreSQL database created for this test file and dropped afterwards.
 */
export function createTestApp(
  overrides: Partial<Config> = {},
  options: Parameters<typeof buildApp>[2] = {},
): Promise<TestApp> {
  return openTestApp(overrides, options, false);
}

/**
 * The app over a copy of the suite's migrated database (global-setup.ts), or of its seeded one
 * when `seeded` and global setup made it.
 */
async function openTestApp(
  overrides: Partial<Config>,
  options: Parameters<typeof buildApp>[2],
  seeded: boolean,
): Promise<TestApp> {
  const config = testConfig(overrides);
  let dropDatabase: (() => Promise<void>) | undefined;
  if (config.database.kind === 'postgres') {
    const serverUrl = new URL(config.database.url);
    const name = `parity_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    const admin = new pg.Client({ connectionString: serverUrl.toString() });
    await admin.connect();
    // A copy of the suite's migrated template (global-setup.ts) when there is one.
    const template = seeded
      ? process.env.PARITY_POSTGRES_SEEDED_TEMPLATE
      : process.env.PARITY_POSTGRES_TEMPLATE;
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    await admin.end();
    const testUrl = new URL(serverUrl);
    testUrl.pathname = `/${name}`;
    config.database = { kind: 'postgres', url: testUrl.toString() };
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: serverUrl.toString() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  const database = await openDatabase(config.database, {
    templateFile: seeded ? process.env.PARITY_PGLITE_SEEDED_TEMPLATE : process.env.PARITY_PGLITE_TEMPLATE,
  });
  await database.migrate();
  const app = await buildApp(config, database, options);
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase?.();
    },
  };
}

/**
 * An access token of a real sign-in of this user (a refresh-token family in the database), for
 * tests that need a signed-in caller without going through the token endpoint: the auth hook
 * accepts a token only while its sign-in is alive.
 */
export async function sessionToken(t: TestApp, userId: number, clientId = 'parity-web'): Promise<string> {
  const sessionId = crypto.randomUUID();
  const now = Date.now();
  await t.app.db.insert(refreshTokens).values({
    token_hash: hashOpaqueToken(newOpaqueToken()),
    family_id: sessionId,
    user_id: userId,
    client_id: clientId,
    expires_at: new Date(now + 24 * 60 * 60 * 1000),
    family_expires_at: new Date(now + 24 * 60 * 60 * 1000),
  });
  return signAccessToken(t.app.config.jwtSecret!, { userId, clientId, sessionId });
}

export interface SeededTestApp extends TestApp {
  /** the demo data's ids: organizations, users and surveys by their names and emails */
  demo: DemoPeople;
  /** the temporary data directory (files under `files/` with the disk storage) */
  dataDir: string;
  /** an access token of a live sign-in of a demo user, by email */
  tokenOf(email: string): string;
  /** an HTTP request through the app, signed in as the demo user with that email (null: anonymous) */
  call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    email: string | null,
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
}

const demoPeople = new WeakMap<TestApp, DemoPeople>();

/**
 * `createTestApp` on a copy of the suite's seeded database (the demo data), or seeded here when
 * global setup made none; `demoOf(t)` gives its ids.
 */
export async function createDemoTestApp(
  overrides: Partial<Config> = {},
  options: Parameters<typeof buildApp>[2] = {},
): Promise<TestApp> {
  const seededCopy = process.env.PARITY_DEMO_PEOPLE;
  const t = await openTestApp(overrides, options, seededCopy !== undefined);
  demoPeople.set(t, seededCopy ? demoPeopleOf(seededCopy) : await seedDemoData(t.app.db));
  return t;
}

/** Which services an app of `createProbedTestApp` runs on. */
export type ProbedServices = 'embedded' | 'postgres+redis+s3';

export interface ProbedTestApp extends TestApp {
  services: ProbedServices;
  /** the S3-compatible server its files go to (postgres+redis+s3 only) */
  s3?: TestS3;
}

/**
 * `createDemoTestApp` for the proofs that probe every route (the authorization matrix, the
 * fuzzing), in each of the deployment modes: on PGlite the embedded default (rate-limit counters
 * in memory, files on disk); with TEST_DATABASE_URL (CI's second run) the services of a replicated
 * deployment too: rate-limit counters in Redis (TEST_REDIS_URL, by default the local one) and
 * files in a real S3-compatible server. The limits are production's; each app has a Redis
 * database of its own, emptied before and after, so no count of another file or run answers 429.
 */
export async function createProbedTestApp(overrides: Partial<Config> = {}): Promise<ProbedTestApp> {
  if (!process.env.TEST_DATABASE_URL) {
    const t = await createDemoTestApp(overrides);
    return withDemo({ ...t, services: 'embedded' }, t);
  }
  const redis = await claimRedisDatabase(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  const s3 = await startTestS3('parity-probe');
  try {
    const t = await createDemoTestApp({
      redisUrl: redis.url,
      s3: { endpoint: s3.endpoint, bucket: 'parity-probe', region: 'us-east-1', ...S3_CREDENTIALS },
      ...overrides,
    });
    return withDemo(
      {
        ...t,
        services: 'postgres+redis+s3',
        s3,
        async close() {
          await t.close();
          await s3.close();
          await redis.release();
        },
      },
      t,
    );
  } catch (error) {
    await s3.close();
    await redis.release();
    throw error;
  }
}

/** `probed`, whose demo ids (demoOf) are those of the app it wraps. */
function withDemo(probed: ProbedTestApp, t: TestApp): ProbedTestApp {
  demoPeople.set(probed, demoOf(t));
  return probed;
}

// Redis databases 10 to 15 are the probes' (the replica journey uses 9): one per app at a time,
// claimed by a key that expires should a run die holding it.
const PROBE_DATABASES = [10, 11, 12, 13, 14, 15];
const CLAIM_KEY = 'parity-test:claimed-by';

async function claimRedisDatabase(serverUrl: string): Promise<{ url: string; release(): Promise<void> }> {
  const { Redis } = await import('ioredis');
  for (const db of PROBE_DATABASES) {
    const url = new URL(serverUrl);
    url.pathname = `/${db}`;
    const redis = new Redis(url.toString(), {
      connectTimeout: 2000,
      maxRetriesPerRequest: 1,
      lazyConnect: true,
    });
    await redis.connect().catch((error: Error) => {
      throw new Error(
        `The probes' PostgreSQL run needs Redis at ${serverUrl} (TEST_REDIS_URL): ${error.message}`,
      );
    });
    if ((await redis.set(CLAIM_KEY, String(process.pid), 'EX', 3600, 'NX')) !== 'OK') {
      await redis.quit();
      continue;
    }
    // Emptied and claimed again in one transaction: no other app can claim it in between.
    await redis.multi().flushdb().set(CLAIM_KEY, String(process.pid), 'EX', 3600).exec();
    return {
      url: url.toString(),
      async release() {
        await redis.flushdb();
        await redis.quit();
      },
    };
  }
  throw new Error(`Redis databases ${PROBE_DATABASES.join(', ')} are all claimed (key ${CLAIM_KEY})`);
}

/** The demo data's ids in an app made by `createDemoTestApp`. */
export function demoOf(t: TestApp): DemoPeople {
  const demo = demoPeople.get(t);
  if (!demo) throw new Error('not an app of createDemoTestApp');
  return demo;
}

function demoPeopleOf(json: string): DemoPeople {
  const people = JSON.parse(json) as Record<keyof DemoPeople, [string, number][]>;
  return {
    organizations: new Map(people.organizations),
    users: new Map(people.users),
    surveys: new Map(people.surveys),
  };
}

/**
 * The app on a fresh database with the demo data and a signed-in session for every demo user:
 * what most module tests start from. Its files go to a temporary directory, removed on close.
 */
export async function createSeededTestApp(overrides: Partial<Config> = {}): Promise<SeededTestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-test-'));
  const t = await createDemoTestApp({ dataDir, ...overrides });
  const demo = demoOf(t);
  const tokens = new Map<string, string>();
  for (const [email, userId] of demo.users) tokens.set(email, await sessionToken(t, userId));
  const tokenOf = (email: string) => {
    const token = tokens.get(email);
    if (!token) throw new Error(`${email} is not a demo user`);
    return token;
  };
  return {
    ...t,
    demo,
    dataDir,
    tokenOf,
    call: (method, email, url, payload) =>
      t.app.inject({
        method,
        url,
        headers: email ? { authorization: `Bearer ${tokenOf(email)}` } : {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    async close() {
      await t.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
