import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberships, organizationCodes, organizations, users } from '../../db/schema/people';
import { emailVerifications, invitations } from '../../db/schema/signup';
import { live } from '../../db/soft-delete';

export interface UserByEmail {
  id: number;
  email: string;
  name: string;
  email_verified_at: Date | null;
}

/** A (not deleted) user by email, case-insensitively. */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserByEmail | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      email_verified_at: users.email_verified_at,
    })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, live(users)));
  return row;
}

/** Whether any user row (deleted ones too) holds the email: the unique index spans them all. */
export async function emailTaken(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row !== undefined;
}

/**
 * A new user; undefined when the address was taken meanwhile (the unique index on lower(email)
 * decides between two concurrent sign-ups, without failing the transaction).
 */
export async function insertUser(
  db: DbOrTx,
  user: {
    email: string;
    name: string;
    lastname: string;
    password_hash: string;
    email_verified_at: Date | null;
  },
): Promise<number | undefined> {
  const [row] = await db.insert(users).values(user).onConflictDoNothing().returning({ id: users.id });
  return row?.id;
}

/** Replaces an unverified account's details (a newer sign-up for the same address). */
export async function updateUnverifiedUser(
  db: DbOrTx,
  userId: number,
  values: { name: string; lastname: string; password_hash: string },
): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updated_at: new Date() })
    .where(and(eq(users.id, userId), isNull(users.email_verified_at)));
}

export async function markEmailVerified(db: DbOrTx, userId: number, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ email_verified_at: at, updated_at: at })
    .where(and(eq(users.id, userId), isNull(users.email_verified_at)));
}

export async function insertVerification(
  db: DbOrTx,
  row: { user_id: number; token_hash: string; expires_at: Date },
): Promise<void> {
  await db.insert(emailVerifications).values(row);
}

/** Ends every unused link of a user (a newer one was sent, or one was used). */
export async function endVerifications(db: DbOrTx, userId: number, at: Date): Promise<void> {
  await db
    .update(emailVerifications)
    .set({ used_at: at })
    .where(and(eq(emailVerifications.user_id, userId), isNull(emailVerifications.used_at)));
}

/** The verification with this hash, locked for the rest of the transaction. */
export async function findVerificationForUpdate(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      id: emailVerifications.id,
      user_id: emailVerifications.user_id,
      expires_at: emailVerifications.expires_at,
      used_at: emailVerifications.used_at,
      email: users.email,
      email_verified_at: users.email_verified_at,
      deleted_at: users.deleted_at,
    })
    .from(emailVerifications)
    .innerJoin(users, eq(users.id, emailVerifications.user_id))
    .where(eq(emailVerifications.token_hash, tokenHash))
    .for('update', { of: emailVerifications });
  return row;
}

export async function markVerificationUsed(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(emailVerifications).set({ used_at: at }).where(eq(emailVerifications.id, id));
}

/** The caller's membership (any status), locked: one user has at most one. */
export async function findMembershipForUpdate(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ id: memberships.id, status: memberships.status, organization_id: memberships.organization_id })
    .from(memberships)
    .where(eq(memberships.user_id, userId))
    .for('update');
  return row;
}

/** The user's membership with its organization's name (a deleted organization: none). */
export async function findMembership(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ status: memberships.status, organization_name: organizations.name })
    .from(memberships)
    .innerJoin(organizations, and(eq(organizations.id, memberships.organization_id), live(organizations)))
    .where(eq(memberships.user_id, userId));
  return row;
}

/** A code by its text, case-insensitively, with its (not deleted) organization. */
export async function findCode(db: DbOrTx, code: string) {
  const [row] = await db
    .select({
      id: organizationCodes.id,
      expires_at: organizationCodes.expires_at,
      revoked_at: organizationCodes.revoked_at,
      organization_id: organizations.id,
      organization_name: organizations.name,
    })
    .from(organizationCodes)
    .innerJoin(
      organizations,
      and(eq(organizations.id, organizationCodes.organization_id), live(organizations)),
    )
    .where(sql`upper(${organizationCodes.code}) = upper(${code})`);
  return row;
}

type MembershipInsert = typeof memberships.$inferInsert;

/** Creates the user's membership, or replaces a declined one (the unique index allows one). */
export async function upsertMembership(
  db: DbOrTx,
  values: Omit<MembershipInsert, 'id' | 'created_at' | 'updated_at'>,
): Promise<void> {
  const now = new Date();
  await db
    .insert(memberships)
    .values(values)
    .onConflictDoUpdate({
      target: memberships.user_id,
      set: {
        organization_id: values.organization_id,
        status: values.status,
        manage_settings: values.manage_settings ?? false,
        user_manage_surveys: values.user_manage_surveys ?? false,
        survey_creation: values.survey_creation ?? false,
        average_lpi_score_access: values.average_lpi_score_access ?? false,
        decided_at: values.decided_at ?? null,
        decided_by: values.decided_by ?? null,
        created_at: now,
        updated_at: now,
      },
    });
}

