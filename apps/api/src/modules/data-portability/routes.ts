import {
  WRONG_PASSWORD_MESSAGE,
  ZEraseAccountRequest,
  ZEraseAccountResponse,
  ZExportQuery,
} from '@parity/domain/data-portability';
import { LAST_ADMIN_MESSAGE } from '@parity/domain/organization-members';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, errorResponses } from '../../core/http/errors';
import { sendAttachment } from '../../core/http/send-file';
import { requireAuth } from '../../plugins/auth';
import { failureCounter } from '../../plugins/rate-limit';
import * as service from './service';

/** Wrong passwords per account in 15 minutes before the erasure answers 429. */
export const ERASE_MAX_FAILURES = 5;

export default async function dataPortabilityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  app.get(
    '/api/organizations/me/export',
    {
      schema: {
        tags: ['organization space'],
        summary: "Download all of the organization's data (JSON or .xlsx, admins)",
        description:
          'format json (default: one document with version and generated_at) or xlsx (one sheet per part): ' +
          'the organization record, its LPI profile (every tab), the profile versions, its submissions, ' +
          'the file list (names, types, sizes, dates; not the bytes), members (name, email, role, status) ' +
          'and the audit log. Built in memory; an attachment (Content-Disposition). Audited ' +
          "(organization export). Approved admins (manage_settings) of the caller's organization: a plain " +
          'or pending member 403, no organization 404.',
        querystring: ZExportQuery,
        // No response schema: the reference lists the file as the 200 answer (as for the other
        // downloads); the error answers are named in the description.
        produces: ['application/json', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) => {
      const file = await service.exportOrganization(db, requireAuth(request).userId, request.query.format);
      return sendAttachment(reply, file);
    },
  );

  // As for a password change: a stolen access token must not become a way to guess the password.
  const wrongPassword = failureCounter(app, {
    name: 'erase-account-failures',
    max: ERASE_MAX_FAILURES,
    timeWindowMs: 15 * 60 * 1000,
    key: (request) => (request.auth ? `user:${request.auth.userId}` : undefined),
    message: 'Too many wrong passwords. Please wait a few minutes and try again.',
  });

  app.delete(
    '/api/user-account',
    {
      schema: {
        tags: ['auth'],
        summary: 'Erase the own account (personal data removed, authorship pseudonymised)',
        description:
          'JSON `{password}`: the current password. Removes the personal data (name, email, phone, title, ' +
          'bio, profile image, saved items, follows, listing, notifications and their preferences, ' +
          'sessions, codes, memberships); the account row stays as "Erased user" so audit entries, LPI ' +
          'versions and posts keep their (pseudonymised) author. Every session ends: the access token ' +
          `answers 401 and the old email no longer signs in. Audited (user erased). 400 invalid_password '${WRONG_PASSWORD_MESSAGE}'; ` +
          `409 for the last admin of an organization with other members: '${LAST_ADMIN_MESSAGE}'; 429 after ` +
          `${ERASE_MAX_FAILURES} wrong passwords in 15 minutes.`,
        body: ZEraseAccountRequest,
        response: { 200: ZEraseAccountResponse, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const { userId } = requireAuth(request);
      await wrongPassword.assertNotLocked(request, reply);
      try {
        return await service.eraseAccount(db, app.storage, userId, request.body, request.log);
      } catch (error) {
        if (error instanceof AppError && error.code === 'invalid_password')
          await wrongPassword.recordFailure(request);
        throw error;
      }
    },
  );
}
