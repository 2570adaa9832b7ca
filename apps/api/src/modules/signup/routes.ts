import { ZPendingInvitationList } from '@parity/domain/organization-invitations';
import {
  SIGNUP_TOKEN_HEADER,
  ZAcceptInvitationRequest,
  ZAcceptInvitationResponse,
  ZCreateInvitationRequest,
  ZCreateOrganizationRequest,
  ZInvitation,
  ZInvitationDetails,
  ZJoinOrganizationRequest,
  ZResendVerificationRequest,
  ZSignupAccepted,
  ZSignupAccount,
  ZSignupMembership,
  ZSignupRequest,
  ZVerifyEmailRequest,
  ZVerifyEmailResponse,
} from '@parity/domain/signup';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { verifySignupToken } from '../../core/auth/tokens';
import { AppError, errorResponses, unauthorized } from '../../core/http/errors';
import { requireAuth } from '../../plugins/auth';
import { failureCounter, limitPerAddress } from '../../plugins/rate-limit';
import {
  acceptInvitation,
  createInvitation,
  createOrganization,
  getInvitation,
  joinOrganization,
  listInvitations,
  type MailContext,
  resendInvitation,
  resendVerification,
  revokeInvitation,
  signupAccount,
  startSignup,
  verifyEmail,
} from './service';

const MINUTE_MS = 60 * 1000;
/** Sign-ups and resends (each sends mail) per client address and minute. */
export const SIGNUP_MAX_PER_ADDRESS = 10;
/** Link checks (verification, invitations) per client address and minute. */
export const LINK_MAX_PER_ADDRESS = 30;
/** Joining, creating, accepting and inviting per client address and minute. */
export const ACTION_MAX_PER_ADDRESS = 20;
/** Wrong organization codes per account before it must wait for the rest of the window. */
export const CODE_MAX_FAILURES = 10;
export const CODE_FAILURE_WINDOW_MS = 15 * MINUTE_MS;

const ZInvitationId = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

const ZToken = z.object({ uuid: z.uuid({ error: 'The invitation link is malformed.' }) });

const SIGNUP_CALLER =
  `Signed in (Bearer), or with the \`${SIGNUP_TOKEN_HEADER}\` header carrying the \`signup_token\` that ` +
  'POST /api/signup/verification answered (valid 60 minutes, for that account only); 401 without either.';

