import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client';
import { enqueue, JobRunner } from './runner';

// The kernel's test opens its own migrated database (the app's test helpers sit above core):
// PGlite in memory, or a PostgreSQL database of its own when TEST_DATABASE_URL is set.
let database: Database;
let dropDatabase: (() => Promise<void>) | undefined;

async function adminQuery(url: string, query: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `parity_jobs_test_${process.pid}_${Date.now()}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
    dropDatabase = () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ kind: 'postgres', url: url.toString() });
  } else {
    database = await openDatabase(
      { kind: 'pglite', dataDir: null },
      { templateFile: process.env.PARITY_PGLITE_TEMPLATE },
    );
  }
  await database.migrate();
});
afterAll(async () => {
  await database?.close();
  await dropDatabase?.();
});
beforeEach(async () => {
  await database.db.execute(sql`DELETE FROM jobs`);
});

interface JobRow {
  kind: string;
  key: string | null;
  attempts: number;
  last_error: string | null;
  done: boolean;
  failed: boolean;
}
async function jobRows(): Promise<JobRow[]> {
  const result = await database.db.execute(
    sql`SELECT kind, key, attempts, last_error, done_at IS NOT NULL AS done, failed_at IS NOT NULL AS failed FROM jobs ORDER BY id`,
  );
  return (result as unknown as { rows: JobRow[] }).rows;
}

describe('enqueue', () => {
  it('adds a job only when the transaction it is enqueued in commits', async () => {
    await database.db
      .transaction(async (tx) => {
        await enqueue(tx, { kind: 'test.work', payload: { n: 1 } });
        throw new Error('the write failed');
      })
      .catch(() => {});
    expect(await jobRows()).toEqual([]);
    await database.db.transaction((tx) => enqueue(tx, { kind: 'test.work', payload: { n: 2 } }));
    expect(await jobRows()).toMatchObject([{ kind: 'test.work', done: false }]);
  });

  it('adds one job per key', async () => {
    expect(await enqueue(database.db, { kind: 'test.work', key: 'digest:1:2026-11-26' })).toBe(true);
    expect(await enqueue(database.db, { kind: 'test.work', key: 'digest:1:2026-11-26' })).toBe(false);
    expect(await jobRows()).toHaveLength(1);
  });
});

describe('the runner', () => {
  it('runs each due job once with its payload, and leaves the later ones', async () => {
    const runner = new JobRunner(database.db);
    const seen: unknown[] = [];
    runner.register('test.work', async (job) => {
      seen.push(job.payload);
    });
    await enqueue(database.db, { kind: 'test.work', payload: { n: 1 } });
    await enqueue(database.db, { kind: 'test.work', payload: { n: 2 } });
    await enqueue(database.db, {
      kind: 'test.work',
      payload: { n: 3 },
      runAt: new Date(Date.now() + 3600_000),
    });
    await enqueue(database.db, { kind: 'test.unknown', payload: { n: 4 } });
    expect(await runner.runDueJobs()).toBe(2);
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
    expect(await runner.runDueJobs()).toBe(0);
    expect((await jobRows()).map((j) => j.done)).toEqual([true, true, false, false]);
  });

  it('retries a failing job with backoff and stops after its last attempt, keeping the error', async () => {
    const runner = new JobRunner(database.db, { maxAttempts: 3, backoffMs: () => 0 });
    let calls = 0;
    runner.register('test.flaky', async () => {
      calls++;
      throw new Error(`mail server down (${calls})`);
    });
    await enqueue(database.db, { kind: 'test.flaky' });
    // Backoff 0: each retry is due at once, so one drain runs every attempt.
    await runner.runDueJobs();
    expect(calls).toBe(3);
    expect(await jobRows()).toEqual([
      {
        kind: 'test.flaky',
        key: null,
        attempts: 3,
        last_error: 'mail server down (3)',
        done: false,
        failed: true,
      },
    ]);
    expect(await runner.runDueJobs()).toBe(0);
    expect(calls).toBe(3);
  });

  it('waits the backoff before the next attempt, and a later success clears the error', async () => {
    const runner = new JobRunner(database.db, { backoffMs: () => 3600_000 });
    let fail = true;
    runner.register('test.once-failing', async () => {
      if (fail) throw new Error('not yet');
    });
    await enqueue(database.db, { kind: 'test.once-failing' });
    expect(await runner.runDueJobs()).toBe(1);
    expect(await runner.runDueJobs()).toBe(0);
    expect(await jobRows()).toMatchObject([{ attempts: 1, last_error: 'not yet', done: false }]);
    await database.db.execute(sql`UPDATE jobs SET run_at = now()`);
    fail = false;
    expect(await runner.runDueJobs()).toBe(1);
    expect(await jobRows()).toMatchObject([{ attempts: 2, last_error: null, done: true }]);
  });

  it('shares the jobs between runners: each job runs once (FOR UPDATE SKIP LOCKED)', async () => {
    const ran: number[] = [];
    const runners = [new JobRunner(database.db), new JobRunner(database.db), new JobRunner(database.db)];
    for (const runner of runners) {
      runner.register('test.shared', async (job) => {
        ran.push((job.payload as { n: number }).n);
      });
    }
    for (let n = 0; n < 40; n++) await enqueue(database.db, { kind: 'test.shared', payload: { n } });
    const counts = await Promise.all(runners.map((runner) => runner.runDueJobs()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(40);
    expect([...ran].sort((a, b) => a - b)).toEqual([...Array(40).keys()]);
  });

  it('keeps the next occurrence of a recurring job enqueued, once for every runner', async () => {
    const tomorrow = new Date(Date.UTC(2099, 0, 1, 7));
    const runners = [new JobRunner(database.db), new JobRunner(database.db)];
    for (const runner of runners) {
      runner.register('test.daily', async () => {});
      runner.every('test.daily', () => tomorrow);
      await runner.runDueJobs();
    }
    expect(await jobRows()).toMatchObject([
      { kind: 'test.daily', key: `test.daily@${tomorrow.toISOString()}` },
    ]);
  });

  it('runs due jobs once started, and stop() waits for the running job', async () => {
    const runner = new JobRunner(database.db, { pollMs: 20 });
    let release: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      runner.register('test.slow', async () => {
        resolve();
        await new Promise<void>((done) => {
          release = done;
        });
      });
    });
    await enqueue(database.db, { kind: 'test.slow' });
    runner.start();
    await started;
    let stopped = false;
    const stopping = runner.stop().then(() => {
      stopped = true;
    });
    await Promise.resolve();
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(await jobRows()).toMatchObject([{ kind: 'test.slow', done: true }]);
  });
});
