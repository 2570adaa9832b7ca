import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The durable job runner's queue (`core/jobs`): one row per job, taken with FOR UPDATE SKIP LOCKED
 * so that several API processes share it. A taken job's `run_at` moves one lease ahead: a process
 * that dies while running it leaves it due again once the lease is over.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** the handler that runs it, e.g. 'notifications.mail' */
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    /** dedupe: a second job with the same key is not enqueued (one digest per user per day) */
    key: text('key'),
    run_at: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    done_at: timestamp('done_at', { withTimezone: true }),
    /** set when it failed its last allowed attempt: it is not run again */
    failed_at: timestamp('failed_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('jobs_key_idx').on(t.key),
    index('jobs_due_idx').on(t.run_at).where(sql`${t.done_at} IS NULL AND ${t.failed_at} IS NULL`),
  ],
);
