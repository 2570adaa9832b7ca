import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberships, organizations, users } from '../../db/schema/people';
import { live } from '../../db/soft-delete';

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
    .innerJoin(users, and(eq(users.id, memberships.user_id), live(users)))
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
    .innerJoin(users, and(eq(users.id, memberships.user_id), live(users)))
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
    .innerJoin(users, and(eq(users.id, memberships.user_id), live(users)))
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

/** How many (not deleted) users are pending or approved members of the organization. */
export async function countMembers(db: DbOrTx, organizationId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(memberships)
    .innerJoin(users, and(eq(users.id, memberships.user_id), live(users)))
    .where(and(eq(memberships.organization_id, organizationId), sql`${memberships.status} <> 'declined'`));
  return row?.n ?? 0;
}

/** Locks the organization's approved admins' memberships; answers their user ids. */
export async function lockApprovedAdmins(db: DbOrTx, organizationId: number): Promise<number[]> {
  const rows = await db
    .select({ user_id: memberships.user_id })
    .from(memberships)
    .innerJoin(users, and(eq(users.id, memberships.user_id), live(users)))
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
