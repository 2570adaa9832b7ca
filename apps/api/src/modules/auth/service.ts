import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { TClientCredentialsGrantRequest, TClientTokenResponse } from '@parity/domain/admin-clients';
import {
  MFA_SENT_MESSAGE,
  PASSWORD_RESET_MESSAGE,
  RESET_LINK_SENT_MESSAGE,
  type TMfaRequiredResponse,
  type TMfaSendRequest,
  type TMfaSubmitRequest,
  type TNeutralResponse,
  type TPasswordGrantRequest,
  type TPasswordGrantResponse,
  type TPasswordResetRequest,
  type TPasswordUpdateRequest,
  type TRefreshGrantRequest,
  type TTokenResponse,
  type TUpdateAfterExpiryRequest,
  type TUpdateAfterExpiryResponse,
} from '@parity/domain/auth';
import { WEB_CLIENT_ID } from '@parity/domain/constants';
import { findClientPrincipal } from '../../core/access/client-principal';
import {
  assertAcceptablePassword,
  fieldError,
  hashPassword,
  needsRehash,
  verifyAgainstDummy,
  verifyClientSecret,
  verifyPassword,
} from '../../core/auth/passwords';
import { signalSessionEnd } from '../../core/auth/session-end';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  hashOpaqueToken,
  newOpaqueToken,
  signAccessToken,
  signClientAccessToken,
  signPasswordExpiredTicket,
  ticketMatchesPassword,
  verifyPasswordExpiredTicket,
} from '../../core/auth/tokens';
import { AppError, unauthorized } from '../../core/http/errors';
import type { Db, DbOrTx } from '../../db/client';
import type { Mailer } from '../../plugins/mailer';
import { assertMayLeaveOrganization } from '../members/service';
import { failedSignInsMail, mfaCodeMail, passwordChangedMail, resetLinkMail } from './mail';
import * as repo from './repo';

/** What the auth services need besides the database: signing, mail and the public address. */
export interface AuthDeps {
  db: Db;
  jwtSecret: string;
  mailer: Mailer;
  publicUrl: string;
  /** Logs a mail sent in the background that failed (the mailer itself never throws). */
  onBackgroundError?: (error: unknown) => void;
}

/** DESIGN 11: two-factor codes are 6 digits, live 10 minutes, allow 5 tries, work once. */
export const MFA_CODE_TTL_MS = 10 * 60 * 1000;
export const MFA_MAX_TRIES = 5;
/** A reset link lives 60 minutes and works once. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** A refresh token lives 14 days; its family (one sign-in) never outlives 30 days, however used. */
export const REFRESH_TOKEN_TTL_MS = 14 * 24 * 60 * 60 * 1000;
export const REFRESH_FAMILY_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type GrantType = 'password' | 'refresh_token' | 'client_credentials';

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
export const passwordExpired = (ticket?: string) =>
  new AppError(
    419,
    'password_expired',
    'Your password has expired. Please set a new one.',
    ticket ? { ticket } : undefined,
  );

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

export const invalidScope = () =>
  new AppError(400, 'invalid_scope', "The requested scope is not one of the client's scopes.", [
    { field: 'body.scope', message: "The requested scope is not one of the client's scopes." },
  ]);

/**
 * The client_credentials grant (issue 14 point 6): a confidential integration client proves its
 * secret and gets a short-lived access token, no refresh token. The token acts as the client's
 * organization within the scopes granted: `scope` (space-separated) asks for a subset of the
 * client's scopes, all of them when absent. 401 invalid_client for an unknown, revoked or
 * secret-less client, a wrong or rotated-away secret, or an organization that no longer exists.
 */