export default async function signupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const jwtSecret: string = app.config.jwtSecret ?? '';
  if (!jwtSecret) throw new Error('jwtSecret is not configured');

  /**
   * The account a sign-up step acts on: the signed-in caller, else the one the sign-up token of
   * the verification link names (spec 2: sign-up pages need no sign-in).
   */
  const signupCallers = new WeakMap<FastifyRequest, number>();
  async function signupCaller(request: FastifyRequest): Promise<number> {
    if (request.auth) return request.auth.userId;
    const header = request.headers[SIGNUP_TOKEN_HEADER];
    const userId = typeof header === 'string' ? await verifySignupToken(jwtSecret, header) : null;
    if (userId === null) {
      throw unauthorized(header ? 'The sign-up link has expired: sign in to go on.' : 'Unauthenticated.');
    }
    signupCallers.set(request, userId);
    return userId;
  }

  const mail: MailContext = {
    send: (message) => app.mailer.send(message),
    publicUrl: app.config.publicUrl.replace(/\/+$/, ''),
  };
  const signupLimit = limitPerAddress(app, {
    name: 'signup-calls',
    max: SIGNUP_MAX_PER_ADDRESS,
    timeWindowMs: MINUTE_MS,
  });
  const linkLimit = limitPerAddress(app, {
    name: 'signup-link-calls',
    max: LINK_MAX_PER_ADDRESS,
    timeWindowMs: MINUTE_MS,
  });
  const actionLimit = limitPerAddress(app, {
    name: 'signup-action-calls',
    max: ACTION_MAX_PER_ADDRESS,
    timeWindowMs: MINUTE_MS,
  });
  const codeFailures = failureCounter(app, {
    name: 'organization-code-failures',
    max: CODE_MAX_FAILURES,
    timeWindowMs: CODE_FAILURE_WINDOW_MS,
    // Per account, signed in or by its sign-up token.
    key: (request) => {
      const userId = request.auth?.userId ?? signupCallers.get(request);
      return userId === undefined ? undefined : String(userId);
    },
    message: 'Too many wrong organization codes. Please wait a few minutes and try again.',
  });

  app.post(
    '/api/signup',
    {
      config: { public: true },
      onRequest: signupLimit,
      schema: {
        tags: ['signup'],
        summary: 'Start a sign-up: an unverified account and a mailed verification link',
        description:
          'Mails `{PUBLIC_URL}/signup/processing/{accountId}/verification/{uuid}` (24 h, single use). ' +
          'The answer is the same 202 whether or not the email is already registered (the owner of ' +
          'an existing account is mailed a notice instead), so accounts cannot be enumerated. The ' +
          `account cannot sign in until verified. 429 after ${SIGNUP_MAX_PER_ADDRESS} calls a minute from one address.`,
        security: [],
        body: ZSignupRequest,
        response: { 202: ZSignupAccepted },
      },
    },
    async (request, reply) => reply.code(202).send(await startSignup(app.db, mail, request.body)),
  );

  app.post(
    '/api/signup/verification/resend',
    {
      config: { public: true },
      onRequest: signupLimit,
      schema: {
        tags: ['signup'],
        summary: 'Mail a new verification link (older links stop working)',
        description: 'Same neutral 202 for unknown, verified and unverified addresses.',
        security: [],
        body: ZResendVerificationRequest,
        response: { 202: ZSignupAccepted },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await resendVerification(app.db, mail, request.body.email)),
  );

  app.post(
    '/api/signup/verification',
    {
      config: { public: true },
      onRequest: linkLimit,
      schema: {
        tags: ['signup'],
        summary: 'Verify an email address with the mailed link (account id and uuid)',
        description:
          'Marks the address verified and answers a session (`token`, as a sign-in) with the sign-up ' +
          'token, so no second sign-in follows. 400 `invalid_token` for an unknown, ' +
          'expired or already used link; a link opened again after it verified the account answers ' +
          '200 with `already_verified: true`.',
        security: [],
        body: ZVerifyEmailRequest,
        response: { 200: ZVerifyEmailResponse },
      },
    },
    async (request) => verifyEmail(app.db, jwtSecret, request.body),
  );

  app.post(
    '/api/signup/organization/join',
    {
      config: { public: true },
      onRequest: actionLimit,
      schema: {
        tags: ['signup'],
        summary: 'Ask to join an organization with its organization code (pending until approved)',
        description:
          'Codes are compared case-insensitively; unknown, expired and revoked codes answer 400 ' +
          '`invalid_code`. Every approved admin of the organization is mailed. 409 when the caller ' +
          'already belongs to (or waits for) an organization; a declined member may ask again. ' +
          `429 after ${CODE_MAX_FAILURES} wrong codes in 15 minutes. ${SIGNUP_CALLER}`,
        security: [{ bearer: [] }, { signupToken: [] }],
        body: ZJoinOrganizationRequest,
        response: { 200: ZSignupMembership },
      },
    },
    async (request, reply) => {
      const userId = await signupCaller(request);
      await codeFailures.assertNotLocked(request, reply);
      try {
        return await joinOrganization(app.db, mail, userId, request.body.code);
      } catch (error) {
        if (error instanceof AppError && error.code === 'invalid_code')
          await codeFailures.recordFailure(request);
        throw error;
      }
    },
  );

  app.post(
    '/api/signup/organization/create',
    {
      config: { public: true },
      onRequest: actionLimit,
      schema: {
        tags: ['signup'],
        summary: 'Create a new organization; its creator becomes its approved admin with every right',
        description:
          'legal_structure_id is one of the legal structures (1-10). 409 when the caller already ' +
          `belongs to (or waits for) an organization. ${SIGNUP_CALLER}`,
        security: [{ bearer: [] }, { signupToken: [] }],
        body: ZCreateOrganizationRequest,
        response: { 201: ZSignupMembership },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createOrganization(app.db, await signupCaller(request), request.body)),
  );

  app.get(
    '/api/signup/account',
    {
      config: { public: true },
      onRequest: linkLimit,
      schema: {
        tags: ['signup'],
        summary: 'The account a sign-up step acts on, and where its sign-up stands',
        description: `Status none (no organization yet), pending, approved or declined, with the organization's name. ${SIGNUP_CALLER}`,
        security: [{ bearer: [] }, { signupToken: [] }],
        response: { 200: ZSignupAccount, ...errorResponses(401) },
      },
    },
    async (request) => signupAccount(app.db, await signupCaller(request)),
  );

  app.get(
    '/api/signup/invitations/:uuid',
    {
      config: { public: true },
      onRequest: linkLimit,
      schema: {
        tags: ['signup'],
        summary: 'The organization and email of an open invitation',
        description: '404 for an unknown, expired, revoked or already accepted invitation.',
        security: [],
        params: ZToken,
        response: { 200: ZInvitationDetails },
      },
    },
    async (request) => getInvitation(app.db, request.params.uuid),
  );

  app.post(
    '/api/signup/invitations/:uuid/accept',
    {
      config: { public: true },
      onRequest: actionLimit,
      schema: {
        tags: ['signup'],
        summary: 'Accept an invitation: a verified account, approved in the inviting organization',
        description:
          'The invitation mail proved the address, so the account may sign in at once. 404 for an ' +
          'unusable invitation, 409 for one already accepted (also to the second of two accepts at once) ' +
          'or when the address got an account meanwhile.',
        security: [],
        params: ZToken,
        body: ZAcceptInvitationRequest,
        response: { 201: ZAcceptInvitationResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await acceptInvitation(app.db, request.params.uuid, request.body)),
  );

  app.post(
    '/api/organizations/me/invitations',
    {
      onRequest: actionLimit,
      schema: {
        tags: ['signup'],
        summary: "Invite an email address to the caller's organization (admins; mailed, 7 days)",
        description:
          'Mails `{PUBLIC_URL}/signup/invitation/{uuid}`. An open invitation of the same address is ' +
          'replaced. Approved organization admins only (403 otherwise, 404 without an organization); ' +
          '409 when the address already has an account.',
        body: ZCreateInvitationRequest,
        response: { 201: ZInvitation },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createInvitation(app.db, mail, requireAuth(request).userId, request.body)),
  );

  app.get(
    '/api/organizations/me/invitations',
    {
      schema: {
        tags: ['signup'],
        summary: "Pending invitations of the caller's organization (newest first, with expiry)",
        description:
          'Invitations neither accepted nor revoked; `expired` is true after their 7 days (resend for a ' +
          'new link). Approved members read (pending 403, no organization 404).',
        response: { 200: ZPendingInvitationList, ...errorResponses(403, 404) },
      },
    },
    async (request) => listInvitations(app.db, requireAuth(request).userId),
  );

  app.post(
    '/api/organizations/me/invitations/:id/resend',
    {
      onRequest: actionLimit,
      schema: {
        tags: ['signup'],
        summary: 'Resend an invitation: a new link and a new 7-day expiry, mailed again (admins)',
        description:
          'The previous link stops working. Admins only (403); an accepted, revoked or unknown ' +
          "invitation, or another organization's, answers 404. Written to the audit log.",
        params: ZInvitationId,
        response: { 200: ZInvitation, ...errorResponses(403, 404) },
      },
    },
    async (request) => resendInvitation(app.db, mail, requireAuth(request).userId, request.params.id),
  );

  app.delete(
    '/api/organizations/me/invitations/:id',
    {
      schema: {
        tags: ['signup'],
        summary: 'Revoke a pending invitation (admins)',
        description:
          "Its link then answers 404 `invitation_revoked` ('This invitation was withdrawn by the " +
          "organization...'). Admins only (403); accepted, revoked or another organization's: 404.",
        params: ZInvitationId,
        response: { 200: z.object({ message: z.string() }), ...errorResponses(403, 404) },
      },
    },
    async (request) => revokeInvitation(app.db, requireAuth(request).userId, request.params.id),
  );
}
