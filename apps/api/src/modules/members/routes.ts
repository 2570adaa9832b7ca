import {
  LAST_ADMIN_MESSAGE,
  ZMemberPermissions,
  ZPermissionList,
  ZPermissionsUpdate,
} from '@parity/domain/organization-members';
import { ZMember, ZMemberList, ZOrganizationAdminList } from '@parity/domain/signup';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../core/http/errors';
import { requireAuth } from '../../plugins/auth';
import { decide, listAdmins, listMembers, listPermissions, removeMember, updatePermissions } from './service';

const ZId = z.coerce.number().int().positive().max(2_147_483_647);

const RIGHTS =
  'Members of that organization (approved) and platform admins. Another organization answers 404; ' +
  'a pending or declined member of it 403.';

export default async function membersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/organizations/me/members',
    {
      schema: {
        tags: ['members'],
        summary: "Members of the caller's organization (every status, pending first)",
        description: `Approved members only (pending or declined: 403; no organization: 404). ${RIGHTS}`,
        response: { 200: ZMemberList },
      },
    },
    async (request) => listMembers(app.db, requireAuth(request).userId, 'me'),
  );

  app.get(
    '/api/organizations/me/admins',
    {
      schema: {
        tags: ['members'],
        summary: "Approved admins of the caller's organization (admin of organization cards)",
        description:
          'Any member may call it, pending and declined ones too: their status card lists whom to ' +
          'contact. A caller without an organization gets an empty list.',
        response: { 200: ZOrganizationAdminList },
      },
    },
    async (request) => listAdmins(app.db, requireAuth(request).userId),
  );

  app.get(
    '/api/organizations/:id/members',
    {
      schema: {
        tags: ['members'],
        summary: 'Members of an organization (every status, pending first)',
        description: RIGHTS,
        params: z.object({ id: ZId }),
        response: { 200: ZMemberList },
      },
    },
    async (request) => listMembers(app.db, requireAuth(request).userId, request.params.id),
  );

  for (const decision of ['approve', 'decline'] as const) {
    app.post(
      `/api/organizations/:organization_id/users/:user_id/${decision}`,
      {
        schema: {
          tags: ['members'],
          summary:
            decision === 'approve'
              ? 'Approve a pending member (the user is mailed)'
              : 'Decline a pending member (the user is mailed)',
          description:
            "That organization's approved admins and platform admins only (another organization: 404, " +
            'a plain member: 403). The user must be a pending member of that organization (else 404, ' +
            'or 409 when already decided). Answers the member as it is now.',
          params: z.object({ organization_id: ZId, user_id: ZId }),
          response: { 200: ZMember },
        },
      },
      async (request) =>
        decide(
          app.db,
          (message) => app.mailer.send(message),
          app.config.publicUrl,
          requireAuth(request).userId,
          request.params.organization_id,
          request.params.user_id,
          decision,
        ),
    );
  }

  app.get(
    '/api/organizations/me/permissions',
    {
      schema: {
        tags: ['members'],
        summary: "Approved members of the caller's organization with their four permission flags",
        description:
          'manage_settings (organization admin), user_manage_surveys, survey_creation and ' +
          'average_lpi_score_access per approved member. Approved members read (pending 403, no organization 404).',
        response: { 200: ZPermissionList, ...errorResponses(403, 404) },
      },
    },
    async (request) => listPermissions(app.db, requireAuth(request).userId),
  );

  app.put(
    '/api/organizations/me/members/:user_id/permissions',
    {
      schema: {
        tags: ['members'],
        summary: "Grant or revoke an approved member's permissions (admins)",
        description:
          "Body: any of the four flags as booleans (absent ones stay). Takes effect on the member's next " +
          `request. 409 '${LAST_ADMIN_MESSAGE}' when it would demote the last admin. Admins only (403), ` +
          "a user who is not an approved member of the caller's organization 404. Written to the audit log.",
        params: z.object({ user_id: ZId }),
        body: ZPermissionsUpdate,
        response: { 200: ZMemberPermissions, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) =>
      updatePermissions(app.db, requireAuth(request).userId, request.params.user_id, request.body),
  );

  app.delete(
    '/api/organizations/me/members/:user_id',
    {
      schema: {
        tags: ['members'],
        summary: "Remove a member from the caller's organization (admins)",
        description:
          'Deletes the membership (any status); the user is then without organization and must join ' +
          `again. 409 '${LAST_ADMIN_MESSAGE}' for the last admin. Admins only (403); not a member 404.`,
        params: z.object({ user_id: ZId }),
        response: { 200: z.object({ message: z.string() }), ...errorResponses(403, 404, 409) },
      },
    },
    async (request) => removeMember(app.db, requireAuth(request).userId, request.params.user_id),
  );
}
