import { ZMember, ZMemberList, ZOrganizationAdminList } from '@parity/domain/signup';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth';
import { decide, listAdmins, listMembers } from './service';

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
}
