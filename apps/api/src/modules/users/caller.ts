import { type AccountFlags, AWAITING_APPROVAL_MESSAGE, accountFlags } from '@parity/domain/permissions';
import type { DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../errors';
import * as repo from './repo';

// The guard every module uses: who the caller is and what they may do (DESIGN 5). Rights are read
// from the database on every request, so a change of permissions counts from the next call.

export interface Caller {
  row: repo.UserProfileRow;
  flags: AccountFlags;
}

/** The signed-in caller with their rights; a deleted account is treated as signed out (404). */
export async function loadCaller(db: DbOrTx, userId: number): Promise<Caller> {
  const row = await repo.findUserProfile(db, userId);
  if (!row) throw notFound('User');
  return { row, flags: flagsOf(row) };
}

export function flagsOf(row: repo.UserProfileRow): AccountFlags {
  return accountFlags({ is_sadm: row.user.is_sadm, membership: row.organization ? row.membership : null });
}

/** Function-level rule of routes for allowed accounts (approved members, platform admins). */
export function requireAllowed(caller: Caller) {
  if (!caller.flags.isAllowed) throw new AppError(403, 'awaiting_approval', AWAITING_APPROVAL_MESSAGE);
}
