import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'parity';
const AUDIENCE = 'parity-api';

export interface AccessClaims {
  userId: number;
  clientId: string;
  /**
   * The sign-in this token belongs to (claim `sid`: its refresh-token family). The token counts
   * only while that sign-in is alive: logout, a password change, reuse of a refresh token and
   * deactivation end it at once, not when the token expires.
   */
  sessionId: string;
  /** Expiry, seconds since the epoch (set when verified). */
  expiresAt: number;
  /**
   * Set on a client_credentials token (an integration client, no user): the scopes it was granted.
   * Its `userId` is 0 and its `sessionId` the client's credential generation; the auth hook makes
   * its caller the client's principal (core/access/client-principal.ts).
   */
  clientScopes?: string[];
}

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/** One signer for Parity's JWTs; the audience says what a token is for (access, sign-up). */
function signToken(
  secret: string,
  audience: string,
  userId: number,
  ttlSeconds: number,
  claims: Record<string, string> = {},
  subject = String(userId),
): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(subject)
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setIssuedAt()
    .setJti(crypto.randomUUID())
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key(secret));
}

/** The payload of a valid, unexpired token of this audience, with its integer user id; else null. */
async function verifyToken(secret: string, token: string, audience: string) {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      issuer: ISSUER,
      audience,
      algorithms: ['HS256'],
    });
    if (audience === AUDIENCE && payload.sub === CLIENT_SUBJECT) return { userId: 0, payload };
    const userId = Number(payload.sub);
    return Number.isInteger(userId) && userId > 0 ? { userId, payload } : null;
  } catch {
    return null;
  }
}

export function signAccessToken(secret: string, claims: Omit<AccessClaims, 'expiresAt'>): Promise<string> {
  return signToken(secret, AUDIENCE, claims.userId, ACCESS_TOKEN_TTL_SECONDS, {
    cid: claims.clientId,
    sid: claims.sessionId,
  });
}

/** The subject of a client_credentials token: a client, no user. */
const CLIENT_SUBJECT = 'client';

/**
 * A client_credentials access token: no user, the client's id (`cid`), its credential
 * generation (`sid`) and the granted scopes (`scope`, space-separated). Same lifetime as a user's.
 */
export function signClientAccessToken(
  secret: string,
  claims: { clientId: string; generation: string; scopes: string[] },
): Promise<string> {
  return signToken(
    secret,
    AUDIENCE,
    0,
    ACCESS_TOKEN_TTL_SECONDS,
    { cid: claims.clientId, sid: claims.generation, scope: claims.scopes.join(' ') },
    CLIENT_SUBJECT,
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** The claims of a valid, unexpired access token, or null. */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | null> {
  const verified = await verifyToken(secret, token, AUDIENCE);
  if (!verified) return null;
  const { userId, payload } = verified;
  // A token without a sign-in (signed before sessions were checked) is refused: 401, and the
  // client refreshes once to get one that has it.
  if (typeof payload.cid !== 'string' || !isUuid(payload.sid)) return null;
  if (userId === 0) {
    if (typeof payload.scope !== 'string') return null;
    const clientScopes = payload.scope.split(' ').filter(Boolean);
    return {
      userId,
      clientId: payload.cid,
      sessionId: payload.sid,
      expiresAt: payload.exp ?? 0,
      clientScopes,
    };
  }
  return { userId, clientId: payload.cid, sessionId: payload.sid, expiresAt: payload.exp ?? 0 };
}

/** A 256-bit opaque token; only its SHA-256 is stored. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The sign-up token: the proof a verification link gives that its opener owns the account's
 * address, for the sign-up steps after it (join or create an organization, see where the sign-up
 * ended) without a sign-in. Short-lived and bound to the account; its own audience, so it is never
 * an access token (and an access token is never one of these).
 */
export const SIGNUP_TOKEN_TTL_SECONDS = 60 * 60;
const SIGNUP_AUDIENCE = 'parity-signup';

export function signSignupToken(secret: string, userId: number): Promise<string> {
  return signToken(secret, SIGNUP_AUDIENCE, userId, SIGNUP_TOKEN_TTL_SECONDS);
}

/** The account a valid, unexpired sign-up token names, or null. */
export async function verifySignupToken(secret: string, token: string): Promise<number | null> {
  return (await verifyToken(secret, token, SIGNUP_AUDIENCE))?.userId ?? null;
}

/**
 * The 'password expired' ticket: a login that proved the password but found it expired answers
 * one, and the password page sends it back with the new password instead of asking for the email
 * and the old password again. Short-lived, bound to the account and to its current password hash
 * (a fingerprint, claim `pwf`), so it is spent once that password is replaced; its own audience, so
 * it is never an access or a sign-up token.
 */
export const PASSWORD_EXPIRED_TICKET_TTL_SECONDS = 10 * 60;
const PASSWORD_EXPIRED_AUDIENCE = 'parity-password-expired';

const passwordFingerprint = (secret: string, passwordHash: string) =>
  createHmac('sha256', secret).update(`password-expired:${passwordHash}`).digest('base64url');

export function signPasswordExpiredTicket(secret: string, userId: number, passwordHash: string) {
  return signToken(secret, PASSWORD_EXPIRED_AUDIENCE, userId, PASSWORD_EXPIRED_TICKET_TTL_SECONDS, {
    pwf: passwordFingerprint(secret, passwordHash),
  });
}

/** The account of a valid, unexpired ticket and the fingerprint it was issued for, or null. */
export async function verifyPasswordExpiredTicket(secret: string, ticket: string) {
  const verified = await verifyToken(secret, ticket, PASSWORD_EXPIRED_AUDIENCE);
  if (!verified || typeof verified.payload.pwf !== 'string') return null;
  return { userId: verified.userId, fingerprint: verified.payload.pwf };
}

/** Whether a ticket's fingerprint is that of this (current) password hash. */
export function ticketMatchesPassword(secret: string, fingerprint: string, passwordHash: string): boolean {
  const expected = Buffer.from(passwordFingerprint(secret, passwordHash));
  const given = Buffer.from(fingerprint);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
