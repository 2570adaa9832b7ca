import {
  ZExchangePageQuery,
  ZExchangeRequest,
  ZExchangeRequestList,
  ZExchangeViewList,
  ZGrant,
  ZGrantCreate,
  ZGrantList,
  ZGrantListQuery,
  ZRequestAccept,
  ZRequestCreate,
  ZRequestListQuery,
  ZSharedProfile,
  ZSharedProfileList,
} from '@parity/domain/exchange';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../core/http/errors';
import { requireAuth } from '../../plugins/auth';
import * as service from './service';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const ZGrantParams = z.strictObject({ grantId: id });
const ZRequestParams = z.strictObject({ requestId: id });
const ZOwnerParams = z.strictObject({ organizationId: id });

const MEMBERS =
  "Approved members of the caller's organization; awaiting approval 403; no organization (a platform administrator without one too) 404.";
const ADMINS =
  "Admins (manage_settings) of the caller's organization; its other members 403; another organization's grant or request, or none, 404.";

/** Exchange (issue 18): consent-based sharing of an organization's submitted LPI profile with investors. */
export default async function exchangeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const tags = ['exchange'];

  app.get(
    '/api/exchange/grants',
    {
      schema: {
        tags,
        summary: "My organization's grants: active, expired and revoked",
        description: `${MEMBERS} Newest first; status filters.`,
        querystring: ZGrantListQuery,
        response: { 200: ZGrantList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.listGrants(db, requireAuth(request).userId, request.query),
  );

  app.post(
    '/api/exchange/grants',
    {
      schema: {
        tags,
        summary: 'Share my organization’s profile with an investor organization',
        description:
          `${ADMINS} An unknown organization 404; one's own 400; an expiry date in the past 400. ` +
          "The investor organization's admins are notified.",
        body: ZGrantCreate,
        response: { 201: ZGrant, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createGrant(db, requireAuth(request).userId, request.body)),
  );

  app.post(
    '/api/exchange/grants/:grantId/revoke',
    {
      schema: {
        tags,
        summary: 'Revoke a grant at once',
        description: `${ADMINS} Already revoked 409. The investor reads 404 from the next request.`,
        params: ZGrantParams,
        response: { 200: ZGrant, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.revokeGrant(db, requireAuth(request).userId, request.params.grantId),
  );

  app.get(
    '/api/exchange/views',
    {
      schema: {
        tags,
        summary: "Who viewed my organization's shared profile, and when",
        description: `${MEMBERS} Newest first.`,
        querystring: ZExchangePageQuery,
        response: { 200: ZExchangeViewList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.listViews(db, requireAuth(request).userId, request.query),
  );

  app.get(
    '/api/exchange/shared',
    {
      schema: {
        tags,
        summary: 'The profiles other organizations share with my organization now',
        description: `${MEMBERS} One per organization (its newest live grant), by name.`,
        querystring: ZExchangePageQuery,
        response: { 200: ZSharedProfileList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.listShared(db, requireAuth(request).userId, request.query),
  );

  app.get(
    '/api/exchange/shared/:organizationId',
    {
      schema: {
        tags,
        summary: "An organization's shared profile and scores, read only (each read is logged for the owner)",
        description:
          'Approved members of an organization the owner has a live grant to; anyone else 404 (no grant, revoked, ' +
          'expired, platform administrators included). The shared tabs of the latest submitted profile; submission ' +
          'null when there is none.',
        params: ZOwnerParams,
        response: { 200: ZSharedProfile, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.readShared(db, requireAuth(request).userId, request.params.organizationId),
  );

  app.get(
    '/api/exchange/requests',
    {
      schema: {
        tags,
        summary: 'Access requests to my organization (incoming) or made by it (outgoing)',
        description: `${MEMBERS} Pending first, then newest.`,
        querystring: ZRequestListQuery,
        response: { 200: ZExchangeRequestList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.listRequests(db, requireAuth(request).userId, request.query),
  );

  app.post(
    '/api/exchange/requests',
    {
      schema: {
        tags,
        summary: 'Ask an organization for access to its profile',
        description:
          "Admins and survey hosts of the caller's organization; other members 403; no organization 404. " +
          "An unknown organization 404; one's own 400; a pending request to it already 409. Its admins are notified.",
        body: ZRequestCreate,
        response: { 201: ZExchangeRequest, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createRequest(db, requireAuth(request).userId, request.body)),
  );

  app.post(
    '/api/exchange/requests/:requestId/accept',
    {
      schema: {
        tags,
        summary: 'Accept an access request: a grant with the chosen tabs and expiry',
        description: `${ADMINS} Already answered 409. The requester is notified.`,
        params: ZRequestParams,
        body: ZRequestAccept,
        response: { 200: ZExchangeRequest, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.acceptRequest(db, requireAuth(request).userId, request.params.requestId, request.body),
  );

  app.post(
    '/api/exchange/requests/:requestId/decline',
    {
      schema: {
        tags,
        summary: 'Decline an access request',
        description: `${ADMINS} Already answered 409. The requester is notified.`,
        params: ZRequestParams,
        response: { 200: ZExchangeRequest, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.declineRequest(db, requireAuth(request).userId, request.params.requestId),
  );
}
