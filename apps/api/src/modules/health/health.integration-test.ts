import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { scrape } from '../../test/metrics';

const TOKEN = `metrics-${'h'.repeat(40)}`;
const JOURNAL = path.resolve(import.meta.dirname, '../../db/migrations/meta/_journal.json');
const lastMigration = (
  JSON.parse(fs.readFileSync(JOURNAL, 'utf8')) as { entries: { tag: string }[] }
).entries.at(-1)!.tag;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

function rowsOf<R>(result: unknown): R[] {
  return (result as { rows: R[] }).rows;
}

describe('GET /api/health', () => {
  it('answers ok without authentication once migrated', async () => {
    const res = await get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
  });
});

describe('GET /api/health/live and /api/health/ready', () => {
  it('answers live and ready on a migrated database', async () => {
    const live = await get('/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('is not ready while a migration of the journal is not applied, and ready again once it is', async () => {
    const [row] = rowsOf<{ id: number; hash: string; created_at: string }>(
      await t.app.db.execute(
        sql`DELETE FROM drizzle.__drizzle_migrations
            WHERE id = (SELECT id FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1)
            RETURNING id, hash, created_at`,
      ),
    );
    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      status: 'not_ready',
      reason: `1 migration is not applied (first: ${lastMigration}).`,
    });
    expect((await get('/api/health/live')).statusCode).toBe(200);

    await t.app.db.execute(
      sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${row!.id}, ${row!.hash}, ${row!.created_at})`,
    );
    expect((await get('/api/health/ready')).statusCode).toBe(200);
  });

  it('is not ready once the database is closed, stays live, and the 503 counts as a server error', async () => {
    const readyRoute = { method: 'GET', route: '/api/health/ready', status_code: '503' };
    const before = (await scrape(t, TOKEN)).value('http_request_errors_total', readyRoute);
    await t.database.close();

    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'not_ready', reason: 'The database is unreachable.' });
    const live = await get('/api/health/live');
    expect(live.statusCode).toBe(200);

    // The scrape still answers without the database: the queue's figures are left out.
    const after = await scrape(t, TOKEN);
    expect(after.value('http_request_errors_total', readyRoute) - before).toBe(1);
    expect(after.samples('jobs')).toEqual([]);
  });
});
