import { ZAdminAuditList, ZAdminAuditQuery } from '@parity/domain/admin-audit';
import { ZAuditLog, ZFeed, ZPageQuery } from '@parity/domain/organization-audit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../core/http/errors';
import { requireAuth } from '../../plugins/auth';
import * as service from './service';

export default async function auditRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['organization space'];

  app.get(
    '/api/organizations/me/audit-log',
    {
      schema: {
        tags,
        summary: "The audit log of the caller's organization (admins; newest first)",
        description:
          'Every write to organization, membership and permission data: actor, entity, entity_id, action ' +
          'and the values before and after. limit 1-100 (default 30), offset. Approved admins ' +
          '(manage_settings) only: a plain member gets 403, a pending one 403, no organization 404.',
        querystring: ZPageQuery,
        response: { 200: ZAuditLog, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => service.auditLog(app.db, requireAuth(request).userId, request.query),
  );

  app.get(
    '/api/organizations/me/feed',
    {
      schema: {
        tags,
        summary: "The activity feed of the caller's organization (members; newest first)",
        description:
          "Readable summaries ('Ada Lovelace updated the organization profile', 'Max Planck joined', " +
          "'Ada Lovelace uploaded report.pdf', 'Ada Lovelace submitted the LPI profile') built from the " +
          'audit log and the LPI submissions. limit 1-100 (default 30), offset. Approved members; ' +
          'pending 403, no organization 404.',
        querystring: ZPageQuery,
        response: { 200: ZFeed, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => service.feed(app.db, requireAuth(request).userId, request.query),
  );

  app.get(
    '/api/admin/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log of the whole platform (newest first)',
        description:
          'Every audited write of every organization and of the platform (admin changes to accounts, ' +
          'codes, settings such as maintenance mode): when, actor {id, name, email} (null: the system), ' +
          'organization {id, name} or null, entity, entity_id, entity_name, action and the values before ' +
          'and after. Filters: `actor_id` or `actor` (a search on the name or email), `organization_id`, ' +
          '`entity` and/or `action` (the kind), `from`/`to` (YYYY-MM-DD, UTC, both included; from <= to). ' +
          'limit 1-100 (default 30), offset. Platform administrators only (401 anonymous, 403 anyone else).',
        querystring: ZAdminAuditQuery,
        response: { 200: ZAdminAuditList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.platformAuditLog(app.db, requireAuth(request).userId, request.query),
  );
}
