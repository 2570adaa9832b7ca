import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * The PostgreSQL channel that carries `{user_id}` when sign-ins of that user end: every API
 * process's notification hub then ends the user's open event streams whose sign-in is no longer
 * alive (the auth hook's own check), so a stream ends with its session, not when its token expires.
 */
export const SESSION_ENDS_CHANNEL = 'parity_session_ends';

/**
 * Announces that sign-ins of a user ended: call it with the `tx` of the write that ends them
 * (a revoked refresh-token family, a deleted or erased account). PostgreSQL delivers the NOTIFY
 * only when that transaction commits, so a rolled-back end ends no stream, and a committed one is
 * seen by every process. Every path that ends a session calls it (auth's revokeAllSessions does).
 */
export async function signalSessionEnd(tx: DbOrTx, userId: number): Promise<void> {
  await tx.execute(
    sql`SELECT pg_notify(${SESSION_ENDS_CHANNEL}, json_build_object('user_id', ${Number(userId)}::int)::text)`,
  );
}
