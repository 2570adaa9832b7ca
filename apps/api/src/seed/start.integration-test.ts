import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { prepareDatabase } from './start';

// Three starts of one embedded data directory, as `npm start` makes them (main.ts).

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-start-'));
const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir });
const podFiles = path.join(dataDir, 'files', 'pods', 'demo');
const carryPolicy = path.join(podFiles, 'emerging-managers-programme-carry-policy-draft.txt');

/** One start's database step on the data directory: opened, prepared, closed again. */
async function start(options: { seedOnly?: boolean } = {}) {
  const database = await openDatabase(config.database, {
    // the build's template: a migrated, empty database, as a first start finds it
    templateFile: process.env.PARITY_PGLITE_TEMPLATE,
  });
  try {
    const seeded = await prepareDatabase(config, database, options);
    const users = await database.db.execute(sql`SELECT email FROM users WHERE email = 'ada@acme.test'`);
    return { seeded, ada: (users as unknown as { rows: unknown[] }).rows.length === 1 };
  } finally {
    await database.close();
  }
}

describe('the database step of a start', () => {
  beforeAll(() => {
    expect(config.database.kind).toBe('pglite');
  });

  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('seeds a new embedded database with the demo data and writes the demo pods’ files', async () => {
    expect(await start()).toEqual({ seeded: true, ada: true });
    expect(fs.readdirSync(podFiles).sort()).toEqual([
      'emerging-managers-programme-carry-policy-draft.txt',
      'emerging-managers-programme-programme-reporting-template.csv',
      'heads-of-talent-pay-equity-review-method.txt',
    ]);
    expect(fs.readFileSync(carryPolicy, 'utf8')).toContain('Carry policy (draft)');
  });

  it('does no demo work on a start of the seeded database', async () => {
    fs.rmSync(carryPolicy);
    expect(await start()).toEqual({ seeded: false, ada: true });
    // the file a seeding would have written again is still missing
    expect(fs.existsSync(carryPolicy)).toBe(false);
  });

  it('seeds again with --seed-only, writing the files the storage lacks', async () => {
    expect(await start({ seedOnly: true })).toEqual({ seeded: true, ada: true });
    expect(fs.readFileSync(carryPolicy, 'utf8')).toContain('Carry policy (draft)');
  });
});
