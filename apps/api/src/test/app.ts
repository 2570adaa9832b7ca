import pg from 'pg';
import { buildApp } from '../app';
import { type Config, testConfig } from '../config';
import { hashOpaqueToken, newOpaqueToken, signAccessToken } from '../core/auth/tokens';
import { type Database, openDatabase } from '../db/client';
import { refreshTokens } from '../db/schema/people';

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: Database;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database and the app over it: PGlite in memory, or, when TEST_DATABASE_URL
 * is set, a new PostgreSQL database created for this test file and dropped afterwards.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: Parameters<typeof buildApp>[2] = {},
): Promise<TestApp> {
  const config = testConfig(overrides);
  let dropDatabase: (() => Promise<void>) | undefined;
  if (config.database.kind === 'postgres') {
    const serverUrl = new URL(config.database.url);
    const name = `parity_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    const admin = new pg.Client({ connectionString: serverUrl.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
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
    templateFile: process.env.PARITY_PGLITE_TEMPLATE,
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
