import type {
  TOrganizationDirectory,
  TOrganizationDirectoryQuery,
  TOrganizationPublic,
} from '@parity/domain/organization';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../errors';
import { loadCaller, requireAllowed } from '../users/service';
import * as repo from './repo';

/** The directory of public organizations; approved members and platform admins only (else 403). */
export async function listOrganizations(
  db: DbOrTx,
  callerId: number,
  q: TOrganizationDirectoryQuery,
): Promise<TOrganizationDirectory> {
  requireAllowed(await loadCaller(db, callerId));
  const { rows, total } = await repo.listPublic(db, {
    search: q.search_query || undefined,
    legalStructureId: q.legal_structure_id,
    limit: q.limit,
    offset: q.offset,
    sortBy: q.sort_by,
    sortOrder: q.sort_order,
  });
  return { data: rows, total };
}

/**
 * The public page of one organization. A private or deleted organization is there only for its
 * own approved members and platform admins; anyone else gets 404 (its existence is not told).
 */
export async function getOrganization(
  db: DbOrTx,
  callerId: number,
  organizationId: number,
): Promise<TOrganizationPublic> {
  const caller = await loadCaller(db, callerId);
  requireAllowed(caller);
  const org = await repo.findOrganization(db, organizationId);
  if (!org) throw notFound('Organization');
  const own = caller.row.organization?.id === org.id && caller.row.membership?.status === 'approved';
  const visible = (org.is_public && !org.deleted_at) || own || caller.row.user.is_sadm;
  if (!visible) throw notFound('Organization');
  const { is_public: _p, deleted_at: _d, ...page } = org;
  return page;
}
