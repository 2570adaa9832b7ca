import type { TAdminUserPermissions, ZAdminUserListQuery } from '@parity/domain/admin-users';
import {
  CUSTOM_PERMISSION_SET,
  PERMISSION_FLAGS,
  PERMISSION_SET_NAMES,
  type PermissionFlags,
  permissionSetFlags,
} from '@parity/domain/permissions';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, ne, not, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import { options } from '../../../db/schema/dictionaries';
import { memberships, organizations, refreshTokens, userRoles, users } from '../../../db/schema/people';

type ListQuery = z.output<typeof ZAdminUserListQuery>;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

const userColumns = {
  id: users.id,
  name: users.name,
  lastname: users.lastname,
  email: users.email,
  title: users.title,
  is_sadm: users.is_sadm,
  two_fa_enabled: users.two_fa_enabled,
  created_at: users.created_at,
  last_login_at: users.last_login_at,
  deleted_at: users.deleted_at,
  erased_at: users.erased_at,
  organization_id: organizations.id,
  organization_name: organizations.name,
  membership_id: memberships.id,
  status: memberships.status,
  manage_settings: memberships.manage_settings,
  user_manage_surveys: memberships.user_manage_surveys,
  survey_creation: memberships.survey_creation,
  average_lpi_score_access: memberships.average_lpi_score_access,
};

function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  return sql`((${users.name} || ' ' || ${users.lastname}) ILIKE ${pattern} OR ${users.email} ILIKE ${pattern})`;
}

function roleCondition(role: ListQuery['role']): SQL | undefined {
  switch (role) {
    case 'sadm':
      return eq(users.is_sadm, true);
    case 'org_admin':
      return and(eq(memberships.status, 'approved'), eq(memberships.manage_settings, true));
    case 'survey_host':
      return and(eq(memberships.status, 'approved'), eq(memberships.user_manage_surveys, true));
    case 'member':
      return and(
        eq(users.is_sadm, false),
        eq(memberships.status, 'approved'),
        eq(memberships.manage_settings, false),
        eq(memberships.user_manage_surveys, false),
      );
    default:
      return undefined;
  }
}

/** A member of a live organization whose four flags are exactly these. */
const flagsAre = (flags: PermissionFlags) =>
  and(isNotNull(organizations.id), ...PERMISSION_FLAGS.map((flag) => eq(memberships[flag], flags[flag])));

/** The permission set filter: the set's exact flags; 'Custom', an organization's flags no set has. */
function permissionSetCondition(name: ListQuery['permission_set']): SQL | undefined {
  if (!name) return undefined;
  if (name === CUSTOM_PERMISSION_SET) {
    const anySet = or(...PERMISSION_SET_NAMES.map((set) => flagsAre(permissionSetFlags(set))));
    return and(isNotNull(organizations.id), anySet ? not(anySet) : undefined);
  }
  return flagsAre(permissionSetFlags(name));
}

/**
 * The list's filters over users LEFT JOIN memberships (and their live organization): active
 * accounts matching search, status, organization and role. The users report shares them.
 */
export function activeUsersWhere(
  query: Pick<ListQuery, 'search' | 'status' | 'organization_id' | 'role'> &
    Partial<Pick<ListQuery, 'permission_set'>>,
): SQL | undefined {
  return and(
    isNull(users.deleted_at),
    searchCondition(query.search),
    query.status ? eq(memberships.status, query.status) : undefined,
    query.organization_id ? eq(memberships.organization_id, query.organization_id) : undefined,
    roleCondition(query.role),
    permissionSetCondition(query.permission_set),
  );
}

const SORT_COLUMNS = {
  name: sql`lower(${users.name} || ' ' || ${users.lastname})`,
  email: sql`lower(${users.email})`,
  created_at: sql`${users.created_at}`,
  last_login_at: sql`${users.last_login_at}`,
};

/**
 * A page of active accounts with their organization, and the count of all that match, in one
 * statement (a window count). Memberships of a deleted organization count as none.
 */
