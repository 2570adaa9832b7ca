import {
  ZAdminClient,
  ZAdminClientCreate,
  ZAdminClientList,
  ZAdminClientParams,
  ZAdminClientsQuery,
  ZAdminClientUpdate,
  ZAdminClientWithSecret,
} from '@parity/domain/admin-clients';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../core/http/errors';
import { requireAuth } from '../../../plugins/auth';
import { createClient, getClient, getClients, revokeClient, rotateClient, updateClient } from './service';

const tags = ['admin'];
const RIGHTS = 'Platform administrators only (401 anonymous, 403 anyone else).';

/** An answer that carries a secret is never cached. */
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

export default async function adminClientsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/clients',
    {
      schema: {
        tags,
        summary: 'OAuth clients, newest first',
        description: `The first-party web client and the integration clients, each with its organization, scopes and status; \`search\` matches the name, the client id or the organization's name. Secrets are never answered here. ${RIGHTS}`,
        querystring: ZAdminClientsQuery,
        response: { 200: ZAdminClientList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => getClients(app.db, requireAuth(request).userId, request.query),
  );

  app.get(
    '/api/admin/clients/:clientId',
    {
      schema: {
        tags,
        summary: 'One OAuth client',
        description: `404 for an unknown client id. ${RIGHTS}`,
        params: ZAdminClientParams,
        response: { 200: ZAdminClient, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => getClient(app.db, requireAuth(request).userId, request.params.clientId),
  );

  app.post(
    '/api/admin/clients',
    {
      schema: {
        tags,
        summary: 'Create an integration client (client_credentials)',
        description: `A confidential client of an organization with read scopes (\`read:surveys\`, \`read:analytics\`, \`read:organizations\`). The answer carries \`client_secret\`, the only time it is shown: only its argon2id hash is stored. Audited. ${RIGHTS}`,
        body: ZAdminClientCreate,
        response: { 201: ZAdminClientWithSecret, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return reply.code(201).send(await createClient(app.db, requireAuth(request).userId, request.body));
    },
  );

  app.put(
    '/api/admin/clients/:clientId',
    {
      schema: {
        tags,
        summary: "Edit a client's name and scopes",
        description: `Scopes taken away count at once, for tokens already issued too. 409 for the first-party web client. Audited. ${RIGHTS}`,
        params: ZAdminClientParams,
        body: ZAdminClientUpdate,
        response: { 200: ZAdminClient, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      updateClient(app.db, requireAuth(request).userId, request.params.clientId, request.body),
  );

  app.post(
    '/api/admin/clients/:clientId/rotate',
    {
      schema: {
        tags,
        summary: "Rotate a client's secret",
        description: `A new \`client_secret\`, shown once; the old secret and every token issued with it stop working at once. 409 for the first-party web client or a revoked client. Audited. ${RIGHTS}`,
        params: ZAdminClientParams,
        response: { 200: ZAdminClientWithSecret, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return rotateClient(app.db, requireAuth(request).userId, request.params.clientId);
    },
  );

  app.post(
    '/api/admin/clients/:clientId/revoke',
    {
      schema: {
        tags,
        summary: 'Revoke a client',
        description: `It can no longer obtain tokens, and the tokens it holds answer 401 from the next call. 409 for the first-party web client or a client already revoked. Audited. ${RIGHTS}`,
        params: ZAdminClientParams,
        response: { 200: ZAdminClient, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => revokeClient(app.db, requireAuth(request).userId, request.params.clientId),
  );
}