export async function clientCredentialsGrant(
  db: DbOrTx,
  jwtSecret: string,
  input: TClientCredentialsGrantRequest,
): Promise<TClientTokenResponse> {
  const known = await repo.findClient(db, input.client_id);
  if (!known?.secret_hash) {
    await verifyAgainstDummy(input.client_secret);
    throw invalidClient();
  }
  await authenticateClient(db, input.client_id, input.client_secret, 'client_credentials');
  const client = await findClientPrincipal(db, { clientId: input.client_id });
  if (!client) throw invalidClient();
  const asked = input.scope?.split(/\s+/).filter(Boolean);
  const scopes = asked?.length ? [...new Set(asked)] : client.scopes;
  if (scopes.some((scope) => !client.scopes.includes(scope))) throw invalidScope();
  const token = await signClientAccessToken(jwtSecret, {
    clientId: client.id,
    generation: client.token_generation,
    scopes,
  });
  return {
    token_type: 'Bearer',
    access_token: token,
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    scope: scopes.join(' '),
  };
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
  const sessionId = crypto.randomUUID();
  await repo.insertRefreshToken(db, {
    token_hash: hashOpaqueToken(refreshToken),
    family_id: sessionId,
    user_id: userId,
    client_id: clientId,
    expires_at: new Date(Math.min(now.getTime() + REFRESH_TOKEN_TTL_MS, familyExpiresAt.getTime())),
    family_expires_at: familyExpiresAt,
  });
  return tokenResponse(await signAccessToken(jwtSecret, { userId, clientId, sessionId }), refreshToken);
}

/**
 * The session of a sign-in by the web client for a user who has just proved who they are another
 * way (a sign-up's verification link, after the password set at sign-up).
 */
export async function signInProvenUser(tx: DbOrTx, jwtSecret: string, userId: number, now: Date) {
  const client = await authenticateClient(tx, WEB_CLIENT_ID, undefined, 'password');
  await repo.recordLogin(tx, userId, now);
  return issueTokens(tx, jwtSecret, userId, client.id, now);
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
  deps: AuthDeps,
  input: TPasswordGrantRequest,
  now = new Date(),
): Promise<TPasswordGrantResponse> {
  const { db, jwtSecret } = deps;
  const client = await authenticateClient(db, input.client_id, input.client_secret, 'password');
  const user = await repo.findLoginUserByEmail(db, input.username);
  const valid = user
    ? await verifyPassword(user.password_hash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !valid) throw invalidCredentials();
  if (!user.email_verified_at) throw emailNotVerified();

  if (user.password_expires_at && user.password_expires_at.getTime() <= now.getTime()) {
    // The password was proved: its ticket lets the password page ask only for the new one.
    throw passwordExpired(await signPasswordExpiredTicket(jwtSecret, user.id, user.password_hash));
  }
  // The code step (mfa-submit) issues the tokens of a two-factor account.
  if (user.two_fa_enabled) return startChallenge(deps, user, client.id, now);

  if (needsRehash(user.password_hash)) {
    await repo.updatePasswordHash(db, user.id, await hashPassword(input.password));
  }
  return db.transaction(async (tx) => {
    await repo.recordLogin(tx, user.id, now);
    return issueTokens(tx, jwtSecret, user.id, client.id, now);
  });
}

type RefreshOutcome =
  | { ok: true; userId: number; clientId: string; sessionId: string; refreshToken: string }
  | { ok: false };

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
      await endSession(tx, row, now);
      return { ok: false };
    }
    if (row.expires_at.getTime() <= now.getTime() || row.family_expires_at.getTime() <= now.getTime()) {
      return { ok: false };
    }
    // A client that lost the grant or proves a wrong secret: 401 invalid_client, token untouched.
    await authenticateClient(tx, row.client_id, input.client_secret, 'refresh_token');
    if (!(await repo.isActiveUser(tx, row.user_id))) {
      await endSession(tx, row, now);
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
    return {
      ok: true,
      userId: row.user_id,
      clientId: row.client_id,
      sessionId: row.family_id,
      refreshToken,
    };
  });
  if (!outcome.ok) throw invalidRefreshToken();
  const accessToken = await signAccessToken(jwtSecret, {
    userId: outcome.userId,
    clientId: outcome.clientId,
    sessionId: outcome.sessionId,
  });
  return tokenResponse(accessToken, outcome.refreshToken);
}

