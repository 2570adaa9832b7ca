import {
  ZOrganizationDirectory,
  ZOrganizationDirectoryQuery,
  ZOrganizationPublic,
} from '@parity/domain/organization';
import { AWAITING_APPROVAL_MESSAGE } from '@parity/domain/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth';
import * as service from './service';

const ZId = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const ZError = z.object({ message: z.string(), error: z.string(), detail: z.unknown().optional() });

export default async function organizationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const tags = ['organizations'];

  app.get(
    '/api/organizations',
    {
      schema: {
        tags,
        summary: 'The organization directory (/organizations)',
        description:
          'Organizations that chose to be public and are not deleted, searched by name and filtered by legal ' +
          'structure; sort_by name (default) or created_at, sort_order asc (default) or desc; limit 1-100 ' +
          `(default 30). A caller not yet approved gets 403 '${AWAITING_APPROVAL_MESSAGE}'.`,
        querystring: ZOrganizationDirectoryQuery,
        response: { 200: ZOrganizationDirectory, 400: ZError, 403: ZError },
      },
    },
    async (request) => service.listOrganizations(db, requireAuth(request).userId, request.query),
  );

  app.get(
    '/api/organizations/:id',
    {
      schema: {
        tags,
        summary: "An organization's public page (/organizations/{organizationId})",
        description:
          'A private or deleted organization answers 404 to anyone but its own approved members and ' +
          'platform admins. A caller not yet approved gets 403.',
        params: ZId,
        response: { 200: ZOrganizationPublic, 403: ZError, 404: ZError },
      },
    },
    async (request) => service.getOrganization(db, requireAuth(request).userId, request.params.id),
  );
}
