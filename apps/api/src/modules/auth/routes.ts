import {
  ZLogoutRequest,
  ZPasswordGrantRequest,
  ZPasswordGrantResponse,
  ZRefreshGrantRequest,
  ZTokenResponse,
} from '@parity/domain/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { failureCounter, limitPerAddress } from '../../plugins/rate-limit';
import { logout, passwordGrant, refreshGrant } from './service';

/** Sign-in attempts per client address, whatever the account. */
export const TOKEN_MAX_PER_ADDRESS = 20;
/** Wrong passwords per account (existing or not) before it is locked for the rest of the window. */
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Refresh and logout calls per client address. */
export const REFRESH_MAX_PER_ADDRESS = 60;

const MINUTE_MS = 60 * 1000;
const FORM_OR_JSON = ['application/json', 'application/x-www-form-urlencoded'];

function noStore(reply: FastifyReply) {
  // RFC 6749 5.1: token answers must not be cached.
  reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
}

function loginKey(request: FastifyRequest): string | undefined {
  const username = (request.body as { username?: unknown } | undefined)?.username;
  return typeof username === 'string' && username.trim() ? username.trim().toLowerCase() : undefined;
}

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const jwtSecret = app.config.jwtSecret;
  if (!jwtSecret) throw new Error('jwtSecret is not configured');

  const tokenLimit = limitPerAddress(app, { max: TOKEN_MAX_PER_ADDRESS, timeWindowMs: MINUTE_MS });
  const refreshLimit = limitPerAddress(app, { max: REFRESH_MAX_PER_ADDRESS, timeWindowMs: MINUTE_MS });
  const loginFailures = failureCounter(app, {
    name: 'login-failures',
    max: LOGIN_MAX_FAILURES,
    timeWindowMs: LOGIN_FAILURE_WINDOW_MS,
    key: loginKey,
    message: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
  });

  // The spec's path has a trailing slash; both spellings share one handler and one counter.
  for (const url of ['/api/oauth/token/', '/api/oauth/token']) {
    app.post(
      url,
      {
        config: { public: true },
        onRequest: tokenLimit,
        schema: {
          hide: url !== '/api/oauth/token/',
          tags: ['auth'],
          summary: 'Sign in with email and password (password grant)',
          description:
            'JSON or form-encoded. Answers a token pair, or `{ mfa_verification_required: true }` (no tokens) ' +
            'for an account with two-factor sign-in. 401 `invalid_grant` for wrong credentials, 401 ' +
            '`invalid_client` for an unknown client, 419 `password_expired`, 429 `too_many_requests` with ' +
            `Retry-After after ${TOKEN_MAX_PER_ADDRESS} calls a minute from one address or ` +
            `${LOGIN_MAX_FAILURES} wrong passwords for one account in 15 minutes.`,
          security: [],
          consumes: FORM_OR_JSON,
          body: ZPasswordGrantRequest,
          response: { 200: ZPasswordGrantResponse },
        },
      },
      async (request, reply) => {
        noStore(reply);
        await loginFailures.assertNotLocked(request, reply);
        try {
          return await passwordGrant(app.db, jwtSecret, request.body);
        } catch (error) {
          if (error instanceof AppError && error.code === 'invalid_grant') {
            await loginFailures.recordFailure(request);
          }
          throw error;
        }
      },
    );
  }

  app.post(
    '/api/oauth/refresh',
    {
      config: { public: true },
      onRequest: refreshLimit,
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token for a new token pair (rotation)',
        description:
          'JSON or form-encoded. The refresh token is single use: the answer carries its successor. ' +
          'Presenting a used token again revokes the whole sign-in. 401 `invalid_grant` on any failure.',
        security: [],
        consumes: FORM_OR_JSON,
        body: ZRefreshGrantRequest,
        response: { 200: ZTokenResponse },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return refreshGrant(app.db, jwtSecret, request.body);
    },
  );

  app.post(
    '/api/oauth/logout',
    {
      // Public: a client whose access token has expired can still end its sign-in.
      config: { public: true },
      onRequest: refreshLimit,
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revoke the refresh token and its whole family',
        description: 'Idempotent: an unknown or already revoked token also answers 204.',
        security: [],
        consumes: FORM_OR_JSON,
        body: ZLogoutRequest,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await logout(app.db, request.body.refresh_token);
      return reply.code(204).send(null);
    },
  );
}
