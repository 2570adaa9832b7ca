import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findSessionProfile, type UserProfileRow } from '../core/access/user-profile';
import { type AccessClaims, verifyAccessToken } from '../core/auth/tokens';
import { unauthorized } from '../core/http/errors';

export interface AuthContext {
  userId: number;
  clientId: string;
  /** The sign-in (refresh-token family) the access token belongs to. */
  sessionId: string;
  /**
   * The caller's profile, read by the auth hook with the session check at the start of this
   * request: for routes that need nothing else (no extra read). Guards and reads after a write
   * use loadCaller, which reads afresh.
   */
  profile: UserProfileRow;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route that answers without a Bearer token (health, login, sign-up, public pages). */
    public?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The signed-in caller; for use in handlers of routes that are not public. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/**
 * Verified access tokens, kept until they expire: a token is immutable, so its signature needs
 * checking once, not on every request (HMAC + JSON parsing is most of a cheap request's cost).
 * Bounded; the oldest entries go first. Whether its sign-in is still alive is not cached.
 */
class VerifiedTokenCache {
  private readonly entries = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();
  constructor(private readonly maxEntries = 10_000) {}

  get(token: string): AccessClaims | undefined {
    const hit = this.entries.get(token);
    if (!hit) return undefined;
    if (hit.expiresAtMs <= Date.now()) {
      this.entries.delete(token);
      return undefined;
    }
    return hit.claims;
  }

  set(token: string, claims: AccessClaims) {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(token, { claims, expiresAtMs: claims.expiresAt * 1000 });
  }
}

/**
 * One onRequest hook for every /api route: a valid Bearer access token is required unless the
 * route is marked `config: { public: true }`. Unknown /api paths fall through to the 404 handler.
 * A token counts only while its sign-in is alive (findSessionProfile, read on every call that
 * sends one): after logout, a password change, refresh-token reuse or deactivation, or once its user is
 * deleted, it answers 401 at once, on every route, like an expired one.
 */
async function authPlugin(app: FastifyInstance) {
  const secret = app.config.jwtSecret;
  if (!secret) throw new Error('jwtSecret is not configured');
  app.decorateRequest('auth', null);
  const verified = new VerifiedTokenCache();

  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (header?.startsWith('Bearer ')) {
      const token = header.slice(7).trim();
      let claims = verified.get(token) ?? null;
      if (!claims) {
        claims = await verifyAccessToken(secret, token);
        if (claims) verified.set(token, claims);
      }
      const profile = claims ? await findSessionProfile(app.db, claims.sessionId) : undefined;
      request.auth =
        claims && profile?.user.id === claims.userId
          ? { userId: claims.userId, clientId: claims.clientId, sessionId: claims.sessionId, profile }
          : null;
    }
    // The API reference (/api/docs) is public; its routes come from the Scalar plugin.
    const isPublic = request.routeOptions.config?.public === true || request.url.startsWith('/api/docs');
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    const matched = request.routeOptions.url !== undefined;
    if (isApi && matched && !isPublic && !request.auth) {
      throw unauthorized(header ? 'The access token is invalid or has expired.' : 'Unauthenticated.');
    }
  });
}

export default fp(authPlugin, { name: 'auth' });
