import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberships, organizations, users } from '../../db/schema/people';

export interface Caller {
  id: number;
  is_sadm: boolean;
  membership: {
    organization_id: number;
    status: 'pending' | 'approved' | 'declined';
    manage_settings: boolean;
  } | null;
}

/** The signed-in user, their membership and whether its organization exists; undefined when deleted. */
export async function findCaller(db: DbOrTx, userId: number): Promise<Caller | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      is_sadm: users.is_sadm,
      organization_id: organizations.id,
      status: memberships.status,
      manage_settings: memberships.manage_settings,
    })
    .from(users)
    .leftJoin(memberships, eq(memberships.user_id, users.id))
    .leftJoin(
      organizations,
      and(eq(organizations.id, memberships.organization_id), isNull(organizations.deleted_at)),
    )
    .where(and(eq(users.id, userId), isNull(users.deleted_at)));
  if (!row) return undefined;
  return {
    id: row.id,
    is_sadm: row.is_sadm,
    membership:
      row.organization_id !== null && row.status !== null
        ? {
            organization_id: row.organization_id,
            status: row.status,
            manage_settings: row.manage_settings ?? false,
          }
        : null,
  };
}

export async function organizationExists(db: DbOrTx, organizationId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), isNull(organizations.deleted_at)));
  return row !== undefined;
}

export async function findOrganizationName(db: DbOrTx, organizationId: number) {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.name;
}

const memberColumns = {
  id: users.id,
  name: users.name,
  lastname: users.lastname,
  email: users.email,
  image: users.image,
  status: memberships.status,
  manage_settings: memberships.manage_settings,
  user_manage_surveys: memberships.user_manage_surveys,
  survey_creation: memberships.survey_creation,
  average_lpi_score_access: memberships.average_lpi_score_access,
  created_at: memberships.created_at,
};

/** Members of an organization (every status), pending first, then by joining date. */
export async function listMembers(db: DbOrTx, organizationId: number) {
  return db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, and(eq(users.id, memberships.user_id), isNull(users.deleted_at)))
    .where(eq(memberships.organization_id, organizationId))
    .orderBy(sql`(${memberships.status} = 'pending') DESC`, asc(memberships.created_at), asc(users.id));
}

/** Approved admins (manage_settings) of an organization, oldest first. */
export async function listAdmins(db: DbOrTx, organizationId: number) {
  return db
    .select({
      id: users.id,
      name: users.name,
      lastname: users.lastname,
      email: users.email,
      image: users.image,
    })
    .from(memberships)
    .innerJoin(users, and(eq(users.id, memberships.user_id), isNull(users.deleted_at)))
    .where(
      and(
        eq(memberships.organization_id, organizationId),
        eq(memberships.status, 'approved'),
        eq(memberships.manage_settings, true),
      ),
    )
    .orderBy(asc(memberships.created_at), asc(users.id));
}

/** A (not deleted) user's membership in this organization, locked for the transaction. */
export async function findMemberForUpdate(db: DbOrTx, organizationId: number, userId: number) {
  const [row] = await db
    .select({ membershipId: memberships.id, ...memberColumns })
    .from(memberships)
    .innerJoin(users, and(eq(users.id, memberships.user_id), isNull(users.deleted_at)))
    .where(and(eq(memberships.organization_id, organizationId), eq(memberships.user_id, userId)))
    .for('update', { of: memberships });
  return row;
}

export async function decide(
  db: DbOrTx,
  membershipId: number,
  status: 'approved' | 'declined',
  decidedBy: number,
  at: Date,
): Promise<void> {
  await db
    .update(memberships)
    .set({ status, decided_at: at, decided_by: decidedBy, updated_at: at })
    .where(eq(memberships.id, membershipId));
}

/** Locks the organization's approved admins' memberships; answers their user ids. */
export async function lockApprovedAdmins(db: DbOrTx, organizationId: number): Promise<number[]> {
  const rows = await db
    .select({ user_id: memberships.user_id })
    .from(memberships)
    .innerJoin(users, and(eq(users.id, memberships.user_id), isNull(users.deleted_at)))
    .where(
      and(
        eq(memberships.organization_id, organizationId),
        eq(memberships.status, 'approved'),
        eq(memberships.manage_settings, true),
      ),
    )
    .for('update', { of: memberships });
  return rows.map((r) => r.user_id);
}

export async function setPermissions(
  db: DbOrTx,
  membershipId: number,
  flags: {
    manage_settings: boolean;
    user_manage_surveys: boolean;
    survey_creation: boolean;
    average_lpi_score_access: boolean;
  },
  at: Date,
): Promise<void> {
  await db
    .update(memberships)
    .set({ ...flags, updated_at: at })
    .where(eq(memberships.id, membershipId));
}

export async function deleteMembership(db: DbOrTx, membershipId: number): Promise<void> {
  await db.delete(memberships).where(eq(memberships.id, membershipId));
}

/** Clears the organization's primary contact when it is this user; true when it was. */
export async function clearPrimaryContact(db: DbOrTx, organizationId: number, userId: number, at: Date) {
  const rows = await db
    .update(organizations)
    .set({ primary_contact_id: null, updated_at: at })
    .where(and(eq(organizations.id, organizationId), eq(organizations.primary_contact_id, userId)))
    .returning({ id: organizations.id });
  return rows.length > 0;
}
