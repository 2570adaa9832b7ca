import type {
  TAdminCode,
  TAdminCodeCreate,
  TAdminCodeList,
  TAdminCodeStatus,
  TAdminCodesQuery,
} from '@parity/domain/admin-codes';
import { CODE_EXPIRY_PAST_MESSAGE } from '@parity/domain/organization-invitations';
import { loadCaller } from '../../../core/access/caller';
import { requirePlatformAdmin } from '../../../core/access/platform-admin-guard';
import { audit } from '../../../core/audit';
import { AppError, conflict, fieldIssue, notFound } from '../../../core/http/errors';
import type { Db, DbOrTx } from '../../../db/client';
import { newCode } from '../../organizations/service';
import * as repo from './repo';

type CodeRow = NonNullable<Awaited<ReturnType<typeof repo.findCode>>>;

function statusOf(row: Pick<CodeRow, 'expires_at' | 'revoked_at'>, now: Date): TAdminCodeStatus {
  if (row.revoked_at) return 'revoked';
  if (row.expires_at && row.expires_at.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

function toCode(row: CodeRow, now: Date): TAdminCode {
  return {
    id: row.id,
    code: row.code,
    organization: row.organization,
    expires_at: row.expires_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    status: statusOf(row, now),
  };
}

export async function getCodes(
  db: DbOrTx,
  userId: number,
  query: TAdminCodesQuery,
  now = new Date(),
): Promise<TAdminCodeList> {
  requirePlatformAdmin(await loadCaller(db, userId));
  const { rows, total } = await repo.listCodes(db, query.search || undefined, query.limit, query.offset);
  return { data: rows.map((row) => toCode(row, now)), total };
}

/** A fresh code value for the organization; a taken value (rare) is drawn again. */
async function insertFreshCode(tx: DbOrTx, organizationId: number, expiresAt: Date | null) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await repo.insertCode(tx, {
      organization_id: organizationId,
      code: newCode(),
      expires_at: expiresAt,
    });
    if (row) return row;
  }
  throw new AppError(503, 'code_unavailable', 'No new code could be made. Please try again.');
}

async function loaded(tx: DbOrTx, id: number, now: Date): Promise<TAdminCode> {
  const row = await repo.findCode(tx, id);
  if (!row) throw notFound('Code');
  return toCode(row, now);
}

/** POST /api/admin/codes: a new code for an organization; its other codes keep working. */
export async function createCode(db: Db, userId: number, input: TAdminCodeCreate, now = new Date()) {
  const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime())
    throw fieldIssue('expires_at', CODE_EXPIRY_PAST_MESSAGE);
  return db.transaction(async (tx) => {
    requirePlatformAdmin(await loadCaller(tx, userId));
    const organization = await repo.findLiveOrganization(tx, input.organization_id);
    if (!organization) throw fieldIssue('organization_id', 'No such organization');
    const row = await insertFreshCode(tx, organization.id, expiresAt);
    // The code values stay out of the log (they are secrets of the organization).
    await audit(tx, {
      actorId: userId,
      organizationId: organization.id,
      entity: 'organization_code',
      entityId: row.id,
      action: 'create',
      after: { code_id: row.id, expires_at: expiresAt?.toISOString() ?? null },
      at: now,
    });
    return loaded(tx, row.id, now);
  });
}

/**
 * POST /api/admin/codes/{id}/rotate: a new value in place of a code that is not revoked; the old
 * one is revoked. The new code keeps the old expiry while it is in the future, else has none.
 */
export async function rotateCode(db: Db, userId: number, id: number, now = new Date()) {
  return db.transaction(async (tx) => {
    requirePlatformAdmin(await loadCaller(tx, userId));
    const old = await repo.findCode(tx, id);
    if (!old) throw notFound('Code');
    if (!(await repo.revokeCode(tx, id, now))) throw conflict('This code is already revoked.');
    const expiresAt = old.expires_at && old.expires_at.getTime() > now.getTime() ? old.expires_at : null;
    const row = await insertFreshCode(tx, old.organization.id, expiresAt);
    await audit(tx, {
      actorId: userId,
      organizationId: old.organization.id,
      entity: 'organization_code',
      entityId: row.id,
      action: 'rotate',
      before: { revoked_code_ids: [old.id] },
      after: { code_id: row.id, expires_at: expiresAt?.toISOString() ?? null },
      at: now,
    });
    return loaded(tx, row.id, now);
  });
}

/** POST /api/admin/codes/{id}/revoke: the code stops working at once. */
export async function revokeCode(db: Db, userId: number, id: number, now = new Date()) {
  return db.transaction(async (tx) => {
    requirePlatformAdmin(await loadCaller(tx, userId));
    const old = await repo.findCode(tx, id);
    if (!old) throw notFound('Code');
    if (!(await repo.revokeCode(tx, id, now))) throw conflict('This code is already revoked.');
    await audit(tx, {
      actorId: userId,
      organizationId: old.organization.id,
      entity: 'organization_code',
      entityId: id,
      action: 'revoke',
      before: { code_id: id, revoked_at: null },
      after: { code_id: id, revoked_at: now.toISOString() },
      at: now,
    });
    return loaded(tx, id, now);
  });
}
