import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, pendingMigrations } from '../../db/client';

/** A readiness check that waits longer than this answers not ready (a hung connection). */
export const READY_TIMEOUT_MS = 3000;

export type Readiness = { status: 'ready' } | { status: 'not_ready'; reason: string };

interface Log {
  warn(object: object, message: string): void;
}

function withinTime<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Ready to serve: the database answers `SELECT 1` and has applied every migration of the journal
 * this build ships. The reason names what is wrong, never a database error's text (logged instead).
 */
export async function readiness(db: Db, log: Log): Promise<Readiness> {
  try {
    await withinTime(db.execute(sql`SELECT 1`), READY_TIMEOUT_MS, 'SELECT 1');
  } catch (err) {
    log.warn({ err }, 'readiness: the database is unreachable');
    return { status: 'not_ready', reason: 'The database is unreachable.' };
  }
  let pending: string[];
  try {
    pending = await withinTime(pendingMigrations(db), READY_TIMEOUT_MS, 'reading the applied migrations');
  } catch (err) {
    log.warn({ err }, 'readiness: the applied migrations could not be read');
    return { status: 'not_ready', reason: 'The applied migrations could not be read.' };
  }
  if (pending.length > 0) {
    return {
      status: 'not_ready',
      reason: `${pending.length} migration${pending.length === 1 ? ' is' : 's are'} not applied (first: ${pending[0]}).`,
    };
  }
  return { status: 'ready' };
}

/** The Authorization header carries `Bearer <expected>`; compared in constant time. */
export function isMetricsToken(expected: string, authorization: string | undefined): boolean {
  if (!authorization?.startsWith('Bearer ')) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(authorization.slice(7).trim()), digest(expected));
}
