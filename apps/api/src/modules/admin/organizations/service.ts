import {
  ALREADY_DELETED_MESSAGE,
  MERGE_DELETED_MESSAGE,
  MERGE_SELF_MESSAGE,
  MERGE_TARGET_MISSING_MESSAGE,
  NOT_DELETED_MESSAGE,
  ORGANIZATION_DELETED_MESSAGE,
  ORGANIZATION_RESTORED_MESSAGE,
  type TAdminOrganization,
  type TAdminOrganizationList,
  type TAdminOrganizationMerged,
  type TAdminOrganizationRow,
  type TAdminOrganizationSurveys,
  type TAdminOrganizationUpdate,
  type ZAdminOrganizationListQuery,
} from '@parity/domain/admin-organizations';
import { canBePubliclyTraded } from '@parity/domain/organization-form';
import { LEGAL_STRUCTURE_MESSAGE } from '@parity/domain/organization-settings';
import type { z } from 'zod';
import { loadCaller } from '../../../core/access/caller';
import { requirePlatformAdmin } from '../../../core/access/platform-admin-guard';
import { audit, changed } from '../../../core/audit';
import { conflict, fieldIssue, notFound } from '../../../core/http/errors';
import { signalAccountChange } from '../../../core/outbox/account-change';
import type { Db, DbOrTx } from '../../../db/client';
import { mergeCollisions, moveRows } from './merge';
import * as repo from './repo';

type ListRow = Awaited<ReturnType<typeof repo.listOrganizations>>[number];
const iso = (value: Date | null) => value?.toISOString() ?? null;

function toRow(row: Omit<ListRow, 'total'>): TAdminOrganizationRow {
  return {
    id: row.id,
    name: row.name,
    legal_structure:
      row.legal_structure_id === null
        ? null
        : { id: row.legal_structure_id, name: row.legal_structure_name! },
    is_public: row.is_public,
    members: row.members,
    lpi: row.lpi,
    created_at: row.created_at.toISOString(),
    deleted_at: iso(row.deleted_at),
  };
}

function toOrganization(row: repo.OrganizationRecord): TAdminOrganization {
  return {
    ...toRow(row),
    about: row.about,
    website: row.website,
    is_publicly_traded: row.is_publicly_traded,
    ticker_symbol: row.ticker_symbol,
    pending_members: row.pending_members,
    updated_at: row.updated_at.toISOString(),
  };
}

async function requireAdmin(db: DbOrTx, userId: number) {
  requirePlatformAdmin(await loadCaller(db, userId));
}

/** GET /api/admin/organizations */
export async function listOrganizations(
  db: DbOrTx,
  userId: number,
  query: z.output<typeof ZAdminOrganizationListQuery>,
): Promise<TAdminOrganizationList> {
  await requireAdmin(db, userId);
  const rows = await repo.listOrganizations(db, query);
  return { data: rows.map(toRow), total: rows[0]?.total ?? 0 };
}

/** GET /api/admin/organizations/{organizationId}: live or deleted. */
export async function getOrganization(db: DbOrTx, userId: number, id: number): Promise<TAdminOrganization> {
  await requireAdmin(db, userId);
  const row = await repo.findOrganization(db, id);
  if (!row) throw notFound('Organization');
  return toOrganization(row);
}

/** PUT /api/admin/organizations/{organizationId}: the About form; audited with what changed. */
export async function updateOrganization(
  db: Db,
  userId: number,
  id: number,
  input: TAdminOrganizationUpdate,
  now = new Date(),
): Promise<TAdminOrganization> {
  return db.transaction(async (tx) => {
    await requireAdmin(tx, userId);
    const current = await repo.findOrganization(tx, id, true);
    if (!current) throw notFound('Organization');
    if (input.legal_structure && !(await repo.legalStructureExists(tx, input.legal_structure)))
      throw fieldIssue('legal_structure', LEGAL_STRUCTURE_MESSAGE);
    const next = {
      name: input.name,
      legal_structure_id: input.legal_structure ?? null,
      is_publicly_traded: Boolean(input.is_publicly_traded) && canBePubliclyTraded(input.legal_structure),
      ticker_symbol: input.ticker_symbol || null,
      ...(input.about !== undefined ? { about: input.about || null } : {}),
      ...(input.website !== undefined ? { website: input.website || null } : {}),
      ...(input.is_public !== undefined ? { is_public: input.is_public } : {}),
    };
    const diff = changed({ ...current } as unknown as Record<string, unknown>, next);
    if (diff.any) {
      await repo.updateOrganization(tx, id, { ...next, updated_at: now });
      await audit(tx, {
        actorId: userId,
        organizationId: id,
        entity: 'organization',
        entityId: id,
        action: 'update',
        before: diff.before,
        after: diff.after,
        at: now,
      });
    }
    return toOrganization((await repo.findOrganization(tx, id))!);
  });
}

