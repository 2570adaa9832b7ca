import {
  ARCHIVE_SELF_MESSAGE,
  ARCHIVED_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  LAST_PLATFORM_ADMIN_MESSAGE,
  NO_MEMBERSHIP_MESSAGE,
  OWN_ADMIN_RIGHT_MESSAGE,
  passwordResetSentMessage,
  RESTORED_MESSAGE,
  type TAdminMessage,
  type TAdminPasswordReset,
  type TAdminPasswordResetResult,
  type TAdminPermissionsUpdate,
  type TAdminRolesUpdate,
  type TAdminUser,
  type TAdminUserList,
  type TAdminUserRow,
  type TAdminUserUpdate,
  type TArchivedUserList,
  TWO_FACTOR_DISABLED_MESSAGE,
  unknownRolesMessage,
  type ZAdminUserListQuery,
  type ZArchivedUserListQuery,
} from '@parity/domain/admin-users';
import { permissionSetsOf } from '@parity/domain/permissions';
import type { z } from 'zod';
import { loadCaller } from '../../../core/access/caller';
import { requirePlatformAdmin } from '../../../core/access/platform-admin-guard';
import { audit, changed } from '../../../core/audit';
import { hashPassword } from '../../../core/auth/passwords';
import { newOpaqueToken } from '../../../core/auth/tokens';
import { badRequest, conflict, notFound } from '../../../core/http/errors';
import { signalAccountChange } from '../../../core/outbox/account-change';
import type { Db, DbOrTx } from '../../../db/client';
import { type AuthDeps, requestPasswordReset, revokeAllSessions } from '../../auth/service';
import { type Decision, decide } from '../../members/service';
import * as repo from './repo';

type Row = NonNullable<repo.UserRow>;

