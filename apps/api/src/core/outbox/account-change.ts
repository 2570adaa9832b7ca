import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * The PostgreSQL channel that carries `{user_id}` when that user's account changed in a way their
 * open pages show (membership status, organization, rights, roles): every API process's
 * notification hub tells the user's open streams, whose pages read the account again.
 */
export const ACCOUNT_CHANGES_CHANNEL = 'parity_account_changes';

/**
 * Announces that these users' accounts changed: call it with the `tx` of the write that changes
 * them, as notify() is called, so PostgreSQL delivers it only when that write commits (a
 * rolled-back change announces nothing). An end of the user's sessions needs none: it ends their
 * streams (core/auth/session-end.ts).
 */
export async function signalAccountChange(tx: DbOrTx, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  const ids = sql.raw(`ARRAY[${[...new Set(userIds)].map((id) => Number(id)).join(',')}]::int[]`);
  await tx.execute(
    sql`SELECT pg_notify(${ACCOUNT_CHANGES_CHANNEL}, json_build_object('user_id', id)::text) FROM unnest(${ids}) AS id`,
  );
}
