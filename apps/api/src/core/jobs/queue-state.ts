import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** The states a job of the `jobs` table is in, as the metrics name them. */
export const JOB_STATES = ['due', 'scheduled', 'leased', 'retrying', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * How many jobs are in each state, read from the table (every process's jobs):
 * due: waiting for a runner now; scheduled: not yet due, never attempted; leased: taken for its
 * first attempt (running, or its process died and the lease is not over); retrying: an attempt
 * failed, waiting for the next one or running it; failed: gave up after its last attempt.
 * Done jobs are not counted.
 */
export async function jobQueueState(db: Db): Promise<Record<JobState, number>> {
  const result = await db.execute(sql`
    SELECT
      count(*) FILTER (WHERE failed_at IS NULL AND run_at <= now())::int AS due,
      count(*) FILTER (WHERE failed_at IS NULL AND run_at > now() AND attempts = 0)::int AS scheduled,
      count(*) FILTER (WHERE failed_at IS NULL AND run_at > now() AND attempts > 0 AND last_error IS NULL)::int AS leased,
      count(*) FILTER (WHERE failed_at IS NULL AND run_at > now() AND attempts > 0 AND last_error IS NOT NULL)::int AS retrying,
      count(*) FILTER (WHERE failed_at IS NOT NULL)::int AS failed
    FROM jobs WHERE done_at IS NULL`);
  const row = (result as unknown as { rows: Record<JobState, number>[] }).rows[0]!;
  return Object.fromEntries(JOB_STATES.map((state) => [state, Number(row[state])])) as Record<
    JobState,
    number
  >;
}
