import { and, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { oneTimeCodes } from '../../db/schema/codes';
import { oauthClients, refreshTokens, users } from '../../db/schema/people';
import { live } from '../../db/soft-delete';

export type OauthClientRow = typeof oauthClients.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export interface LoginUser {
  id: number;
  email: string;
  password_hash: string;
  two_fa_enabled: boolean;
  password_expires_at: Date | null;
  email_verified_at: Date | null;
}

export async function findClient(db: DbOrTx, clientId: string): Promise<OauthClientRow | undefined> {
  const [row] = await db.select().from(oauthClients).where(eq(oauthClients.id, clientId));
  return row;
}

/** A user who may sign in, by email (case-insensitive); soft-deleted users are not found. */
export async function findLoginUserByEmail(db: DbOrTx, email: string): Promise<LoginUser | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      password_hash: users.password_hash,
      two_fa_enabled: users.two_fa_enabled,
      password_expires_at: users.password_expires_at,
      email_verified_at: users.email_verified_at,
    })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, live(users)));
  return row;
}

export async function isActiveUser(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), live(users)));
  return row !== undefined;
}

export async function recordLogin(db: DbOrTx, userId: number, at: Date): Promise<void> {
  await db.update(users).set({ last_login_at: at }).where(eq(users.id, userId));
}

export async function updatePasswordHash(db: DbOrTx, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ password_hash: passwordHash }).where(eq(users.id, userId));
}

export interface NewRefreshToken {
  token_hash: string;
  family_id: string;
  user_id: number;
  client_id: string;
  expires_at: Date;
  family_expires_at: Date;
}

export async function insertRefreshToken(db: DbOrTx, token: NewRefreshToken): Promise<void> {
  await db.insert(refreshTokens).values(token);
}

/** The token row, locked until the transaction ends so two concurrent uses cannot both rotate it. */
export async function findRefreshTokenForUpdate(
  db: DbOrTx,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.token_hash, tokenHash))
    .for('update');
  return row;
}

export async function markRefreshTokenUsed(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(refreshTokens).set({ used_at: at }).where(eq(refreshTokens.id, id));
}

export async function revokeFamily(db: DbOrTx, familyId: string, at: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revoked_at: at })
    .where(and(eq(refreshTokens.family_id, familyId), isNull(refreshTokens.revoked_at)));
}

/**
 * Revokes the family of the token with this hash; nothing when no token has it. Answers the user
 * whose sign-in ended (undefined: none did).
 */
export async function revokeFamilyOfToken(
  db: DbOrTx,
  tokenHash: string,
  at: Date,
): Promise<number | undefined> {
  const rows = await db
    .update(refreshTokens)
    .set({ revoked_at: at })
    .where(
      and(
        isNull(refreshTokens.revoked_at),
        sql`${refreshTokens.family_id} IN (SELECT ${refreshTokens.family_id} FROM ${refreshTokens} WHERE ${refreshTokens.token_hash} = ${tokenHash})`,
      ),
    )
    .returning({ user_id: refreshTokens.user_id });
  return rows[0]?.user_id;
}

/** Every live refresh token of a user (password change, deactivation, deletion). */
export async function revokeUserRefreshTokens(db: DbOrTx, userId: number, at: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revoked_at: at })
    .where(and(eq(refreshTokens.user_id, userId), isNull(refreshTokens.revoked_at)));
}

/** An active user by id (the signed-in caller, a challenge's or a link's account). */
export async function findLoginUserById(db: DbOrTx, userId: number): Promise<LoginUser | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      password_hash: users.password_hash,
      two_fa_enabled: users.two_fa_enabled,
      password_expires_at: users.password_expires_at,
      email_verified_at: users.email_verified_at,
    })
    .from(users)
    .where(and(eq(users.id, userId), live(users)));
  return row;
}

/** An active account whose email was verified: who may get a reset link. */
export async function findResettableUserByEmail(
  db: DbOrTx,
  email: string,
): Promise<{ id: number; email: string; name: string } | undefined> {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(
      and(sql`lower(${users.email}) = lower(${email})`, live(users), isNotNull(users.email_verified_at)),
    );
  return row;
}