/**
 * POST .../delete and .../restore: sets or clears deleted_at. A deleted organization's members
 * sign in as members of none (core/access/user-profile.ts reads live organizations only), it leaves
 * the directory and the public pages, and its sign-up codes stop working. Its members' open pages
 * are told.
 */
export async function setDeleted(db: Db, userId: number, id: number, deleted: boolean, now = new Date()) {
  return db.transaction(async (tx) => {
    await requireAdmin(tx, userId);
    const current = await repo.findOrganization(tx, id, true);
    if (!current) throw notFound('Organization');
    if (deleted && current.deleted_at) throw conflict(ALREADY_DELETED_MESSAGE);
    if (!deleted && !current.deleted_at) throw conflict(NOT_DELETED_MESSAGE);
    await repo.updateOrganization(tx, id, { deleted_at: deleted ? now : null, updated_at: now });
    await signalAccountChange(tx, await repo.memberIds(tx, id));
    await audit(tx, {
      actorId: userId,
      organizationId: id,
      entity: 'organization',
      entityId: id,
      action: deleted ? 'delete' : 'restore',
      before: { name: current.name, deleted_at: iso(current.deleted_at) },
      after: { deleted_at: deleted ? now.toISOString() : null },
      at: now,
    });
    return {
      message: deleted ? ORGANIZATION_DELETED_MESSAGE : ORGANIZATION_RESTORED_MESSAGE,
      organization: toOrganization((await repo.findOrganization(tx, id))!),
    };
  });
}

/** GET .../surveys: what it hosts and what it was invited to. */
export async function organizationSurveys(
  db: DbOrTx,
  userId: number,
  id: number,
): Promise<TAdminOrganizationSurveys> {
  await requireAdmin(db, userId);
  if (!(await repo.findOrganization(db, id))) throw notFound('Organization');
  const [hosted, invited] = [await repo.hostedSurveys(db, id), await repo.invitedSurveys(db, id)];
  return {
    hosted: hosted.map((s) => ({ ...s, invited: Number(s.invited), submitted: Number(s.submitted) })),
    invited: invited.map((s) => ({
      id: s.id,
      title: s.title,
      host: { id: s.host_id, name: s.host_name },
      status: s.status,
      due: s.due,
      submitted_at: s.submitted_at === null ? null : new Date(s.submitted_at).toISOString(),
    })),
  };
}

/**
 * POST .../merge {into}: the source's members, codes, contacts, files, LPI data, surveys and
 * participations go to the target in one transaction, then the source is soft-deleted. The audit
 * entry (on the target) keeps both ids. Refused: into itself (400), into an unknown organization
 * (400), when either is deleted (409), on colliding data (409, merge.ts). The source's members'
 * open pages are told.
 */
export async function mergeOrganization(
  db: Db,
  userId: number,
  sourceId: number,
  targetId: number,
  now = new Date(),
): Promise<TAdminOrganizationMerged> {
  if (sourceId === targetId) throw fieldIssue('into', MERGE_SELF_MESSAGE);
  return db.transaction(async (tx) => {
    await requireAdmin(tx, userId);
    // Locked in id order, so two merges of the same pair cannot deadlock.
    const [first, second] = sourceId < targetId ? [sourceId, targetId] : [targetId, sourceId];
    const a = await repo.findOrganization(tx, first, true);
    const b = await repo.findOrganization(tx, second, true);
    const source = first === sourceId ? a : b;
    const target = first === sourceId ? b : a;
    if (!source) throw notFound('Organization');
    if (!target) throw fieldIssue('into', MERGE_TARGET_MISSING_MESSAGE);
    if (source.deleted_at || target.deleted_at) throw conflict(MERGE_DELETED_MESSAGE);
    const collisions = await mergeCollisions(tx, source.id, target.id);
    if (collisions.length > 0) {
      throw conflict(
        `${source.name} cannot be merged into ${target.name}: ${collisions.join('; ')}. Remove the duplicate data from one of them first.`,
        collisions,
      );
    }
    // The source's members, before they move: their pages now show the target organization.
    await signalAccountChange(tx, await repo.memberIds(tx, source.id));
    const moved = await moveRows(tx, source.id, target.id);
    await repo.updateOrganization(tx, source.id, { deleted_at: now, updated_at: now });
    await audit(tx, {
      actorId: userId,
      organizationId: target.id,
      entity: 'organization',
      entityId: source.id,
      action: 'merge',
      before: { source: { id: source.id, name: source.name }, target: { id: target.id, name: target.name } },
      after: { merged_into: target.id, source_deleted_at: now.toISOString(), moved },
      at: now,
    });
    return {
      message: `${source.name} was merged into ${target.name}.`,
      source: { id: source.id, name: source.name },
      target: { id: target.id, name: target.name },
      moved,
    };
  });
}
