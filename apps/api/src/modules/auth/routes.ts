import { ZClientCredentialsGrantRequest, ZClientTokenResponse } from '@parity/domain/admin-clients';
import {
  MFA_SENT_MESSAGE,
  RESET_LINK_SENT_MESSAGE,
  ZLogoutRequest,
  ZMfaSendRequest,
  ZMfaSubmitRequest,
  ZNeutralResponse,
  ZPasswordEmailRequest,
  ZPasswordGrantRequest,
  ZPasswordGrantResponse,
  ZPasswordResetRequest,
  ZPasswordUpdateRequest,
  ZRefreshGrantRequest,
  ZTokenResponse,
  ZUpdateAfterExpiryRequest,
  ZUpdateAfterExpiryResponse,
} from '@parity/domain/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, errorResponses } from '../../core/http/errors';
import { requireAuth } from '../../plugins/auth';
import {
  addressKey,
  type FailureCounter,
  failureCounter,
  limitPerAddress,
  mailSpacing,
} from '../../plugins/rate-limit';
import {
  type AuthDeps,
  clientCredentialsGrant,
  deactivateAccount,
  logout,
  MFA_CODE_TTL_MS,
  MFA_MAX_TRIES,
  passwordGrant,
  RESET_TOKEN_TTL_MS,
  refreshGrant,
  requestPasswordReset,
  resendCode,
  resetPassword,
  submitCode,
  updateAfterExpiry,
  updatePassword,
  warnOfFailedSignIns,
} from './service';

/** Sign-in attempts per client address, whatever the account. */
export const TOKEN_MAX_PER_ADDRESS = 20;
/**
 * Wrong passwords for one account (existing or not) from one client address before that address
 * may not try that account for the rest of the window. Per address, so knowing an email does not
 * lock its owner out: they still sign in from another address. The owner is mailed when an
 * account gets this many from any addresses in a window (once per window).
 */
export const LOGIN_MAX_FAILURES = 10;
/**
 * Wrong passwords from one client address, whatever the accounts, before the address may not sign
 * in at all for the rest of the window: room for an office behind one address to mistype, too
 * little to guess across many accounts.
 */
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 30;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Refresh and logout calls per client address. */
export const REFRESH_MAX_PER_ADDRESS = 60;
/** Code submissions per client address a minute, and wrong codes per account in 15 minutes. */
export const MFA_SUBMIT_MAX_PER_ADDRESS = 20;
export const MFA_MAX_WRONG_PER_ACCOUNT = 10;
/**
 * Mail-sending calls anyone may make about an account (a reset link, a new code) are limited so
 * that a stranger cannot keep the owner from getting one (docs/reliability.md 5.4): 429 per
 * client address a minute and per address and account in 15 minutes (that hurts only whoever
 * sends too many); per account only spaced out: after the window's first mails the answer stays
 * the same and nothing more is sent until the window ends, while the mails already sent work.
 */
export const MFA_SEND_MAX_PER_ADDRESS = 10;
export const MFA_SEND_MAX_PER_ADDRESS_AND_ACCOUNT = 5;
export const MFA_CODE_MAILS_PER_ACCOUNT = 5;
export const RESET_MAIL_MAX_PER_ADDRESS = 10;
export const RESET_MAIL_MAX_PER_ADDRESS_AND_EMAIL = 3;
export const RESET_MAILS_PER_EMAIL = 5;
/** The window of the per-account counts above. */
export const MAIL_WINDOW_MS = 15 * 60 * 1000;
/** Other password calls (reset, expiry update, change) per client address a minute. */
export const PASSWORD_MAX_PER_ADDRESS = 10;
/** Wrong current passwords per signed-in account in 15 minutes (passwords/update). */
export const PASSWORD_UPDATE_MAX_FAILURES = 5;

const MINUTE_MS = 60 * 1000;
const FORM_OR_JSON = ['application/json', 'application/x-www-form-urlencoded'];

function noStore(reply: FastifyReply) {
  // RFC 6749 5.1: token answers must not be cached.
  reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
}

