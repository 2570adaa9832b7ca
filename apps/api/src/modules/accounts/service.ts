import type { TCurrentAccount } from '@parity/domain/auth';
import { accountFlags } from '@parity/domain/permissions';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../errors';
import { findAccountWithMembership } from './repo';

/**
 * The current account (slim, spec 3). Organization rights count only for an approved member;
 * a membership in a deleted organization counts as none.
 */
export async function getCurrentAccount(db: DbOrTx, userId: number): Promise<TCurrentAccount> {
  const row = await findAccountWithMembership(db, userId);
  if (!row) throw notFound('User');
  return {
    id: row.id,
    name: row.name,
    lastname: row.lastname,
    email: row.email,
    organization_id: row.organization?.id ?? null,
    organization_name: row.organization?.name ?? null,
    organization_logo: row.organization?.logo ?? null,
    ...accountFlags({ is_sadm: row.is_sadm, membership: row.organization ? row.membership : null }),
  };
}