/** Ends one sign-in (a refresh-token family) and, after the commit, its open event streams. */
async function endSession(tx: DbOrTx, row: { family_id: string; user_id: number }, now: Date) {
  await repo.revokeFamily(tx, row.family_id, now);
  await signalSessionEnd(tx, row.user_id);
}

/** Ends the sign-in the refresh token belongs to. Unknown or already revoked tokens: nothing to do. */
export async function logout(db: Db, refreshToken: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const userId = await repo.revokeFamilyOfToken(tx, hashOpaqueToken(refreshToken), now);
    if (userId !== undefined) await signalSessionEnd(tx, userId);
  });
}

/**
 * Ends every sign-in of a user, their open event streams included (on every API process, once the
 * caller's transaction commits): for a password set, deactivation, an administrator's archive or
 * reset. Any other way of ending sessions calls it (or core/auth/session-end's signalSessionEnd).
 */
export async function revokeAllSessions(db: DbOrTx, userId: number, now = new Date()): Promise<void> {
  await repo.revokeUserRefreshTokens(db, userId, now);
  await signalSessionEnd(db, userId);
}

// ---------------------------------------------------------------------------------------------
// Two-factor codes

/** The stored form of a code: an HMAC keyed by the server secret and bound to its challenge. */
function codeHash(jwtSecret: string, challengeId: string, code: string): string {
  return createHmac('sha256', `one-time-code:${jwtSecret}`).update(`${challengeId}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Six random digits (uniform, leading zeros kept). */
export function newSixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

const minutes = (ms: number) => Math.round(ms / 60_000);

/** A new challenge (older open ones of the account end) and its code by mail. */
async function startChallenge(
  deps: AuthDeps,
  user: { id: number; email: string },
  clientId: string,
  now: Date,
): Promise<TMfaRequiredResponse> {
  const uuid = crypto.randomUUID();
  const code = newSixDigitCode();
  await deps.db.transaction(async (tx) => {
    await repo.closeOpenCodes(tx, user.id, 'mfa', now);
    await repo.insertOneTimeCode(tx, {
      user_id: user.id,
      purpose: 'mfa',
      uuid,
      code_hash: codeHash(deps.jwtSecret, uuid, code),
      client_id: clientId,
      expires_at: new Date(now.getTime() + MFA_CODE_TTL_MS),
    });
  });
  await deps.mailer.send(mfaCodeMail(user.email, code, minutes(MFA_CODE_TTL_MS)));
  return { mfa_verification_required: true, uuid };
}

/** Sends without making the caller wait: answers must not tell (by their time) whether mail went out. */
function sendInBackground(deps: AuthDeps, message: Parameters<Mailer['send']>[0]) {
  deps.mailer.send(message).catch((error) => deps.onBackgroundError?.(error));
}

/**
 * A burst of wrong passwords for the account named `email` (the sign-in throttle counts them):
 * its owner, when the account exists, is mailed, in the background so that the answer tells
 * nothing about the account.
 */
export function warnOfFailedSignIns(deps: AuthDeps, email: string) {
  repo
    .findLoginUserByEmail(deps.db, email)
    .then((user) => (user ? deps.mailer.send(failedSignInsMail(user.email, deps.publicUrl)) : undefined))
    .catch((error) => deps.onBackgroundError?.(error));
}

/**
 * POST /api/mfa-send: a new code for the account's open challenge (the one named, else the
 * newest). Nothing is sent for an unknown account or one with no open challenge; the answer is
 * the same. The tries already spent on the challenge are kept.
 */
export async function resendCode(
  deps: AuthDeps,
  input: TMfaSendRequest,
  now = new Date(),
): Promise<TNeutralResponse> {
  const user = await repo.findLoginUserByEmail(deps.db, input.email);
  if (user?.two_fa_enabled) {
    const code = newSixDigitCode();
    const sent = await deps.db.transaction(async (tx) => {
      const open = input.uuid
        ? await repo.findChallengeForUpdate(tx, input.uuid)
        : await repo.findOpenChallengeOfUser(tx, user.id, now, MFA_MAX_TRIES);
      if (!open || open.user_id !== user.id || !isOpen(open, now)) return false;
      await repo.replaceChallengeCode(
        tx,
        open.id,
        codeHash(deps.jwtSecret, open.uuid, code),
        new Date(now.getTime() + MFA_CODE_TTL_MS),
      );
      return true;
    });
    if (sent) sendInBackground(deps, mfaCodeMail(user.email, code, minutes(MFA_CODE_TTL_MS)));
  }
  return { message: MFA_SENT_MESSAGE };
}

function isOpen(row: repo.OneTimeCodeRow, now: Date): boolean {
  return !row.used_at && row.expires_at.getTime() > now.getTime() && row.tries < MFA_MAX_TRIES;
}

export const verificationEnded = () =>
  new AppError(
    400,
    'verification_expired',
    'This verification has expired or ended. Please log in again to get a new code.',
    [{ field: 'body.uuid', message: 'The verification has expired or ended' }],
  );

export const wrongCode = (triesLeft: number) =>
  triesLeft > 0
    ? fieldError(
        'code',
        `The code is incorrect. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`,
        'invalid_code',
      )
    : new AppError(
        400,
        'verification_expired',
        'Too many wrong codes: this verification has ended. Please log in again to get a new code.',
        [{ field: 'body.code', message: 'Too many wrong codes' }],
      );

type SubmitOutcome = { ok: true; tokens: TTokenResponse } | { ok: false; error: AppError };

/**
 * POST /api/mfa-submit: the right code of an open challenge, for the challenge's account, gives
 * the token pair; each wrong code spends one of its 5 tries (the count commits even though the
 * answer is an error) and the fifth ends it. Throws invalidCredentials() for a wrong password
 * (the caller counts those per account) and wrongCode() for a wrong code.
 */
export async function submitCode(
  deps: AuthDeps,
  input: TMfaSubmitRequest,
  now = new Date(),
): Promise<TTokenResponse> {
  const client = await authenticateClient(deps.db, input.client_id, input.client_secret, 'password');
  const email = (input.email ?? input.username ?? '').toLowerCase();
  if (input.password !== undefined) {
    const user = await repo.findLoginUserByEmail(deps.db, email);
    const valid = user
      ? await verifyPassword(user.password_hash, input.password)
      : await verifyAgainstDummy(input.password);
    if (!valid) throw invalidCredentials();
  }
  const outcome = await deps.db.transaction(async (tx): Promise<SubmitOutcome> => {
    const row = await repo.findChallengeForUpdate(tx, input.uuid);
    if (!row || !isOpen(row, now) || (row.client_id && row.client_id !== client.id)) {
      return { ok: false, error: verificationEnded() };
    }
    const user = await repo.findLoginUserById(tx, row.user_id);
    if (!user || user.email.toLowerCase() !== email) return { ok: false, error: verificationEnded() };
    const tries = await repo.countTry(tx, row.id);
    if (!sameHash(row.code_hash, codeHash(deps.jwtSecret, row.uuid, input.code))) {
      if (tries >= MFA_MAX_TRIES) await repo.markCodeUsed(tx, row.id, now);
      return { ok: false, error: wrongCode(MFA_MAX_TRIES - tries) };
    }
    await repo.markCodeUsed(tx, row.id, now);
    await repo.recordLogin(tx, user.id, now);
    return { ok: true, tokens: await issueTokens(tx, deps.jwtSecret, user.id, client.id, now) };
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.tokens;
}

// ---------------------------------------------------------------------------------------------
// Forgotten password

function resetLink(publicUrl: string, token: string) {
  return `${publicUrl.replace(/\/+$/, '')}/login/reset/${token}`;
}

/**
 * POST /api/passwords/email: a link, valid 60 minutes, to a known, verified, active account. The
 * links already mailed stay valid (a request by someone else must not spoil the one the owner is
 * opening); the first one used sets the password and ends the others. The same answer, at about
 * the same time, for any email.
 */
export async function requestPasswordReset(
  deps: AuthDeps,
  email: string,
  now = new Date(),
): Promise<TNeutralResponse> {
  const user = await repo.findResettableUserByEmail(deps.db, email);
  if (user) {
    const token = newOpaqueToken();
    await repo.insertOneTimeCode(deps.db, {
      user_id: user.id,
      purpose: 'reset',
      uuid: crypto.randomUUID(),
      code_hash: hashOpaqueToken(token),
      expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    });
    sendInBackground(
      deps,
      resetLinkMail(user.email, resetLink(deps.publicUrl, token), minutes(RESET_TOKEN_TTL_MS)),
    );
  }
  return { message: RESET_LINK_SENT_MESSAGE };
}

export const invalidResetLink = () =>
  new AppError(400, 'invalid_token', 'This reset link is invalid or has expired. Please ask for a new one.', [
    { field: 'body.token', message: 'The reset link is invalid or has expired' },
  ]);

/**
 * POST /api/passwords/reset: the link's token (for that email) sets a new password and ends
 * every session; the user then logs in, through two-factor if the account has it.
 */
export async function resetPassword(
  deps: AuthDeps,
  input: TPasswordResetRequest,
  now = new Date(),
): Promise<TNeutralResponse> {
  const email = await deps.db.transaction(async (tx) => {
    const row = await repo.findResetForUpdate(tx, hashOpaqueToken(input.token));
    if (!row || row.used_at || row.expires_at.getTime() <= now.getTime()) throw invalidResetLink();
    const user = await repo.findLoginUserById(tx, row.user_id);
    if (!user || user.email.toLowerCase() !== input.email.toLowerCase()) throw invalidResetLink();
    assertAcceptablePassword(input.new_password, user.email);
    await repo.setPassword(tx, user.id, await hashPassword(input.new_password), now);
    await endEverything(tx, user.id, now);
    return user.email;
  });
  sendInBackground(deps, passwordChangedMail(email, deps.publicUrl));
  return { message: PASSWORD_RESET_MESSAGE };
}

/** Every session, open code and reset link of a user ends (password set, deactivation). */
async function endEverything(tx: DbOrTx, userId: number, now: Date) {
  await revokeAllSessions(tx, userId, now);
  await repo.closeOpenCodes(tx, userId, 'reset', now);
  await repo.closeOpenCodes(tx, userId, 'mfa', now);
}

// ---------------------------------------------------------------------------------------------
// Expired password, password change, deactivation

export const wrongCurrentPassword = (field: string) =>
  fieldError(field, 'The current password is incorrect.', 'invalid_password');

const sameAsOld = () =>
  fieldError('new_password', 'The new password must be different from the current one.');

const invalidTicket = () =>
  new AppError(400, 'invalid_ticket', 'This password change has expired. Please log in again.', [
    { field: 'body.ticket', message: 'The password change has expired or was used' },
  ]);

/**
 * Who changes an expired password: the 419's ticket (bound to the account and to the password it
 * proved, spent once that password is replaced), or the email and the old password.
 */
async function expiredPasswordOwner(deps: AuthDeps, input: TUpdateAfterExpiryRequest) {
  if (input.ticket !== undefined) {
    const ticket = await verifyPasswordExpiredTicket(deps.jwtSecret, input.ticket);
    const user = ticket ? await repo.findLoginUserById(deps.db, ticket.userId) : undefined;
    if (!ticket || !user || !ticketMatchesPassword(deps.jwtSecret, ticket.fingerprint, user.password_hash)) {
      throw invalidTicket();
    }
    return user;
  }
  const user = await repo.findLoginUserByEmail(deps.db, input.email ?? '');
  const valid = user
    ? await verifyPassword(user.password_hash, input.old_password ?? '')
    : await verifyAgainstDummy(input.old_password ?? '');
  if (!user || !valid) throw wrongCurrentPassword('old_password');
  return user;
}

/**
 * POST /api/password/update-after-expiry (after a 419): the 419's ticket, or the expired password,
 * and a new one. The
 * answer signs the user in ({token}), or starts the two-factor step for an account that has it.
 * Only for an expired password; throws wrongCurrentPassword() for wrong credentials (the caller
 * counts those per account, like sign-in failures).
 */
export async function updateAfterExpiry(
  deps: AuthDeps,
  input: TUpdateAfterExpiryRequest,
  now = new Date(),
): Promise<TUpdateAfterExpiryResponse> {
  const client = await authenticateClient(deps.db, WEB_CLIENT_ID, undefined, 'password');
  const user = await expiredPasswordOwner(deps, input);
  if (!user.email_verified_at) throw emailNotVerified();
  if (!user.password_expires_at || user.password_expires_at.getTime() > now.getTime()) {
    throw new AppError(400, 'password_not_expired', 'This password has not expired: log in with it.');
  }
  const same =
    input.old_password !== undefined
      ? input.new_password === input.old_password
      : await verifyPassword(user.password_hash, input.new_password);
  if (same) throw sameAsOld();
  assertAcceptablePassword(input.new_password, user.email);
  const passwordHash = await hashPassword(input.new_password);
  const tokens = await deps.db.transaction(async (tx) => {
    // Only over the password that was proved: a ticket (or a second request) already spent fails.
    if (!(await repo.replacePassword(tx, user.id, user.password_hash, passwordHash, now))) {
      throw input.ticket ? invalidTicket() : wrongCurrentPassword('old_password');
    }
    await endEverything(tx, user.id, now);
    if (user.two_fa_enabled) return null;
    await repo.recordLogin(tx, user.id, now);
    return issueTokens(tx, deps.jwtSecret, user.id, client.id, now);
  });
  sendInBackground(deps, passwordChangedMail(user.email, deps.publicUrl));
  if (!tokens) return startChallenge(deps, user, client.id, now);
  return { token: tokens };
}

/**
 * POST /api/passwords/update (signed in): checks the current password, sets the new one, ends
 * every session (all refresh tokens) and answers a fresh pair so the caller stays signed in.
 */
export async function updatePassword(
  deps: AuthDeps,
  caller: { userId: number; clientId: string },
  input: TPasswordUpdateRequest,
  now = new Date(),
): Promise<TTokenResponse> {
  const user = await repo.findLoginUserById(deps.db, caller.userId);
  if (!user) throw unauthorized();
  if (!(await verifyPassword(user.password_hash, input.current_password))) {
    throw wrongCurrentPassword('current_password');
  }
  if (input.new_password === input.current_password) throw sameAsOld();
  assertAcceptablePassword(input.new_password, user.email);
  const passwordHash = await hashPassword(input.new_password);
  const tokens = await deps.db.transaction(async (tx) => {
    await repo.setPassword(tx, user.id, passwordHash, now);
    await endEverything(tx, user.id, now);
    return issueTokens(tx, deps.jwtSecret, user.id, caller.clientId, now);
  });
  sendInBackground(deps, passwordChangedMail(user.email, deps.publicUrl));
  return tokens;
}

/**
 * PUT /api/user-account/deactivate: the account is soft-deleted and every session ends; not the
 * last admin of an organization with other members (409).
 */
export async function deactivateAccount(db: Db, userId: number, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await assertMayLeaveOrganization(tx, userId);
    await repo.softDeleteUser(tx, userId, now);
    await endEverything(tx, userId, now);
  });
}
