import type {
  TPasswordGrantRequest,
  TPasswordGrantResponse,
  TRefreshGrantRequest,
  TTokenResponse,
} from '@parity/domain/auth';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import {
  hashPassword,
  needsRehash,
  verifyAgainstDummy,
  verifyClientSecret,
  verifyPassword,
} from './passwords';
import * as repo from './repo';
import { ACCESS_TOKEN_TTL_SECONDS, hashOpaqueToken, newOpaqueToken, signAccessToken } from './tokens';

/** A refresh token lives 14 days; its family (one sign-in) never outlives 30 days, however used. */
export const REFRESH_TOKEN_TTL_MS = 14 * 24 * 60 * 60 * 1000;
export const REFRESH_FAMILY_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type GrantType = 'password' | 'refresh_token';

// OAuth 2.0 error codes (RFC 6749 5.2) in our error body.
export const invalidCredentials = () =>
  new AppError(401, 'invalid_grant', 'The user credentials were incorrect.');
export const invalidRefreshToken = () =>
  new AppError(401, 'invalid_grant', 'The refresh token is invalid, expired or revoked.');
export const invalidClient = () => new AppError(401, 'invalid_client', 'Client authentication failed.');
// A sign-up whose email link was not opened yet (modules/signup). Told only after the right password.
export const emailNotVerified = () =>
  new AppError(
    403,
    'email_not_verified',
    'Please verify your email address first: open the link we sent you when you signed up, or ask for a new one on the sign-up page.',
  );
// 419 is the spec's answer to a login with an expired password (the web goes to login.password).
export const passwordExpired = () =>
  new AppError(419, 'password_expired', 'Your password has expired. Please set a new one.');

/**
 * The client must exist, not be revoked, allow the grant, and prove its secret when it has one.
 * A public first-party client (parity-web) has no secret.
 */
export async function authenticateClient(
  db: DbOrTx,
  clientId: string,
  clientSecret: string | undefined,
  grant: GrantType,
): Promise<repo.OauthClientRow> {
  const client = await repo.findClient(db, clientId);
  if (!client || client.revoked_at || !client.grant_types.includes(grant)) throw invalidClient();
  if (client.secret_hash) {
    if (!clientSecret || !(await verifyClientSecret(client.secret_hash, clientSecret))) throw invalidClient();
  }
  return client;
}

/** Starts a refresh-token family (a sign-in) and signs its first access token. */
async function issueTokens(
  db: DbOrTx,
  jwtSecret: string,
  userId: number,
  clientId: string,
  now: Date,
): Promise<TTokenResponse> {
  const refreshToken = newOpaqueToken();
  const familyExpiresAt = new Date(now.getTime() + REFRESH_FAMILY_TTL_MS);
  await repo.insertRefreshToken(db, {
    token_hash: hashOpaqueToken(refreshToken),
    family_id: crypto.randomUUID(),
    user_id: userId,
    client_id: clientId,
    expires_at: new Date(Math.min(now.getTime() + REFRESH_TOKEN_TTL_MS, familyExpiresAt.getTime())),
    family_expires_at: familyExpiresAt,
  });
  return tokenResponse(await signAccessToken(jwtSecret, { userId, clientId }), refreshToken);
}

function tokenResponse(accessToken: string, refreshToken: string): TTokenResponse {
  return {
    token_type: 'Bearer',
    access_token: accessToken,
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    refresh_token: refreshToken,
  };
}

/**
 * The password grant (first-party client only, a documented deviation from ASVS 10.4.4).
 * An unknown, deleted or wrong-password account gets the same answer after the same work.
 * Throws invalidCredentials() for wrong credentials: the caller counts those per account.
 */
export async function passwordGrant(
  db: Db,
  jwtSecret: string,
  input: TPasswordGrantRequest,
  now = new Date(),
): Promise<TPasswordGrantResponse> {
  const client = await authenticateClient(db, input.client_id, input.client_secret, 'password');
  const user = await repo.findLoginUserByEmail(db, input.username);
  const valid = user
    ? await verifyPassword(user.password_hash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !valid) throw invalidCredentials();
  if (!user.email_verified_at) throw emailNotVerified();

  if (user.password_expires_at && user.password_expires_at.getTime() <= now.getTime()) {
    throw passwordExpired();
  }
  // The code step (mfa-send, mfa-submit) issues the tokens of a two-factor account.
  if (user.two_fa_enabled) return { mfa_verification_required: true };

  if (needsRehash(user.password_hash)) {
    await repo.updatePasswordHash(db, user.id, await hashPassword(input.password));
  }
  return db.transaction(async (tx) => {
    await repo.recordLogin(tx, user.id, now);
    return issueTokens(tx, jwtSecret, user.id, client.id, now);
  });
}

type RefreshOutcome = { ok: true; userId: number; clientId: string; refreshToken: string } | { ok: false };

/**
 * Rotates a refresh token: the presented one is marked used and a new one joins its family.
 * Presenting a used token again means it leaked: the whole family is revoked (the revocation
 * commits even though the answer is 401).
 */
export async function refreshGrant(
  db: Db,
  jwtSecret: string,
  input: TRefreshGrantRequest,
  now = new Date(),
): Promise<TTokenResponse> {
  const tokenHash = hashOpaqueToken(input.refresh_token);
  const outcome = await db.transaction(async (tx): Promise<RefreshOutcome> => {
    const row = await repo.findRefreshTokenForUpdate(tx, tokenHash);
    if (!row || row.revoked_at) return { ok: false };
    if (input.client_id !== undefined && input.client_id !== row.client_id) return { ok: false };
    if (row.used_at) {
      await repo.revokeFamily(tx, row.family_id, now);
      return { ok: false };
    }
    if (row.expires_at.getTime() <= now.getTime() || row.family_expires_at.getTime() <= now.getTime()) {
      return { ok: false };
    }
    // A client that lost the grant or proves a wrong secret: 401 invalid_client, token untouched.
    await authenticateClient(tx, row.client_id, input.client_secret, 'refresh_token');
    if (!(await repo.isActiveUser(tx, row.user_id))) {
      await repo.revokeFamily(tx, row.family_id, now);
      return { ok: false };
    }

    await repo.markRefreshTokenUsed(tx, row.id, now);
    const refreshToken = newOpaqueToken();
    await repo.insertRefreshToken(tx, {
      token_hash: hashOpaqueToken(refreshToken),
      family_id: row.family_id,
      user_id: row.user_id,
      client_id: row.client_id,
      expires_at: new Date(Math.min(now.getTime() + REFRESH_TOKEN_TTL_MS, row.family_expires_at.getTime())),
      family_expires_at: row.family_expires_at,
    });
    return { ok: true, userId: row.user_id, clientId: row.client_id, refreshToken };
  });
  if (!outcome.ok) throw invalidRefreshToken();
  const accessToken = await signAccessToken(jwtSecret, {
    userId: outcome.userId,
    clientId: outcome.clientId,
  });
  return tokenResponse(accessToken, outcome.refreshToken);
}

/** Ends the sign-in the refresh token belongs to. Unknown or already revoked tokens: nothing to do. */
export async function logout(db: Db, refreshToken: string, now = new Date()): Promise<void> {
  await repo.revokeFamilyOfToken(db, hashOpaqueToken(refreshToken), now);
}

/** Ends every sign-in of a user: for password change, deactivation and deletion (accounts module). */
export async function revokeAllSessions(db: DbOrTx, userId: number, now = new Date()): Promise<void> {
  await repo.revokeUserRefreshTokens(db, userId, now);
}
