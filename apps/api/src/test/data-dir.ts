import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Config, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { storageFor } from '../plugins/storage';
import { prepareDatabase } from '../seed/start';

/** The configuration `npm start` would have with this environment (quiet). */
export function opsConfig(env: { DATA_DIR: string; DATABASE_URL?: string }): Config {
  return loadConfig({ LOG_LEVEL: 'silent', ...env });
}

/**
 * A DATA_DIR as a first embedded start leaves it (the demo data and the demo pods' files) plus an
 * uploaded binary file in a nested folder. The database is closed: its lock is free.
 */
export async function seededDataDir(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-ops-'));
  const config = opsConfig({ DATA_DIR: dataDir });
  // the suite's seeded copy when global setup made one (seeding again then changes nothing)
  const database = await openDatabase(config.database, {
    templateFile: process.env.PARITY_PGLITE_SEEDED_TEMPLATE ?? process.env.PARITY_PGLITE_TEMPLATE,
  });
  try {
    // a start's step, seeding as on a new database
    await prepareDatabase(config, database, { seedOnly: true });
    await storageFor(config).put('uploads/2026/scan.bin', randomBytes(200_000), 'application/octet-stream');
  } finally {
    await database.close();
  }
  return dataDir;
}

/** A new, empty database on the TEST_DATABASE_URL server, and the function that drops it. */
export async function scratchPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is needed');
  const name = `parity_ops_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
