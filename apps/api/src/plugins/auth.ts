import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  clientMayCall,
  clientProfile,
  findClientPrincipal,
  principalIdOf,
  recordClientCall,
} from '../core/access/client-principal';
import { findSessionProfile, type UserProfileRow } from '../core/access/user-profile';
import { type AccessClaims, verifyAccessToken } from '../core/auth/tokens';
import { forbidden, unauthorized } from '../core/http/errors';
import type { Db } from '../db/client';

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
  /**
   * Set for a client_credentials token: the integration client, its organization and the scopes
   * this token may use (those it was granted that the client still has). `userId` is then the
   * client's principal id (negative), which loadCaller understands.
   */
  client?: { id: string; organizationId: number; scopes: string[] };
}

export const CLIENT_FORBIDDEN_MESSAGE =
  "A client token may only read what its scopes cover, as its organization's members do; it never writes.";

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
      if (claims?.clientScopes) {
        request.auth = await clientAuth(app.db, claims);
      } else {
        const profile = claims ? await findSessionProfile(app.db, claims.sessionId) : undefined;
        request.auth =
          claims && profile?.user.id === claims.userId
            ? { userId: claims.userId, clientId: claims.clientId, sessionId: claims.sessionId, profile }
            : null;
      }
    }
    // The API reference (/api/docs) is public; its routes come from the Scalar plugin.
    const isPublic = request.routeOptions.config?.public === true || request.url.startsWith('/api/docs');
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    const matched = request.routeOptions.url !== undefined;
    if (isApi && matched && !isPublic && !request.auth) {
      throw unauthorized(header ? 'The access token is invalid or has expired.' : 'Unauthenticated.');
    }
    // A client token reads only what its scopes cover, and never writes (public routes included).
    const client = request.auth?.client;
    if (client && isApi && matched) {
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      if (!isRead || (!isPublic && !clientMayCall(client.scopes, request.method, request.routeOptions.url))) {
        throw forbidden(CLIENT_FORBIDDEN_MESSAGE);
      }
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    // A signed-in caller's JSON answers (and its bodiless 204s and 304s) are theirs alone: no
    // browser or proxy keeps a copy, whatever the route set. An ETag still answers 304 to a client
    // that keeps its own copy. Files and exports set their own header.
    if (request.auth) {
      const type = reply.getHeader('content-type');
      if (type === undefined || /[/+]json\b/.test(String(type))) {
        reply.header('cache-control', 'private, no-store');
      }
    }
    // Every call made with a client token is attributed to the client in the audit log, refused
    // ones too; written before the answer leaves, so it is there when the client has it.
    const client = request.auth?.client;
    if (client) {
      await recordClientCall(app.db, {
        clientId: client.id,
        organizationId: client.organizationId,
        method: request.method,
        route: request.routeOptions.url ?? '',
        url: request.url.slice(0, 500),
        status: reply.statusCode,
      });
    }
    return payload;
  });
}

/**
 * The auth context of a client_credentials token: only while its client is not revoked, its
 * organization lives and its secret was not rotated since (the token's generation is current).
 */
async function clientAuth(db: Db, claims: AccessClaims): Promise<AuthContext | null> {
  const row = await findClientPrincipal(db, { clientId: claims.clientId });
  if (!row || row.token_generation !== claims.sessionId) return null;
  const scopes = (claims.clientScopes ?? []).filter((scope) => row.scopes.includes(scope));
  return {
    userId: principalIdOf(row.principal_no),
    clientId: row.id,
    sessionId: claims.sessionId,
    profile: clientProfile(row),
    client: { id: row.id, organizationId: row.organization.id, scopes },
  };
}

export default fp(authPlugin, { name: 'auth' });