async function requireAdmin(db: DbOrTx, callerId: number) {
  requirePlatformAdmin(await loadCaller(db, callerId));
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toRow(row: Omit<Row, 'deleted_at'>): TAdminUserRow {
  return {
    id: row.id,
    name: row.name,
    lastname: row.lastname,
    email: row.email,
    title: row.title,
    organization:
      row.organization_id !== null && row.organization_name !== null
        ? { id: row.organization_id, name: row.organization_name }
        : null,
    status: row.organization_id !== null ? row.status : null,
    is_sadm: row.is_sadm,
    two_fa_enabled: row.two_fa_enabled,
    created_at: row.created_at.toISOString(),
    last_login_at: iso(row.last_login_at),
    permission_sets: row.organization_id !== null ? permissionSetsOf(flagsOf(row)) : [],
  };
}

/** The membership's four organization flags (false without one). */
function flagsOf(row: Omit<Row, 'deleted_at'>) {
  const member = row.organization_id !== null;
  return {
    manage_settings: member && !!row.manage_settings,
    user_manage_surveys: member && !!row.user_manage_surveys,
    survey_creation: member && !!row.survey_creation,
    average_lpi_score_access: member && !!row.average_lpi_score_access,
  };
}

function permissionsOf(row: Row) {
  return { is_sadm: row.is_sadm, ...flagsOf(row) };
}

async function toUser(db: DbOrTx, row: Row): Promise<TAdminUser> {
  return {
    ...toRow(row),
    permissions: permissionsOf(row),
    user_roles: await repo.userRolesOf(db, row.id),
    deleted_at: iso(row.deleted_at),
  };
}

const fullName = (u: { name: string; lastname: string }) => `${u.name} ${u.lastname}`.trim();

/** GET /api/admin/users: active accounts, filtered, sorted and paged. */
export async function listUsers(
  db: Db,
  callerId: number,
  query: z.output<typeof ZAdminUserListQuery>,
): Promise<TAdminUserList> {
  await requireAdmin(db, callerId);
  const rows = await repo.listUsers(db, query);
  // Past the last page the window count has no row to ride on: count again.
  const total =
    rows[0]?.total ??
    (query.offset > 0 ? ((await repo.listUsers(db, { ...query, offset: 0, limit: 1 }))[0]?.total ?? 0) : 0);
  return { data: rows.map(toRow), total };
}

/** GET /api/admin/users/{userId}: an active account with its membership and permissions. */
export async function getUser(db: Db, callerId: number, userId: number): Promise<TAdminUser> {
  await requireAdmin(db, callerId);
  const row = await repo.findUser(db, userId);
  if (!row || row.deleted_at) throw notFound('User');
  return toUser(db, row);
}

/** An active account, locked for the write (404 when missing or archived). */
async function lockActive(tx: DbOrTx, userId: number): Promise<Row> {
  const row = await repo.findUser(tx, userId, true);
  if (!row || row.deleted_at) throw notFound('User');
  return row;
}

/** PUT /api/admin/users/{userId}: name, last name, title and email (unique: 409). */
export async function updateUser(
  db: Db,
  callerId: number,
  userId: number,
  input: TAdminUserUpdate,
  now = new Date(),
): Promise<TAdminUser> {
  return db.transaction(async (tx) => {
    await requireAdmin(tx, callerId);
    const row = await lockActive(tx, userId);
    if (await repo.emailTaken(tx, input.email, userId)) throw conflict(EMAIL_TAKEN_MESSAGE);
    const next = {
      name: input.name,
      lastname: input.lastname,
      title: input.title || null,
      email: input.email,
    };
    const diff = changed(
      { name: row.name, lastname: row.lastname, title: row.title, email: row.email },
      next,
    );
    if (diff.any) {
      await repo.updateUser(tx, userId, next, now);
      await audit(tx, {
        actorId: callerId,
        organizationId: row.organization_id,
        entity: 'user',
        entityId: userId,
        action: 'update',
        before: diff.before,
        after: diff.after,
        at: now,
      });
    }
    return toUser(tx, { ...row, ...next });
  });
}

/**
 * POST /api/admin/users/{userId}/approve|decline: the members module's decision (its transaction,
 * audit entry, notification and mail); 404 without a membership, 409 when not pending.
 */
export async function decideUser(
  deps: AuthDeps,
  callerId: number,
  userId: number,
  decision: Decision,
): Promise<TAdminUser> {
  await requireAdmin(deps.db, callerId);
  const row = await repo.findUser(deps.db, userId);
  if (!row || row.deleted_at || row.organization_id === null) throw notFound('User');
  await decide(
    deps.db,
    (message) => deps.mailer.send(message),
    deps.publicUrl,
    callerId,
    row.organization_id,
    userId,
    decision,
  );
  return getUser(deps.db, callerId, userId);
}

/**
 * POST /api/admin/users/{userId}/password-reset: the auth module's reset mail and, unless asked
 * not to, the end of every session of the user at once (whoever holds one is signed out before
 * the link is used), counted in the answer and the audit log.
 */
export async function sendPasswordReset(
  deps: AuthDeps,
  callerId: number,
  userId: number,
  input: TAdminPasswordReset,
  now = new Date(),
): Promise<TAdminPasswordResetResult> {
  const { row, sessionsEnded } = await deps.db.transaction(async (tx) => {
    await requireAdmin(tx, callerId);
    const user = await lockActive(tx, userId);
    let ended: number | null = null;
    if (input.end_sessions) {
      ended = await repo.countLiveSessions(tx, userId, now);
      await revokeAllSessions(tx, userId, now);
    }
    await audit(tx, {
      actorId: callerId,
      organizationId: user.organization_id,
      entity: 'user',
      entityId: userId,
      action: 'password_reset',
      after: { user_name: fullName(user), end_sessions: input.end_sessions, sessions_ended: ended },
      at: now,
    });
    return { row: user, sessionsEnded: ended };
  });
  await requestPasswordReset(deps, row.email, now);
  return { message: passwordResetSentMessage(sessionsEnded), sessions_ended: sessionsEnded };
}

/** POST /api/admin/users/{userId}/two-factor/disable: for a user locked out of their mailbox. */
export async function disableTwoFactor(
  db: Db,
  callerId: number,
  userId: number,
  now = new Date(),
): Promise<TAdminUser> {
  return db.transaction(async (tx) => {
    await requireAdmin(tx, callerId);
    const row = await lockActive(tx, userId);
    if (row.two_fa_enabled) {
      await repo.updateUser(tx, userId, { two_fa_enabled: false }, now);
      await audit(tx, {
        actorId: callerId,
        organizationId: row.organization_id,
        entity: 'user',
        entityId: userId,
        action: 'disable_two_factor',
        before: { two_fa_enabled: true },
        after: { two_fa_enabled: false, message: TWO_FACTOR_DISABLED_MESSAGE },
        at: now,
      });
    }
    return toUser(tx, { ...row, two_fa_enabled: false });
  });
}

/** 409 when the change would leave the platform without an active administrator. */
async function assertKeepsAPlatformAdmin(tx: DbOrTx, userId: number) {
  const admins = await repo.lockPlatformAdmins(tx);
  if (admins.length <= 1 && admins.includes(userId)) throw conflict(LAST_PLATFORM_ADMIN_MESSAGE);
}

/** POST /api/admin/users/{userId}/archive: soft delete, every session ends; never oneself. */
export async function archiveUser(
  db: Db,
  callerId: number,
  userId: number,
  now = new Date(),
): Promise<TAdminMessage> {
  return db.transaction(async (tx) => {
    await requireAdmin(tx, callerId);
    if (userId === callerId) throw conflict(ARCHIVE_SELF_MESSAGE);
    const row = await lockActive(tx, userId);
    if (row.is_sadm) await assertKeepsAPlatformAdmin(tx, userId);
    await repo.updateUser(tx, userId, { deleted_at: now }, now);
    await revokeAllSessions(tx, userId, now);
    await audit(tx, {
      actorId: callerId,
      organizationId: row.organization_id,
      entity: 'user',
      entityId: userId,
      action: 'archive',
      before: { deleted_at: null, user_name: fullName(row) },
      after: { deleted_at: now.toISOString() },
      at: now,
    });
    return { message: ARCHIVED_MESSAGE };
  });
}

/**
 * PUT /api/admin/users/{userId}/permissions: is_sadm and the organization flags (absent ones
 * stay). Not one's own is_sadm, not the last platform administrator (409). A change is signalled
 * to the user's open pages.
 */
export async function updatePermissions(
  db: Db,
  callerId: number,
  userId: number,
  input: TAdminPermissionsUpdate,
  now = new Date(),
): Promise<TAdminUser> {
  return db.transaction(async (tx) => {
    await requireAdmin(tx, callerId);
    const row = await lockActive(tx, userId);
    const before = permissionsOf(row);
    const next = { ...before };
    for (const [key, value] of Object.entries(input) as [keyof typeof next, boolean | undefined][]) {
      if (value !== undefined) next[key] = value;
    }
    if (before.is_sadm && !next.is_sadm) {
      if (userId === callerId) throw conflict(OWN_ADMIN_RIGHT_MESSAGE);
      await assertKeepsAPlatformAdmin(tx, userId);
    }
    const { is_sadm, ...flags } = next;
    const { is_sadm: wasSadm, ...flagsBefore } = before;
    const flagsChanged = JSON.stringify(flags) !== JSON.stringify(flagsBefore);
    if (flagsChanged && row.membership_id === null) throw conflict(NO_MEMBERSHIP_MESSAGE);
    if (!flagsChanged && is_sadm === wasSadm) return toUser(tx, row);
    if (is_sadm !== wasSadm) await repo.updateUser(tx, userId, { is_sadm }, now);
    if (flagsChanged && row.membership_id !== null)
      await repo.setMembershipFlags(tx, row.membership_id, flags, now);
    await signalAccountChange(tx, [userId]);
    await audit(tx, {
      actorId: callerId,
      organizationId: row.organization_id,
      entity: 'permissions',
      entityId: userId,
      action: 'update',
      before: { ...before, user_name: fullName(row) },
      after: { ...next, user_name: fullName(row) },
      at: now,
    });
    return toUser(tx, { ...row, ...next });
  });
}

/**
 * PUT /api/admin/users/{userId}/roles: the user's roles become these ids of the `roles`
 * dictionary (400 naming unknown ids), with the names before and after in the audit log; a change
 * is signalled to the user's open pages.
 */
export async function updateRoles(
  db: Db,
  callerId: number,
  userId: number,
  input: TAdminRolesUpdate,
  now = new Date(),
): Promise<TAdminUser> {
  return db.transaction(async (tx) => {
    await requireAdmin(tx, callerId);
    const row = await lockActive(tx, userId);
    const ids = [...new Set(input.role_ids)];
    const known = await repo.existingRoleIds(tx, ids);
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length > 0) throw badRequest(unknownRolesMessage(unknown));
    const before = await repo.userRolesOf(tx, userId);
    const same = before.length === ids.length && before.every((r) => known.has(r.id));
    if (!same) {
      await repo.setUserRoles(tx, userId, ids);
      await signalAccountChange(tx, [userId]);
      const after = await repo.userRolesOf(tx, userId);
      await audit(tx, {
        actorId: callerId,
        organizationId: row.organization_id,
        entity: 'user',
        entityId: userId,
        action: 'update_roles',
        before: { user_roles: before.map((r) => r.name), user_name: fullName(row) },
        after: { user_roles: after.map((r) => r.name), user_name: fullName(row) },
        at: now,
      });
    }
    return toUser(tx, row);
  });
}

