import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * The PostgreSQL channel that carries `{user_id}` when that user's account changed in a way their
 * open pages show (membership status, organization, rights, roles): every API process's
 * notification hub tells the user's open streams, whose pages read the account again.
 */
export const ACCOUNT_CHANGES_CHANNEL = 'parity_account_changes';

/**
 * Announces that a user's account changed: call it with the `tx` of the write that changes it, as
 * notify() is called, so PostgreSQL delivers it only when that write commits (a rolled-back change
 * announces nothing). An end of the user's sessions needs none: it ends their streams
 * (core/auth/session-end.ts).
 */
export async function signalAccountChange(tx: DbOrTx, userId: number): Promise<void> {
  await tx.execute(
    sql`SELECT pg_notify(${ACCOUNT_CHANGES_CHANNEL}, json_build_object('user_id', ${Number(userId)}::int)::text)`,
  );
}
