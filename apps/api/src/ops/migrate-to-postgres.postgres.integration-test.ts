import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { users } from '../db/schema/people';
import { DEMO_PASSWORD } from '../seed/demo';
import { opsConfig, scratchPostgresDatabase, seededDataDir } from '../test/data-dir';
import { migrateToPostgres } from './migrate-to-postgres';

describe('npm run migrate-to-postgres', () => {
  let dataDir: string;
  let target: Awaited<ReturnType<typeof scratchPostgresDatabase>>;

  beforeAll(async () => {
    [dataDir, target] = await Promise.all([seededDataDir(), scratchPostgresDatabase()]);
  });
  afterAll(async () => {
    await target?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies the embedded database and its files, verified, and the app then runs on PostgreSQL', async () => {
    const filesTo = path.join(dataDir, 'moved-files');
    const report = await migrateToPostgres(opsConfig({ DATA_DIR: dataDir }), {
      to: target.url,
      replace: false,
      filesTo,
    });
    expect(report.differences).toEqual([]);
    expect(report.tables.find((t) => t.table === 'users')?.rows).toBe(8);
    expect(report.tables.every((t) => t.same)).toBe(true);
    expect(report.files).toBeGreaterThanOrEqual(4);
    expect(fs.readFileSync(path.join(filesTo, 'uploads', '2026', 'scan.bin'))).toEqual(
      fs.readFileSync(path.join(dataDir, 'files', 'uploads', '2026', 'scan.bin')),
    );

    // started on PostgreSQL as `DATABASE_URL=... npm start` would be
    const config = {
      ...opsConfig({ DATA_DIR: dataDir, DATABASE_URL: target.url }),
      jwtSecret: 'x'.repeat(48),
    };
    const database = await openDatabase(config.database);
    const app = await buildApp(config, database);
    try {
      await database.migrate();
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/oauth/token/',
        payload: {
          grant_type: 'password',
          username: 'ada@acme.test',
          password: DEMO_PASSWORD,
          client_id: 'parity-web',
        },
      });
      expect(signIn.statusCode).toBe(200);
      const status = await app.inject({
        method: 'GET',
        url: '/api/user/status',
        headers: { authorization: `Bearer ${signIn.json().access_token}` },
      });
      expect(status.statusCode).toBe(200);
      expect(JSON.stringify(status.json())).toContain('Acme Capital Partners');
      // a new user takes the next id, not one of the copied ones: the sequences were carried over
      const existing = await database.db.select({ id: users.id }).from(users);
      const [created] = await database.db
        .insert(users)
        .values({ email: 'new@acme.test', name: 'New', lastname: 'User', password_hash: 'x' })
        .returning({ id: users.id });
      expect(created!.id).toBeGreaterThan(Math.max(...existing.map((u) => u.id)));
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('refuses a target that already holds data unless told to replace it', async () => {
    const config = opsConfig({ DATA_DIR: dataDir });
    await expect(migrateToPostgres(config, { to: target.url, replace: false })).rejects.toThrow(
      'The target database already holds data: give --replace to empty it first.',
    );
    const replaced = await migrateToPostgres(config, { to: target.url, replace: true });
    expect(replaced.differences).toEqual([]);
  });
});