/** A new password: stored hash, and the expiry (the setting) cleared. */
export async function setPassword(db: DbOrTx, userId: number, passwordHash: string, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ password_hash: passwordHash, password_expires_at: null, updated_at: at })
    .where(eq(users.id, userId));
}

/**
 * Sets the password only if it is still `oldHash` (compare-and-set under the row's lock): of two
 * changes by one 'password expired' ticket, one wins. False when it had changed.
 */
export async function replacePassword(
  db: DbOrTx,
  userId: number,
  oldHash: string,
  passwordHash: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ password_hash: passwordHash, password_expires_at: null, updated_at: at })
    .where(and(eq(users.id, userId), eq(users.password_hash, oldHash), live(users)))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function softDeleteUser(db: DbOrTx, userId: number, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ deleted_at: at, updated_at: at })
    .where(and(eq(users.id, userId), live(users)));
}

export type OneTimeCodeRow = typeof oneTimeCodes.$inferSelect;
export type Purpose = OneTimeCodeRow['purpose'];

export async function insertOneTimeCode(
  db: DbOrTx,
  row: {
    user_id: number;
    purpose: Purpose;
    uuid: string;
    code_hash: string;
    client_id?: string | null;
    expires_at: Date;
  },
): Promise<void> {
  await db.insert(oneTimeCodes).values(row);
}

/** Ends the open codes of a user for a purpose (a newer one replaces them; password change). */
export async function closeOpenCodes(db: DbOrTx, userId: number, purpose: Purpose, at: Date): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({ used_at: at })
    .where(
      and(eq(oneTimeCodes.user_id, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.used_at)),
    );
}

/** A two-factor challenge by its public id, locked until the transaction ends. */
export async function findChallengeForUpdate(db: DbOrTx, uuid: string): Promise<OneTimeCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.uuid, uuid), eq(oneTimeCodes.purpose, 'mfa')))
    .for('update');
  return row;
}

/** The newest challenge of a user that can still be answered (not used, not expired, tries left). */
export async function findOpenChallengeOfUser(
  db: DbOrTx,
  userId: number,
  now: Date,
  maxTries: number,
): Promise<OneTimeCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.user_id, userId),
        eq(oneTimeCodes.purpose, 'mfa'),
        isNull(oneTimeCodes.used_at),
        gt(oneTimeCodes.expires_at, now),
        sql`${oneTimeCodes.tries} < ${maxTries}`,
      ),
    )
    .orderBy(desc(oneTimeCodes.id))
    .limit(1)
    .for('update');
  return row;
}

export async function replaceChallengeCode(
  db: DbOrTx,
  id: number,
  codeHash: string,
  expiresAt: Date,
): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({ code_hash: codeHash, expires_at: expiresAt })
    .where(eq(oneTimeCodes.id, id));
}

export async function countTry(db: DbOrTx, id: number): Promise<number> {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ tries: sql`${oneTimeCodes.tries} + 1` })
    .where(eq(oneTimeCodes.id, id))
    .returning({ tries: oneTimeCodes.tries });
  return row?.tries ?? 0;
}

export async function markCodeUsed(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(oneTimeCodes).set({ used_at: at }).where(eq(oneTimeCodes.id, id));
}

/**
 * An unused reset link's row by the hash of its token, locked until the transaction ends with
 * every other unused link of its account (in id order): an account may hold several open links,
 * and two of them used at once must set the password once.
 */
export async function findResetForUpdate(db: DbOrTx, codeHash: string): Promise<OneTimeCodeRow | undefined> {
  const owner = db
    .select({ user_id: oneTimeCodes.user_id })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.code_hash, codeHash), eq(oneTimeCodes.purpose, 'reset')));
  const rows = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.purpose, 'reset'),
        isNull(oneTimeCodes.used_at),
        inArray(oneTimeCodes.user_id, owner),
      ),
    )
    .orderBy(oneTimeCodes.id)
    .for('update');
  return rows.find((row) => row.code_hash === codeHash);
}
