import type { TCurrentAccount } from '@parity/domain/auth';
import type { DbOrTx } from '../../db/client';
import { loadCaller } from '../users/caller';

/**
 * The current account (slim, spec 3), from the same read and rights as every module's guard
 * (loadCaller): organization rights count only for an approved member, and a membership in a
 * deleted organization counts as none.
 */
export async function getCurrentAccount(db: DbOrTx, userId: number): Promise<TCurrentAccount> {
  const { row, flags } = await loadCaller(db, userId);
  return {
    id: row.user.id,
    name: row.user.name,
    lastname: row.user.lastname,
    email: row.user.email,
    organization_id: row.organization?.id ?? null,
    organization_name: row.organization?.name ?? null,
    organization_logo: row.organization?.logo ?? null,
    ...flags,
  };
}
