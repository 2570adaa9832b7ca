import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../errors';
import { type AccessClaims, verifyAccessToken } from '../modules/auth/tokens';

export interface AuthContext {
  userId: number;
  clientId: string;
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
 * Bounded; the oldest entries go first.
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
      request.auth = claims ? { userId: claims.userId, clientId: claims.clientId } : null;
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
