import { ZTabKey, ZTabState, ZTabVersions } from '@parity/domain/lpi/tabs';
import { ZTabTitles } from '@parity/domain/lpi/titles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../core/http/errors';
import { requireAuth } from '../../../plugins/auth';
import { submit } from '../engine/submit';
import * as service from './service';

const id = z.coerce.number().int().positive().max(2_147_483_647);
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
        response: { 200: ZTabVersions, ...errorResponses(403, 404) },
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
        description:
          'The tab’s content as it was saved in that version, to those who may read the scope it belongs to; anyone else 404.',
        params: z.strictObject({ id }),
        querystring: ZScope,
        response: {
          200: z.object({ id: z.number(), tab: ZTabKey, version: z.number(), snapshot: z.unknown() }),
          ...errorResponses(403, 404),
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
        description:
          'For the profile (no survey_id) or a survey copy: each tab’s last save, version and, in a survey, its step completion; to those who may read the scope.',
        querystring: ZScope,
        response: { 200: z.object({ data: z.array(ZTabState) }), ...errorResponses(403, 404) },
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
        response: { 200: ZTabTitles, ...errorResponses(403, 404) },
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
          'members with LPI access. A survey response follows the rule of POST /api/surveys/{id}/submit (an open ' +
          'survey, accept_terms, every step complete); once submitted it cannot be submitted again (409).',
        params: z.strictObject({ organizationId: id }),
        querystring: z.strictObject({ survey_id: id.optional() }),
        // A bodyless POST (the web's Submit) arrives as null.
        body: z.strictObject({ survey_id: id.nullish(), accept_terms: z.boolean().optional() }).nullish(),
        response: {
          200: z.object({
            id: z.number(),
            organization_id: z.number(),
            survey_id: z.number().nullable(),
            submitted_at: z.string(),
          }),
          ...errorResponses(403, 404, 409),
        },
      },
    },
    async (request) =>
      submit(db, requireAuth(request).userId, {
        organizationId: request.params.organizationId,
        surveyId: request.body?.survey_id ?? request.query.survey_id ?? null,
        acceptTerms: request.body?.accept_terms,
      }),
  );
}
