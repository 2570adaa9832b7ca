import {
  ARCHIVE_SELF_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  LAST_PLATFORM_ADMIN_MESSAGE,
  OWN_ADMIN_RIGHT_MESSAGE,
  ZAdminMessage,
  ZAdminPasswordReset,
  ZAdminPasswordResetResult,
  ZAdminPermissionsUpdate,
  ZAdminRolesUpdate,
  ZAdminUser,
  ZAdminUserList,
  ZAdminUserListQuery,
  ZAdminUserUpdate,
  ZArchivedUserList,
  ZArchivedUserListQuery,
} from '@parity/domain/admin-users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../core/http/errors';
import { requireAuth } from '../../../plugins/auth';
import type { AuthDeps } from '../../auth/service';
import {
  archiveUser,
  decideUser,
  disableTwoFactor,
  getUser,
  listArchived,
  listUsers,
  restoreUser,
  sendPasswordReset,
  updatePermissions,
  updateRoles,
  updateUser,
} from './service';

const ZUserParams = z.object({ userId: z.coerce.number().int().positive().max(2_147_483_647) });
const ADMINS = 'Platform administrators only (anonymous 401, anyone else 403).';

export default async function adminUsersRoutes(fastify: FastifyInstance) {
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
  const tags = ['admin'];

  app.get(
    '/api/admin/users',
    {
      schema: {
        tags,
        summary: 'Active accounts: search, filters, sorting and pages',
        description: `${ADMINS} search matches the full name or the email; role sadm, org_admin, survey_host or member.`,
        querystring: ZAdminUserListQuery,
        response: { 200: ZAdminUserList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listUsers(app.db, requireAuth(request).userId, request.query),
  );

  app.get(
    '/api/admin/users/:userId',
    {
      schema: {
        tags,
        summary: 'An account with its membership and permissions',
        description: `${ADMINS} An archived or unknown account: 404.`,
        params: ZUserParams,
        response: { 200: ZAdminUser, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => getUser(app.db, requireAuth(request).userId, request.params.userId),
  );

  app.put(
    '/api/admin/users/:userId',
    {
      schema: {
        tags,
        summary: "Edit an account's name, last name, title and email",
        description: `${ADMINS} 409 '${EMAIL_TAKEN_MESSAGE}'. Written to the audit log.`,
        params: ZUserParams,
        body: ZAdminUserUpdate,
        response: { 200: ZAdminUser, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateUser(app.db, requireAuth(request).userId, request.params.userId, request.body),
  );

  for (const decision of ['approve', 'decline'] as const) {
    app.post(
      `/api/admin/users/:userId/${decision}`,
      {
        schema: {
          tags,
          summary:
            decision === 'approve' ? 'Approve a pending user (mailed)' : 'Decline a pending user (mailed)',
          description: `${ADMINS} 404 without an organization, 409 when the user is not pending.`,
          params: ZUserParams,
          response: { 200: ZAdminUser, ...errorResponses(401, 403, 404, 409) },
        },
      },
      async (request) => decideUser(deps, requireAuth(request).userId, request.params.userId, decision),
    );
  }

  app.post(
    '/api/admin/users/:userId/password-reset',
    {
      schema: {
        tags,
        summary: "Mail the user a password-reset link, and end the user's sessions",
        description:
          `${ADMINS} The link of the forgotten-password page (60 minutes, works once). JSON ` +
          '`{end_sessions}` (optional, default true; an empty body is the same): every session of the ' +
          'user ends at once (their access tokens answer 401, their refresh tokens are refused), and ' +
          '`sessions_ended` tells how many; false keeps them (`sessions_ended: null`). Written to the ' +
          'audit log with the choice and the count.',
        params: ZUserParams,
        // A bodyless POST (the earlier web's button) arrives as null: the default applies.
        body: ZAdminPasswordReset.nullish(),
        response: { 200: ZAdminPasswordResetResult, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      sendPasswordReset(
        deps,
        requireAuth(request).userId,
        request.params.userId,
        request.body ?? ZAdminPasswordReset.parse({}),
      ),
  );

  app.post(
    '/api/admin/users/:userId/two-factor/disable',
    {
      schema: {
        tags,
        summary: 'Turn off two-factor sign-in for a locked-out user',
        description: `${ADMINS} Written to the audit log.`,
        params: ZUserParams,
        response: { 200: ZAdminUser, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => disableTwoFactor(app.db, requireAuth(request).userId, request.params.userId),
  );

  app.post(
    '/api/admin/users/:userId/archive',
    {
      schema: {
        tags,
        summary: 'Archive (deactivate) an account: its sessions end',
        description: `${ADMINS} 409 '${ARCHIVE_SELF_MESSAGE}' or '${LAST_PLATFORM_ADMIN_MESSAGE}'.`,
        params: ZUserParams,
        response: { 200: ZAdminMessage, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => archiveUser(app.db, requireAuth(request).userId, request.params.userId),
  );

  app.put(
    '/api/admin/users/:userId/permissions',
    {
      schema: {
        tags,
        summary: "Set an account's platform administrator right and organization permissions",
        description:
          `${ADMINS} Any of is_sadm, manage_settings, user_manage_surveys (survey host), survey_creation, ` +
          `average_lpi_score_access. 409 '${OWN_ADMIN_RIGHT_MESSAGE}' or '${LAST_PLATFORM_ADMIN_MESSAGE}'.`,
        params: ZUserParams,
        body: ZAdminPermissionsUpdate,
        response: { 200: ZAdminUser, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      updatePermissions(app.db, requireAuth(request).userId, request.params.userId, request.body),
  );

  app.put(
    '/api/admin/users/:userId/roles',
    {
      schema: {
        tags,
        summary: "Set a user's roles (spec 3 user_roles) from the roles dictionary",
        description:
          `${ADMINS} role_ids replaces the whole list (ids of GET /api/roles; [] clears it); ` +
          'an unknown id answers 400 naming it. Written to the audit log with the names before and after.',
        params: ZUserParams,
        body: ZAdminRolesUpdate,
        response: { 200: ZAdminUser, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => updateRoles(app.db, requireAuth(request).userId, request.params.userId, request.body),
  );

  app.get(
    '/api/admin/archived-users',
    {
      schema: {
        tags,
        summary: 'Archived (deactivated) accounts, most recent first',
        description: ADMINS,
        querystring: ZArchivedUserListQuery,
        response: { 200: ZArchivedUserList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listArchived(app.db, requireAuth(request).userId, request.query),
  );

  app.post(
    '/api/admin/archived-users/:userId/restore',
    {
      schema: {
        tags,
        summary: 'Restore an archived account (the user sets a new password from a mailed link)',
        description: `${ADMINS} The old password no longer works. Not archived: 404.`,
        params: ZUserParams,
        response: { 200: ZAdminMessage, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => restoreUser(deps, requireAuth(request).userId, request.params.userId),
  );
}