/** The account a sign-in-like call names: `username`, else `email` (case-insensitive). */
function loginKey(request: FastifyRequest): string | undefined {
  const body = request.body as { username?: unknown; email?: unknown } | undefined;
  const name = typeof body?.username === 'string' ? body.username : body?.email;
  return typeof name === 'string' && name.trim() ? name.trim().toLowerCase() : undefined;
}

/** The account a call names and the client address it comes from. */
function loginAndAddressKey(request: FastifyRequest): string | undefined {
  const account = loginKey(request);
  return account === undefined ? undefined : `${account}|${addressKey(request.ip)}`;
}

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const jwtSecret = app.config.jwtSecret;
  if (!jwtSecret) throw new Error('jwtSecret is not configured');
  const deps: AuthDeps = {
    db: app.db,
    jwtSecret,
    mailer: app.mailer,
    publicUrl: app.config.publicUrl,
    onBackgroundError: (error) => app.log.error({ err: error }, 'background mail failed'),
  };

  const tokenLimit = limitPerAddress(app, {
    name: 'token-calls',
    max: TOKEN_MAX_PER_ADDRESS,
    timeWindowMs: MINUTE_MS,
  });
  const refreshLimit = limitPerAddress(app, {
    name: 'refresh-calls',
    max: REFRESH_MAX_PER_ADDRESS,
    timeWindowMs: MINUTE_MS,
  });
  const loginFailures = signInFailures(app, deps);

  // The spec's path has a trailing slash; both spellings share one handler and one counter. The
  // reference documents the one without (OpenAPI paths end without a slash).
  for (const url of ['/api/oauth/token/', '/api/oauth/token']) {
    app.post(
      url,
      {
        config: { public: true },
        onRequest: tokenLimit,
        schema: {
          hide: url !== '/api/oauth/token',
          tags: ['auth'],
          summary: 'Sign in with email and password (password grant), or a client with its secret',
          description:
            '`grant_type=client_credentials` (form fields `client_id`, `client_secret`, `scope` optional: a ' +
            "space-separated subset of the client's scopes) is for integration clients created in " +
            '/admin/clients: it answers `{token_type, access_token, expires_in, scope}`, no refresh token; the ' +
            "token reads, as the client's organization, the GET routes its scopes cover (403 for anything " +
            'else), and stops working at once when the client is revoked or its secret rotated. 401 ' +
            '`invalid_client` for a wrong secret, 400 `invalid_scope` for a scope the client lacks. ' +
            '`grant_type=password`: JSON or form-encoded. Answers a token pair, or `{ mfa_verification_required: true, uuid }` (no ' +
            'tokens) for an account with two-factor sign-in: a 6-digit code was mailed, `uuid` names the ' +
            'challenge for `POST /api/mfa-submit`. 401 `invalid_grant` for wrong credentials, 401 ' +
            '`invalid_client` for an unknown client, 419 `password_expired` (its `detail.ticket` changes the ' +
            'password without asking again), 429 `too_many_requests` with ' +
            `Retry-After after ${TOKEN_MAX_PER_ADDRESS} calls a minute from one address, ` +
            `${LOGIN_MAX_FAILURES} wrong passwords for one account from one address in 15 minutes (that ` +
            `address only: the owner still signs in from another, and is mailed) or ` +
            `${LOGIN_MAX_FAILURES_PER_ADDRESS} wrong passwords from one address in 15 minutes, whatever the accounts.`,
          security: [],
          consumes: FORM_OR_JSON,
          body: z.discriminatedUnion('grant_type', [ZPasswordGrantRequest, ZClientCredentialsGrantRequest]),
          response: { 200: z.union([ZPasswordGrantResponse, ZClientTokenResponse]) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const body = request.body;
        if (body.grant_type === 'client_credentials') return clientCredentialsGrant(app.db, jwtSecret, body);
        await loginFailures.assertNotLocked(request, reply);
        try {
          return await passwordGrant(deps, body);
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
  registerCodeAndPasswordRoutes(app, deps, loginFailures);
}

/**
 * Wrong passwords (sign-in, the password sent with a code, an expired password's update) are
 * counted per account and address and per address; both lock only that address. Per account they
 * are only counted, to mail the owner once per burst.
 */
function signInFailures(app: FastifyInstance, deps: AuthDeps): FailureCounter {
  const common = {
    timeWindowMs: LOGIN_FAILURE_WINDOW_MS,
    message: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
  };
  const perAccountAndAddress = failureCounter(app, {
    ...common,
    name: 'login-failures',
    max: LOGIN_MAX_FAILURES,
    key: (request) => {
      const account = loginKey(request);
      return account === undefined ? undefined : `${account}|${request.ip}`;
    },
  });
  const perAddress = failureCounter(app, {
    ...common,
    name: 'login-failures-address',
    max: LOGIN_MAX_FAILURES_PER_ADDRESS,
    key: (request) => request.ip,
  });
  // Never asserted: it only tells when an account's burst reaches the mail.
  const perAccount = failureCounter(app, {
    ...common,
    name: 'login-failures-account',
    max: LOGIN_MAX_FAILURES,
    key: loginKey,
  });
  return {
    async assertNotLocked(request, reply) {
      await perAccountAndAddress.assertNotLocked(request, reply);
      await perAddress.assertNotLocked(request, reply);
    },
    async recordFailure(request) {
      const [, , burst] = await Promise.all([
        perAccountAndAddress.recordFailure(request),
        perAddress.recordFailure(request),
        perAccount.recordFailure(request),
      ]);
      const account = loginKey(request);
      if (burst && account) warnOfFailedSignIns(deps, account);
      return burst;
    },
  };
}

function registerCodeAndPasswordRoutes(
  fastify: FastifyInstance,
  deps: AuthDeps,
  loginFailures: FailureCounter,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const window15 = 15 * MINUTE_MS;
  const mfaSubmitLimit = limitPerAddress(app, {
    name: 'mfa-submit-calls',
    max: MFA_SUBMIT_MAX_PER_ADDRESS,
    timeWindowMs: MINUTE_MS,
  });
  const mfaSendLimit = limitPerAddress(app, {
    name: 'mfa-send-calls',
    max: MFA_SEND_MAX_PER_ADDRESS,
    timeWindowMs: MINUTE_MS,
  });
  const resetMailLimit = limitPerAddress(app, {
    name: 'reset-mail-calls',
    max: RESET_MAIL_MAX_PER_ADDRESS,
    timeWindowMs: MINUTE_MS,
  });
  const passwordLimit = limitPerAddress(app, {
    name: 'password-calls',
    max: PASSWORD_MAX_PER_ADDRESS,
    timeWindowMs: MINUTE_MS,
  });
  const wrongCodes = failureCounter(app, {
    name: 'mfa-wrong-codes',
    max: MFA_MAX_WRONG_PER_ACCOUNT,
    timeWindowMs: window15,
    key: loginKey,
    message: 'Too many wrong codes for this account. Please wait a few minutes and try again.',
  });
  // Counted as calls (asserted, then recorded), per account and address.
  const codeResends = failureCounter(app, {
    name: 'mfa-resends',
    max: MFA_SEND_MAX_PER_ADDRESS_AND_ACCOUNT,
    timeWindowMs: MAIL_WINDOW_MS,
    key: loginAndAddressKey,
    message: 'Too many new codes asked for this account. Please wait a few minutes and try again.',
  });
  const codeMails = mailSpacing(app, {
    name: 'mfa-code-mails',
    max: MFA_CODE_MAILS_PER_ACCOUNT,
    timeWindowMs: MAIL_WINDOW_MS,
    key: loginKey,
  });
  const resetRequests = failureCounter(app, {
    name: 'reset-requests',
    max: RESET_MAIL_MAX_PER_ADDRESS_AND_EMAIL,
    timeWindowMs: MAIL_WINDOW_MS,
    key: loginAndAddressKey,
    message: 'Too many reset links asked for this email. Please wait a few minutes and try again.',
  });
  const resetMails = mailSpacing(app, {
    name: 'reset-mails',
    max: RESET_MAILS_PER_EMAIL,
    timeWindowMs: MAIL_WINDOW_MS,
    key: loginKey,
  });
  const wrongCurrent = failureCounter(app, {
    name: 'password-update-failures',
    max: PASSWORD_UPDATE_MAX_FAILURES,
    timeWindowMs: window15,
    key: (request) => (request.auth ? `user:${request.auth.userId}` : undefined),
    message: 'Too many wrong passwords. Please wait a few minutes and try again.',
  });
  const ttl = (ms: number) => `${Math.round(ms / MINUTE_MS)} minutes`;

  app.post(
    '/api/mfa-send',
    {
      config: { public: true },
      onRequest: mfaSendLimit,
      schema: {
        tags: ['auth'],
        summary: 'Mail a new two-factor code for the open verification',
        description:
          'JSON or form-encoded `{email, type: "email", uuid?}`. Replaces the code of the account\'s open ' +
          `challenge (the one named by \`uuid\`, else the newest) and mails it; it lives ${ttl(MFA_CODE_TTL_MS)}, ` +
          'and the tries already spent stay spent. The answer is the same for an unknown email or when no ' +
          `verification is open. 429 after ${MFA_SEND_MAX_PER_ADDRESS} calls a minute from one address or ` +
          `${MFA_SEND_MAX_PER_ADDRESS_AND_ACCOUNT} for one account from one address in 15 minutes. After ` +
          `${MFA_CODE_MAILS_PER_ACCOUNT} calls for one account in 15 minutes, from any addresses, the answer ` +
          'stays the same but no code is mailed or replaced until the 15 minutes end: the code last mailed ' +
          'still works, and signing in again starts a new verification with its own mail.',
        security: [],
        consumes: FORM_OR_JSON,
        body: ZMfaSendRequest,
        response: { 200: ZNeutralResponse },
      },
    },
    async (request, reply) => {
      await codeResends.assertNotLocked(request, reply);
      await codeResends.recordFailure(request);
      if (!(await codeMails.mayMail(request))) return { message: MFA_SENT_MESSAGE };
      return resendCode(deps, request.body);
    },
  );

  app.post(
    '/api/mfa-submit',
    {
      config: { public: true },
      onRequest: mfaSubmitLimit,
      schema: {
        tags: ['auth'],
        summary: 'Exchange the mailed two-factor code for the token pair',
        description:
          'JSON or form-encoded: `uuid` (from the token endpoint), `code` (6 digits), `email` or `username`, ' +
          'and the grant fields `client_id`, `grant_type`, `type`. `password`, when sent, must be right too. ' +
          `A challenge allows ${MFA_MAX_TRIES} tries, then ends; a code lives ${ttl(MFA_CODE_TTL_MS)} and works ` +
          'once. 400 `invalid_code` (field `body.code`, tries left), 400 `verification_expired` (log in again), ' +
          `429 after ${MFA_SUBMIT_MAX_PER_ADDRESS} calls a minute from one address or ` +
          `${MFA_MAX_WRONG_PER_ACCOUNT} wrong codes for one account in 15 minutes.`,
        security: [],
        consumes: FORM_OR_JSON,
        body: ZMfaSubmitRequest,
        response: { 200: ZTokenResponse },
      },
    },
    async (request, reply) => {
      noStore(reply);
      await wrongCodes.assertNotLocked(request, reply);
      await loginFailures.assertNotLocked(request, reply);
      try {
        return await submitCode(deps, request.body);
      } catch (error) {
        if (error instanceof AppError && error.code === 'invalid_grant')
          await loginFailures.recordFailure(request);
        if (
          error instanceof AppError &&
          (error.code === 'invalid_code' || error.code === 'verification_expired')
        ) {
          await wrongCodes.recordFailure(request);
        }
        throw error;
      }
    },
  );

  app.post(
    '/api/passwords/email',
    {
      config: { public: true },
      onRequest: resetMailLimit,
      schema: {
        tags: ['auth'],
        summary: 'Mail a password-reset link',
        description:
          'JSON `{email}`. Always the same answer; a known account gets a link to /login/reset/{token}, ' +
          `valid ${ttl(RESET_TOKEN_TTL_MS)}: any one of its open links works once, and sets the password ` +
          `once (every other link then ends). 429 after ${RESET_MAIL_MAX_PER_ADDRESS} calls a minute from ` +
          `one address or ${RESET_MAIL_MAX_PER_ADDRESS_AND_EMAIL} for one email from one address in 15 ` +
          `minutes, whether or not it has an account. After ${RESET_MAILS_PER_EMAIL} calls for one email in ` +
          '15 minutes, from any addresses, the answer stays the same but no link is mailed until the 15 ' +
          'minutes end: the links mailed meanwhile still work, so a stranger cannot keep one from the owner.',
        security: [],
        consumes: FORM_OR_JSON,
        body: ZPasswordEmailRequest,
        response: { 200: ZNeutralResponse },
      },
    },
    async (request, reply) => {
      await resetRequests.assertNotLocked(request, reply);
      await resetRequests.recordFailure(request);
      if (!(await resetMails.mayMail(request))) return { message: RESET_LINK_SENT_MESSAGE };
      return requestPasswordReset(deps, request.body.email);
    },
  );

  app.post(
    '/api/passwords/reset',
    {
      config: { public: true },
      onRequest: passwordLimit,
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the mailed reset link',
        description:
          'JSON `{email, token, new_password, new_password_confirmation?}`. The new password must follow ' +
          'the rule of spec 5 and not be common. Every session of the account ends; the user then logs in ' +
          '(through two-factor when the account has it). 400 `invalid_token` for an unknown, used or expired ' +
          'link or another email.',
        security: [],
        consumes: FORM_OR_JSON,
        body: ZPasswordResetRequest,
        response: { 200: ZNeutralResponse },
      },
    },
    async (request) => resetPassword(deps, request.body),
  );

  app.post(
    '/api/password/update-after-expiry',
    {
      config: { public: true },
      onRequest: passwordLimit,
      schema: {
        tags: ['auth'],
        summary: 'Replace an expired password (after a 419 from the token endpoint)',
        description:
          "JSON `{ticket, new_password, new_password_confirmation}` with the 419's `detail.ticket` (10 " +
          'minutes, bound to the account and the password the login proved, spent by the change; 400 ' +
          '`invalid_ticket` otherwise), or `{email, old_password, new_password, new_password_confirmation}`. ' +
          'Answers `{token: <token ' +
          'pair>}` (signed in at once), or `{mfa_verification_required: true, uuid}` for a two-factor account. ' +
          '400 `invalid_password` (field `body.old_password`) for wrong credentials, counted with sign-in ' +
          'failures; 400 `password_not_expired` when the password still works.',
        security: [],
        consumes: FORM_OR_JSON,
        body: ZUpdateAfterExpiryRequest,
        response: { 200: ZUpdateAfterExpiryResponse },
      },
    },
    async (request, reply) => {
      noStore(reply);
      await loginFailures.assertNotLocked(request, reply);
      try {
        return await updateAfterExpiry(deps, request.body);
      } catch (error) {
        if (error instanceof AppError && error.code === 'invalid_password')
          await loginFailures.recordFailure(request);
        throw error;
      }
    },
  );

  app.post(
    '/api/passwords/update',
    {
      onRequest: passwordLimit,
      schema: {
        tags: ['auth'],
        summary: 'Change the password (signed in)',
        description:
          'JSON `{current_password, new_password, new_password_confirmation}`. Ends every session of the ' +
          'account (all refresh tokens) and answers a fresh token pair, so the caller stays signed in. 400 ' +
          '`invalid_password` (field `body.current_password`) for a wrong current password; 429 after ' +
          `${PASSWORD_UPDATE_MAX_FAILURES} of those in 15 minutes.`,
        consumes: FORM_OR_JSON,
        body: ZPasswordUpdateRequest,
        response: { 200: ZTokenResponse },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const caller = requireAuth(request);
      await wrongCurrent.assertNotLocked(request, reply);
      try {
        return await updatePassword(deps, caller, request.body);
      } catch (error) {
        if (error instanceof AppError && error.code === 'invalid_password')
          await wrongCurrent.recordFailure(request);
        throw error;
      }
    },
  );

  app.put(
    '/api/user-account/deactivate',
    {
      schema: {
        tags: ['auth'],
        summary: 'Deactivate the own account',
        description:
          'Soft-deletes the signed-in account and ends every session (all refresh tokens); it can no ' +
          'longer sign in. 204. 409 for the last admin of an organization that has other members ' +
          '(as removing that admin is): another member must get the manage settings permission first.',
        response: { 204: z.null(), ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      await deactivateAccount(deps.db, caller.userId);
      return reply.code(204).send(null);
    },
  );
}
