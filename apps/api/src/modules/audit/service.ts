import type { TAdminAuditList, TAdminAuditQuery } from '@parity/domain/admin-audit';
import {
  feedSummary,
  type TAuditEntry,
  type TAuditLog,
  type TFeed,
  type TPageQuery,
} from '@parity/domain/organization-audit';
import { loadCaller } from '../../core/access/caller';
import { authorizeOrganization } from '../../core/access/organization-guard';
import { requirePlatformAdmin } from '../../core/access/platform-admin-guard';
import type { DbOrTx } from '../../db/client';
import * as repo from './repo';

const actorOf = (r: { actor_id: number | null; actor_name: string | null; actor_lastname: string | null }) =>
  r.actor_id !== null ? { id: r.actor_id, name: r.actor_name ?? '', lastname: r.actor_lastname ?? '' } : null;

const iso = (d: Date | string) => new Date(d).toISOString();

const entryOf = (r: repo.EntryRow): TAuditEntry => ({
  id: r.id,
  at: iso(r.at),
  actor: actorOf(r),
  entity: r.entity,
  entity_id: r.entity_id,
  entity_name: r.entity_name,
  action: r.action,
  before: r.before ?? null,
  after: r.after ?? null,
});

/** GET /api/organizations/me/audit-log: the organization's admins only. */
export async function auditLog(db: DbOrTx, userId: number, q: TPageQuery): Promise<TAuditLog> {
  const { organizationId } = await authorizeOrganization(db, userId, 'me', 'admin');
  const { rows, total } = await repo.listEntries(db, organizationId, q.limit, q.offset);
  return { data: rows.map(entryOf), total };
}

/** GET /api/organizations/me/feed: approved members of the organization. */
export async function feed(db: DbOrTx, userId: number, q: TPageQuery): Promise<TFeed> {
  const { organizationId } = await authorizeOrganization(db, userId, 'me', 'member');
  const { rows, total } = await repo.listFeed(db, organizationId, q.limit, q.offset);
  return {
    data: rows.map((r) => {
      const actor = actorOf(r);
      return {
        id: r.id,
        at: iso(r.at),
        actor,
        kind: `${r.entity}.${r.action}`,
        summary: feedSummary(r.entity, r.action, actor, r.after, r.before),
      };
    }),
    total,
  };
}

/** GET /api/admin/audit: every audit entry of the platform (platform administrators only). */
export async function platformAuditLog(
  db: DbOrTx,
  userId: number,
  q: TAdminAuditQuery,
): Promise<TAdminAuditList> {
  requirePlatformAdmin(await loadCaller(db, userId));
  const { rows, total } = await repo.listPlatformEntries(db, q);
  return {
    data: rows.map((r) => ({
      ...entryOf(r),
      actor:
        r.actor_id !== null
          ? {
              id: r.actor_id,
              name: `${r.actor_name ?? ''} ${r.actor_lastname ?? ''}`.trim(),
              email: r.actor_email ?? '',
            }
          : null,
      organization:
        r.organization_id !== null ? { id: r.organization_id, name: r.organization_name ?? '' } : null,
    })),
    total,
  };
}