/** GET /api/admin/archived-users: archived accounts, most recently archived first. */
export async function listArchived(
  db: Db,
  callerId: number,
  query: z.output<typeof ZArchivedUserListQuery>,
): Promise<TArchivedUserList> {
  await requireAdmin(db, callerId);
  const rows = await repo.listArchived(db, query.search, query.limit, query.offset);
  const total =
    rows[0]?.total ??
    (query.offset > 0 ? ((await repo.listArchived(db, query.search, 1, 0))[0]?.total ?? 0) : 0);
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      lastname: r.lastname,
      email: r.email,
      organization:
        r.organization_id !== null && r.organization_name !== null
          ? { id: r.organization_id, name: r.organization_name }
          : null,
      deleted_at: (r.deleted_at as Date).toISOString(),
    })),
    total,
  };
}

/**
 * POST /api/admin/archived-users/{userId}/restore: the account is active again with an unusable
 * password (the old one no longer works) and its owner is mailed a reset link.
 */
export async function restoreUser(
  deps: AuthDeps,
  callerId: number,
  userId: number,
  now = new Date(),
): Promise<TAdminMessage> {
  const unusable = await hashPassword(newOpaqueToken());
  const row = await deps.db.transaction(async (tx) => {
    await requireAdmin(tx, callerId);
    const user = await repo.findUser(tx, userId, true);
    if (!user?.deleted_at || user.erased_at) throw notFound('Archived user');
    await repo.updateUser(tx, userId, { deleted_at: null, password_hash: unusable }, now);
    await audit(tx, {
      actorId: callerId,
      organizationId: user.organization_id,
      entity: 'user',
      entityId: userId,
      action: 'restore',
      before: { deleted_at: user.deleted_at.toISOString(), user_name: fullName(user) },
      after: { deleted_at: null },
      at: now,
    });
    return user;
  });
  await requestPasswordReset(deps, row.email, now);
  return { message: RESTORED_MESSAGE };
}
