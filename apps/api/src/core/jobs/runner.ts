import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';

export interface NewJob {
  /** the registered handler that runs it */
  kind: string;
  payload?: Record<string, unknown>;
  /** not before this time (default: now) */
  runAt?: Date;
  /** dedupe: while a job with this key exists (done or not), another is not enqueued */
  key?: string;
}

function rowsOf<R>(result: unknown): R[] {
  return (result as { rows: R[] }).rows;
}

/**
 * Adds a job. Call it with the `tx` of the write that wants it: the job exists only if that write
 * commits. Answers false when a job with the same key already exists.
 */
export async function enqueue(tx: DbOrTx, job: NewJob): Promise<boolean> {
  const runAt = (job.runAt ?? new Date()).toISOString();
  const result = await tx.execute(sql`
    INSERT INTO jobs (kind, payload, run_at, key)
    VALUES (${job.kind}, ${JSON.stringify(job.payload ?? {})}::jsonb, ${runAt}::timestamptz, ${job.key ?? null})
    ON CONFLICT (key) DO NOTHING
    RETURNING id`);
  return rowsOf(result).length > 0;
}

export interface RunningJob {
  id: number;
  kind: string;
  payload: unknown;
  /** 1 for the first run */
  attempt: number;
}

/** Runs one job; throwing fails this attempt (retried with backoff until the kind's last attempt). */
export type JobHandler = (job: RunningJob) => Promise<void>;

interface Log {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface JobRunnerOptions {
  /** how often a started runner looks for due jobs */
  pollMs?: number;
  /** attempts of a kind registered without its own */
  maxAttempts?: number;
  /** how long a taken job is held before another process may take it again (a crash) */
  leaseMs?: number;
  /** the wait before attempt n + 1 after attempt n failed */
  backoffMs?: (attempt: number) => number;
  /** done jobs older than this are deleted (their dedupe keys with them) */
  keepDoneMs?: number;
  log?: Log;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const defaultBackoff = (attempt: number) => Math.min(10_000 * 2 ** (attempt - 1), 60 * 60 * 1000);

/**
 * The durable job runner: jobs live in the `jobs` table, so they survive a restart and are
 * shared by every API process (each takes due jobs with FOR UPDATE SKIP LOCKED; works on PGlite).
 * Modules register their handlers and recurring jobs at composition (app.ts); main.ts starts it.
 * Tests call `runDueJobs()` to drain the due jobs once, deterministically.
 */
export class JobRunner {
  private readonly handlers = new Map<string, { handler: JobHandler; maxAttempts: number }>();
  private readonly recurring: { kind: string; next: (now: Date) => Date }[] = [];
  private readonly pollMs: number;
  private readonly maxAttempts: number;
  private readonly leaseMs: number;
  private readonly backoffMs: (attempt: number) => number;
  private readonly keepDoneMs: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private started = false;
  private lastCleanup = 0;

  constructor(
    private readonly db: Db,
    private readonly options: JobRunnerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 2000;
    this.maxAttempts = options.maxAttempts ?? 5;
    this.leaseMs = options.leaseMs ?? 5 * 60 * 1000;
    this.backoffMs = options.backoffMs ?? defaultBackoff;
    this.keepDoneMs = options.keepDoneMs ?? 7 * DAY_MS;
  }

  register(kind: string, handler: JobHandler, options: { maxAttempts?: number } = {}) {
    if (this.handlers.has(kind)) throw new Error(`job kind ${kind} is registered twice`);
    this.handlers.set(kind, { handler, maxAttempts: options.maxAttempts ?? this.maxAttempts });
  }

  /**
   * A recurring job: the runner keeps its next occurrence enqueued, keyed `<kind>@<time>`, so that
   * every process scheduling it adds one job per occurrence between them.
   */
  every(kind: string, next: (now: Date) => Date) {
    if (!this.handlers.has(kind)) throw new Error(`register job kind ${kind} before scheduling it`);
    this.recurring.push({ kind, next });
  }

  /** Schedules the recurring jobs, then runs due jobs until none is left. Answers how many ran. */
  async runDueJobs(): Promise<number> {
    if (this.handlers.size === 0) return 0;
    for (const { kind, next } of this.recurring) {
      const runAt = next(new Date());
      await enqueue(this.db, { kind, runAt, key: `${kind}@${runAt.toISOString()}` });
    }
    let ran = 0;
    for (;;) {
      const taken = await this.take(10);
      if (taken.length === 0) return ran;
      for (const job of taken) await this.run(job);
      ran += taken.length;
    }
  }

  /** Runs due jobs every pollMs until stop(). */
  start() {
    if (this.started) return;
    this.started = true;
    this.schedule(0);
  }

  /** Looks for due jobs now rather than at the next poll (a job was just enqueued). */
  wake() {
    if (!this.started || this.running) return;
    clearTimeout(this.timer);
    this.schedule(0);
  }

  /** Takes no more jobs and waits for the ones running to finish. */
  async stop() {
    this.started = false;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number) {
    this.timer = setTimeout(() => {
      this.running = this.tick().finally(() => {
        this.running = undefined;
        if (this.started) this.schedule(this.pollMs);
      });
    }, delayMs);
  }

  private async tick() {
    try {
      await this.runDueJobs();
      if (Date.now() - this.lastCleanup > 60 * 60 * 1000) {
        this.lastCleanup = Date.now();
        const before = new Date(Date.now() - this.keepDoneMs).toISOString();
        await this.db.execute(sql`DELETE FROM jobs WHERE done_at < ${before}::timestamptz`);
      }
    } catch (error) {
      this.options.log?.error({ err: error }, 'the job runner could not read the jobs table');
    }
  }

  private async take(limit: number): Promise<RunningJob[]> {
    const kinds = sql.join(
      [...this.handlers.keys()].map((kind) => sql`${kind}`),
      sql`, `,
    );
    const result = await this.db.execute(sql`
      UPDATE jobs SET run_at = now() + ${`${this.leaseMs} milliseconds`}::interval, attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM jobs
        WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= now() AND kind IN (${kinds})
        ORDER BY run_at, id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, kind, payload, attempts`);
    return rowsOf<{ id: number | string; kind: string; payload: unknown; attempts: number }>(result)
      .map((row) => ({ id: Number(row.id), kind: row.kind, payload: row.payload, attempt: row.attempts }))
      .sort((a, b) => a.id - b.id);
  }

  private async run(job: RunningJob) {
    const registered = this.handlers.get(job.kind)!;
    try {
      await registered.handler(job);
      await this.db.execute(sql`UPDATE jobs SET done_at = now(), last_error = NULL WHERE id = ${job.id}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const last = job.attempt >= registered.maxAttempts;
      this.options.log?.warn(
        { err: error, job: { id: job.id, kind: job.kind, attempt: job.attempt } },
        last ? 'job failed its last attempt' : 'job failed, retried later',
      );
      if (last) {
        await this.db.execute(
          sql`UPDATE jobs SET failed_at = now(), last_error = ${message} WHERE id = ${job.id}`,
        );
      } else {
        const retryAt = new Date(Date.now() + this.backoffMs(job.attempt)).toISOString();
        await this.db.execute(
          sql`UPDATE jobs SET run_at = ${retryAt}::timestamptz, last_error = ${message} WHERE id = ${job.id}`,
        );
      }
    }
  }
}