export async function insertOrganization(
  db: DbOrTx,
  values: { name: string; legal_structure_id: number; website: string | null },
): Promise<number> {
  const [row] = await db.insert(organizations).values(values).returning({ id: organizations.id });
  return row!.id;
}

export async function findUserName(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ id: users.id, name: users.name, lastname: users.lastname, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), live(users)));
  return row;
}

export async function findOrganization(db: DbOrTx, organizationId: number) {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name, logo: organizations.logo })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), live(organizations)));
  return row;
}

/** A usable invitation by its hash: not accepted, not revoked, not expired, organization alive. */
export async function findOpenInvitation(db: DbOrTx, tokenHash: string, now: Date, lock = false) {
  const query = db
    .select({
      id: invitations.id,
      email: invitations.email,
      expires_at: invitations.expires_at,
      organization_id: organizations.id,
      organization_name: organizations.name,
      organization_logo: organizations.logo,
    })
    .from(invitations)
    .innerJoin(organizations, and(eq(organizations.id, invitations.organization_id), live(organizations)))
    .where(
      and(
        eq(invitations.token_hash, tokenHash),
        isNull(invitations.accepted_at),
        isNull(invitations.revoked_at),
        gt(invitations.expires_at, now),
      ),
    );
  const [row] = lock ? await query.for('update', { of: invitations }) : await query;
  return row;
}

export async function markInvitationAccepted(
  db: DbOrTx,
  id: number,
  userId: number,
  at: Date,
): Promise<void> {
  await db
    .update(invitations)
    .set({ accepted_at: at, accepted_user_id: userId })
    .where(eq(invitations.id, id));
}

/** Revokes the organization's open invitations of this email (a new one replaces them). */
export async function revokeOpenInvitations(
  db: DbOrTx,
  organizationId: number,
  email: string,
  at: Date,
): Promise<void> {
  await db
    .update(invitations)
    .set({ revoked_at: at })
    .where(
      and(
        eq(invitations.organization_id, organizationId),
        sql`lower(${invitations.email}) = lower(${email})`,
        isNull(invitations.accepted_at),
        isNull(invitations.revoked_at),
      ),
    );
}

export async function insertInvitation(
  db: DbOrTx,
  values: {
    organization_id: number;
    email: string;
    token_hash: string;
    invited_by: number;
    expires_at: Date;
  },
) {
  const [row] = await db.insert(invitations).values(values).returning({
    id: invitations.id,
    organization_id: invitations.organization_id,
    email: invitations.email,
    expires_at: invitations.expires_at,
    created_at: invitations.created_at,
  });
  return row!;
}

/** An invitation by its link's hash, whatever its state. */
export async function findInvitationByHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ id: invitations.id, revoked_at: invitations.revoked_at, accepted_at: invitations.accepted_at })
    .from(invitations)
    .where(eq(invitations.token_hash, tokenHash));
  return row;
}

/** The organization's invitations neither accepted nor revoked, newest first, with the inviter. */
export async function listPendingInvitations(db: DbOrTx, organizationId: number) {
  return db
    .select({
      id: invitations.id,
      email: invitations.email,
      expires_at: invitations.expires_at,
      created_at: invitations.created_at,
      inviter_id: users.id,
      inviter_name: users.name,
      inviter_lastname: users.lastname,
    })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invited_by))
    .where(
      and(
        eq(invitations.organization_id, organizationId),
        isNull(invitations.accepted_at),
        isNull(invitations.revoked_at),
      ),
    )
    .orderBy(desc(invitations.created_at), desc(invitations.id));
}

export async function findPendingInvitationForUpdate(db: DbOrTx, organizationId: number, id: number) {
  const [row] = await db
    .select({ id: invitations.id, email: invitations.email, expires_at: invitations.expires_at })
    .from(invitations)
    .where(
      and(
        eq(invitations.id, id),
        eq(invitations.organization_id, organizationId),
        isNull(invitations.accepted_at),
        isNull(invitations.revoked_at),
      ),
    )
    .for('update');
  return row;
}

export async function renewInvitation(db: DbOrTx, id: number, tokenHash: string, expiresAt: Date) {
  const [row] = await db
    .update(invitations)
    .set({ token_hash: tokenHash, expires_at: expiresAt })
    .where(eq(invitations.id, id))
    .returning({
      id: invitations.id,
      organization_id: invitations.organization_id,
      email: invitations.email,
      expires_at: invitations.expires_at,
      created_at: invitations.created_at,
    });
  return row!;
}

export async function revokeInvitation(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(invitations).set({ revoked_at: at }).where(eq(invitations.id, id));
}
