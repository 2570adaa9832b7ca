import type { TCurrentAccount } from '@parity/domain/auth';
import { flagsOf } from '../../core/access/caller';
import type { UserProfileRow } from '../../core/access/user-profile';

/**
 * The current account (slim, spec 3), from the caller's profile as the auth hook read it and the
 * same rights as every module's guard (loadCaller): organization rights count only for an
 * approved member, and a membership in a deleted organization counts as none.
 */
export function getCurrentAccount(row: UserProfileRow): TCurrentAccount {
  const flags = flagsOf(row);
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
