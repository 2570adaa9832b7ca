import { ERASED_USER_NAME, erasedEmail } from '@parity/domain/data-portability';
import { and, eq } from 'drizzle-orm';
import { EMPTY_PERSONAL_FIELDS } from '../../core/access/user-profile';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/people';
import { live } from '../../db/soft-delete';

/** The live account with its password hash, locked for the erasure. */
export async function lockUserForErasure(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ id: users.id, password_hash: users.password_hash })
    .from(users)
    .where(and(eq(users.id, userId), live(users)))
    .for('update');
  return row;
}

/**
 * The user row stays (what points at it keeps pointing) with every personal field cleared, the
 * name 'Erased user', a non-routable address and a password that matches nothing.
 */
export async function pseudonymiseUser(db: DbOrTx, userId: number, unusablePasswordHash: string, at: Date) {
  await db
    .update(users)
    .set({
      email: erasedEmail(userId),
      name: ERASED_USER_NAME,
      lastname: '',
      password_hash: unusablePasswordHash,
      ...EMPTY_PERSONAL_FIELDS,
      password_expires_at: null,
      deleted_at: at,
      erased_at: at,
      updated_at: at,
    })
    .where(eq(users.id, userId));
}
