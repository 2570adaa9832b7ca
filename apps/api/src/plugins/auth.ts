import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../errors';
import { verifyAccessToken } from '../modules/auth/tokens';

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
 * One onRequest hook for every /api route: a valid Bearer access token is required unless the
 * route is marked `config: { public: true }`. Unknown /api paths fall through to the 404 handler.
 */
async function authPlugin(app: FastifyInstance) {
  const secret = app.config.jwtSecret;
  if (!secret) throw new Error('jwtSecret is not configured');
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (header?.startsWith('Bearer ')) {
      request.auth = await verifyAccessToken(secret, header.slice(7).trim());
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
