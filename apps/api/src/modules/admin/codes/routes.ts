import {
  ZAdminCode,
  ZAdminCodeCreate,
  ZAdminCodeList,
  ZAdminCodeParams,
  ZAdminCodesQuery,
} from '@parity/domain/admin-codes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../core/http/errors';
import { requireAuth } from '../../../plugins/auth';
import { createCode, getCodes, revokeCode, rotateCode } from './service';

const tags = ['admin'];
const RIGHTS = 'Platform administrators only (401 anonymous, 403 anyone else).';

export default async function adminCodesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/codes',
    {
      schema: {
        tags,
        summary: "Every organization's sign-up codes, newest first",
        description: `Each code with its organization, expiry and status (active, expired, revoked); \`search\` matches the organization's name or the code. ${RIGHTS}`,
        querystring: ZAdminCodesQuery,
        response: { 200: ZAdminCodeList },
      },
    },
    async (request) => getCodes(app.db, requireAuth(request).userId, request.query),
  );

  app.post(
    '/api/admin/codes',
    {
      schema: {
        tags,
        summary: 'Create a sign-up code for an organization',
        description: `A new random code, with an optional expiry (ISO date-time in the future); audited. ${RIGHTS}`,
        body: ZAdminCodeCreate,
        response: { 201: ZAdminCode, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCode(app.db, requireAuth(request).userId, request.body)),
  );

  app.post(
    '/api/admin/codes/:id/rotate',
    {
      schema: {
        tags,
        summary: 'Replace a code by a new value; the old one is revoked',
        description: `One transaction; the new code keeps the old expiry while it is in the future. 409 for a revoked code. ${RIGHTS}`,
        params: ZAdminCodeParams,
        response: { 200: ZAdminCode, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => rotateCode(app.db, requireAuth(request).userId, request.params.id),
  );

  app.post(
    '/api/admin/codes/:id/revoke',
    {
      schema: {
        tags,
        summary: 'Revoke a code: it stops working at once',
        description: `409 for a code already revoked. ${RIGHTS}`,
        params: ZAdminCodeParams,
        response: { 200: ZAdminCode, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => revokeCode(app.db, requireAuth(request).userId, request.params.id),
  );
}