export async function listUsers(db: DbOrTx, query: ListQuery) {
  const where = activeUsersWhere(query);
  const column = SORT_COLUMNS[query.sort_by];
  const order = query.sort_order === 'asc' ? sql`${column} ASC NULLS LAST` : sql`${column} DESC NULLS LAST`;
  return db
    .select({ ...userColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(users)
    .leftJoin(memberships, eq(memberships.user_id, users.id))
    .leftJoin(
      organizations,
      and(eq(organizations.id, memberships.organization_id), isNull(organizations.deleted_at)),
    )
    .where(where)
    .orderBy(order, asc(users.id))
    .limit(query.limit)
    .offset(query.offset);
}

export type UserRow = Awaited<ReturnType<typeof findUser>>;

/** One account (active or archived) with its membership, locked in a write's transaction. */
export async function findUser(db: DbOrTx, userId: number, lock = false) {
  const q = db
    .select(userColumns)
    .from(users)
    .leftJoin(memberships, eq(memberships.user_id, users.id))
    .leftJoin(
      organizations,
      and(eq(organizations.id, memberships.organization_id), isNull(organizations.deleted_at)),
    )
    .where(eq(users.id, userId));
  const [row] = lock ? await q.for('update', { of: users }) : await q;
  return row;
}

export async function emailTaken(db: DbOrTx, email: string, exceptUserId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, exceptUserId)));
  return row !== undefined;
}

export async function updateUser(
  db: DbOrTx,
  userId: number,
  values: Partial<{
    name: string;
    lastname: string;
    title: string | null;
    email: string;
    is_sadm: boolean;
    two_fa_enabled: boolean;
    deleted_at: Date | null;
    password_hash: string;
  }>,
  now: Date,
) {
  await db
    .update(users)
    .set({ ...values, updated_at: now })
    .where(eq(users.id, userId));
}

export async function setMembershipFlags(
  db: DbOrTx,
  membershipId: number,
  flags: Omit<TAdminUserPermissions, 'is_sadm'>,
  now: Date,
) {
  await db
    .update(memberships)
    .set({ ...flags, updated_at: now })
    .where(eq(memberships.id, membershipId));
}

/** The active platform administrators, locked (the last one may not be demoted). */
export async function lockPlatformAdmins(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.is_sadm, true), isNull(users.deleted_at)))
    .for('update');
  return rows.map((r) => r.id);
}

export async function listArchived(db: DbOrTx, search: string | undefined, limit: number, offset: number) {
  return (
    db
      .select({
        id: users.id,
        name: users.name,
        lastname: users.lastname,
        email: users.email,
        deleted_at: users.deleted_at,
        organization_id: organizations.id,
        organization_name: organizations.name,
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(users)
      .leftJoin(memberships, eq(memberships.user_id, users.id))
      .leftJoin(
        organizations,
        and(eq(organizations.id, memberships.organization_id), isNull(organizations.deleted_at)),
      )
      // An erased account (DELETE /api/user-account) is gone for good: not listed, not restored.
      .where(and(isNotNull(users.deleted_at), isNull(users.erased_at), searchCondition(search)))
      .orderBy(desc(users.deleted_at), asc(users.id))
      .limit(limit)
      .offset(offset)
  );
}

const ROLES_GROUP = 'roles';

/** A user's roles from the `roles` dictionary, in the dictionary's order. */
export async function userRolesOf(db: DbOrTx, userId: number): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: options.id, name: options.name })
    .from(userRoles)
    .innerJoin(options, and(eq(options.group, userRoles.role_group), eq(options.id, userRoles.role_id)))
    .where(eq(userRoles.user_id, userId))
    .orderBy(asc(options.order), asc(options.id));
}

/** The ids among these that the `roles` dictionary holds. */
export async function existingRoleIds(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: options.id })
    .from(options)
    .where(and(eq(options.group, ROLES_GROUP), inArray(options.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Replaces a user's roles with these. */
export async function setUserRoles(db: DbOrTx, userId: number, roleIds: number[]) {
  await db.delete(userRoles).where(eq(userRoles.user_id, userId));
  if (roleIds.length > 0)
    await db
      .insert(userRoles)
      .values(roleIds.map((role_id) => ({ user_id: userId, role_group: ROLES_GROUP, role_id })));
}

/** A user's live sign-ins (refresh-token families neither revoked nor past their absolute expiry). */
export async function countLiveSessions(db: DbOrTx, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(DISTINCT ${refreshTokens.family_id})::int` })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.user_id, userId),
        isNull(refreshTokens.revoked_at),
        gt(refreshTokens.family_expires_at, now),
      ),
    );
  return row?.count ?? 0;
}
