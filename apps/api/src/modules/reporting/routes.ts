import { ZTabKey, ZTabState, ZTabVersions } from '@parity/domain/lpi/tabs';
import { ZTabTitles } from '@parity/domain/lpi/titles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth';
import * as service from './service';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const ZError = z.object({ message: z.string(), error: z.string(), detail: z.unknown().optional() });
const ZScope = z.strictObject({ organization_id: id.optional(), survey_id: id.optional() });

/** The reporting core: tab states, version history, submitting the profile. */
export default async function reportingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const tags = ['reporting'];

  app.get(
    '/api/lpi/versions',
    {
      schema: {
        tags,
        summary: "A tab's version history (who saved what and when, what changed)",
        description:
          "Newest first, at most 200. Without organization_id: the caller's own organization; with survey_id: " +
          "that survey's copy. Members read their organization's history; a survey's host reads an invited respondent's.",
        querystring: ZScope.extend({ tab: ZTabKey }),
        response: { 200: ZTabVersions, 403: ZError, 404: ZError },
      },
    },
    async (request) => service.versions(db, requireAuth(request).userId, request.query),
  );

  app.get(
    '/api/lpi/versions/:id',
    {
      schema: {
        tags,
        summary: 'One stored version of a tab (its snapshot)',
        params: z.strictObject({ id }),
        querystring: ZScope,
        response: {
          200: z.object({ id: z.number(), tab: ZTabKey, version: z.number(), snapshot: z.unknown() }),
          403: ZError,
          404: ZError,
        },
      },
    },
    async (request) => service.version(db, requireAuth(request).userId, request.params.id, request.query),
  );

  app.get(
    '/api/lpi/tab-states',
    {
      schema: {
        tags,
        summary: "Every tab's state in a scope (last save, version, survey step completion)",
        querystring: ZScope,
        response: { 200: z.object({ data: z.array(ZTabState) }), 403: ZError, 404: ZError },
      },
    },
    async (request) => service.tabStates(db, requireAuth(request).userId, request.query),
  );

  app.get(
    '/api/lpi/tab-titles',
    {
      schema: {
        tags,
        summary: 'The counts shown in the LPI tab titles',
        description:
          'Staff grids: the sum of entered values (staff also the total employees of the overview); ownership: ' +
          'owners plus leaders flagged over total owners plus total leaders; board: its rows. Same scope and rights ' +
          'as the tab reads.',
        querystring: ZScope,
        response: { 200: ZTabTitles, 403: ZError, 404: ZError },
      },
    },
    async (request) => service.tabTitles(db, requireAuth(request).userId, request.query),
  );

  app.post(
    '/api/organizations/:organizationId/lpi',
    {
      schema: {
        tags,
        summary: 'Submit the LPI profile (or a survey response with survey_id)',
        description:
          "Stores a submission with a snapshot of every tab and a 'submit' version of each. Only the organization's " +
          'members with LPI access; a submitted survey response cannot be submitted again (409).',
        params: z.strictObject({ organizationId: id }),
        querystring: z.strictObject({ survey_id: id.optional() }),
        // A bodyless POST (the web's Submit) arrives as null.
        body: z.strictObject({ survey_id: id.nullish() }).nullish(),
        response: {
          200: z.object({
            id: z.number(),
            organization_id: z.number(),
            survey_id: z.number().nullable(),
            submitted_at: z.string(),
          }),
          403: ZError,
          404: ZError,
          409: ZError,
        },
      },
    },
    async (request) =>
      service.submit(
        db,
        requireAuth(request).userId,
        request.params.organizationId,
        request.body?.survey_id ?? request.query.survey_id ?? null,
      ),
  );
}
