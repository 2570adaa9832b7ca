import { type AccountFlags, AWAITING_APPROVAL_MESSAGE, accountFlags } from '@parity/domain/permissions';
import type { DbOrTx } from '../../db/client';
import { AppError, unauthorized } from '../http/errors';
import { clientProfile, findClientPrincipal, isClientPrincipal } from './client-principal';
import { findUserProfile, type UserProfileRow } from './user-profile';

// The guard every module uses: who the caller is and what they may do (DESIGN 5). Rights are read
// from the database on every request, so a change of permissions counts from the next call.

export interface Caller {
  row: UserProfileRow;
  flags: AccountFlags;
}

/** The signed-in caller with their rights; a deleted account is signed out (401, as in the auth hook). */
export async function loadCaller(db: DbOrTx, userId: number): Promise<Caller> {
  // A client_credentials token's caller: the client as its organization (client-principal.ts).
  if (isClientPrincipal(userId)) {
    const client = await findClientPrincipal(db, { principalNo: -userId });
    if (!client) throw unauthorized();
    const row = clientProfile(client);
    return { row, flags: flagsOf(row) };
  }
  const row = await findUserProfile(db, userId);
  if (!row) throw unauthorized();
  return { row, flags: flagsOf(row) };
}

export function flagsOf(row: UserProfileRow): AccountFlags {
  return accountFlags({ is_sadm: row.user.is_sadm, membership: row.organization ? row.membership : null });
}

/** Function-level rule of routes for allowed accounts (approved members, platform admins). */
export function requireAllowed(caller: Caller) {
  if (!caller.flags.isAllowed) throw new AppError(403, 'awaiting_approval', AWAITING_APPROVAL_MESSAGE);
}
