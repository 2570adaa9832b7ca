import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { oauthClients, refreshTokens, users } from '../../db/schema/people';

export type OauthClientRow = typeof oauthClients.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export interface LoginUser {
  id: number;
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
      password_hash: users.password_hash,
      two_fa_enabled: users.two_fa_enabled,
      password_expires_at: users.password_expires_at,
      email_verified_at: users.email_verified_at,
    })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deleted_at)));
  return row;
}

export async function isActiveUser(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deleted_at)));
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

/** Revokes the family of the token with this hash; nothing when no token has it. */
export async function revokeFamilyOfToken(db: DbOrTx, tokenHash: string, at: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revoked_at: at })
    .where(
      and(
        isNull(refreshTokens.revoked_at),
        sql`${refreshTokens.family_id} IN (SELECT ${refreshTokens.family_id} FROM ${refreshTokens} WHERE ${refreshTokens.token_hash} = ${tokenHash})`,
      ),
    );
}

/** Every live refresh token of a user (password change, deactivation, deletion). */
export async function revokeUserRefreshTokens(db: DbOrTx, userId: number, at: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revoked_at: at })
    .where(and(eq(refreshTokens.user_id, userId), isNull(refreshTokens.revoked_at)));
}
