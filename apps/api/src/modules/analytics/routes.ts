import {
  ANALYTICS_VARIANTS,
  ORGANIZATION_VIEWS,
  ZBenchmark,
  ZHistoricalEvenness,
  ZHistoricalLpi,
  ZLabelIdsQuery,
  ZOrganizationEvenness,
  ZOrganizationLpi,
  ZRespondentDistribution,
  ZScoreSubset,
  ZScoreValue,
  ZSurveyDistribution,
  ZSurveyEvenness,
  ZSurveyLpi,
  ZSurveyScoreKey,
} from '@parity/domain/analytics';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../core/http/errors';
import { requireAuth } from '../../plugins/auth';
import * as service from './service';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const KINDS = ['lpi', 'evenness'] as const;

const RIGHTS_OWN =
  "The caller's own organization (platform admins may name one with organization_id); anyone else 404.";
const RIGHTS_HOST =
  "Only the survey's host (the host organization's survey hosts) and platform admins; anyone else 404. " +
  'Figures over fewer than 3 submitted respondents are suppressed with the reason.';
const LABELS =
  ' label_ids (a comma list, e.g. 3,7): only the respondents carrying any of those labels count; ' +
  "each must be a label of the survey's host organization, else 400.";
/** The survey-level filter by the host's organization labels. */
const labelQuery = z.strictObject({ label_ids: ZLabelIdsQuery.optional() });

/**
 * Scores and analytics (spec 7 "Analytics"): every figure is read from the scores stored with
 * each submission (computed on submit by the scoring library), never recomputed per request.
 */
export default async function analyticsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const tags = ['analytics'];

  // --- one organization ------------------------------------------------------------------------

  app.get(
    '/api/organizations/:organizationId/lpi',
    {
      schema: {
        tags,
        summary: "An organization's latest submitted LPI scores",
        description:
          'Members and platform admins: its latest profile submission (the last point of historical-lpi), or, ' +
          'before it ever submitted its profile, its latest survey response (survey_id and survey_title say ' +
          'which); with the components of its transparency and the head counts it scored. Others: a ' +
          "public organization's latest profile submission when it publishes its scores (publish_scores); " +
          'otherwise (private, or scores not published) 404. Null scores: never submitted.',
        params: z.strictObject({ organizationId: id }),
        response: { 200: ZOrganizationLpi, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      service.organizationLpi(db, requireAuth(request).userId, request.params.organizationId),
  );

  app.get(
    '/api/organizations/:organizationId/evenness',
    {
      schema: {
        tags,
        summary: "An organization's latest submitted evenness (head counts and ownership)",
        description: 'Same visibility as /api/organizations/{organizationId}/lpi.',
        params: z.strictObject({ organizationId: id }),
        response: { 200: ZOrganizationEvenness, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      service.organizationEvenness(db, requireAuth(request).userId, request.params.organizationId),
  );

  app.get(
    '/api/organizations/me/historical-lpi',
    {
      schema: {
        tags,
        summary: "The caller's organization's LPI scores over time",
        description:
          'One point per submission of the organization profile (not survey responses), oldest first.',
        response: { 200: ZHistoricalLpi, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => service.historicalLpi(db, requireAuth(request).userId),
  );

  app.get(
    '/api/organizations/me/historical-evenness',
    {
      schema: {
        tags,
        summary: "The caller's organization's evenness over time",
        description: 'One point per submission of the organization profile, oldest first.',
        response: { 200: ZHistoricalEvenness, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => service.historicalEvenness(db, requireAuth(request).userId),
  );

  for (const kind of KINDS) {
    for (const view of ORGANIZATION_VIEWS) {
      app.get(
        `/api/organizations/me/${view}/${kind}`,
        {
          schema: {
            tags,
            summary: `The caller's organization's ${view} ${kind} figures (latest submission)`,
            description: `Approved members of the caller's organization: the ${kind} figures of the ${view} view from its latest submitted profile (404 before the first submission).`,
            response: { 200: ZScoreSubset, ...errorResponses(400, 403, 404) },
          },
        },
        async (request) => service.ownView(db, requireAuth(request).userId, kind, view),
      );
    }

    for (const variant of ANALYTICS_VARIANTS) {
      app.get(
        `/api/analytics/${kind}/${variant}`,
        {
          schema: {
            tags,
            summary: `The organization's ${kind} (${variant}) from its latest submission`,
            description: RIGHTS_OWN,
            querystring: z.strictObject({ organization_id: id.optional() }),
            response: { 200: ZScoreValue, ...errorResponses(400, 403, 404) },
          },
        },
        async (request) =>
          service.ownVariant(db, requireAuth(request).userId, kind, variant, request.query.organization_id),
      );

      app.get(
        `/api/analytics/survey/:surveyId/${kind}/${variant}`,
        {
          schema: {
            tags,
            summary: `A hosted survey's ${kind} (${variant}) across its submitted respondents`,
            description: `Mean, quartiles and each respondent's value. ${RIGHTS_HOST}${LABELS}`,
            params: z.strictObject({ surveyId: id }),
            querystring: labelQuery,
            response: { 200: ZSurveyDistribution, ...errorResponses(400, 403, 404) },
          },
        },
        async (request) =>
          service.surveyDistribution(
            db,
            requireAuth(request).userId,
            request.params.surveyId,
            kind,
            variant,
            request.query.label_ids,
          ),
      );

      app.get(
        `/api/analytics/survey/:surveyId/organization/:organizationId/${kind}/${variant}`,
        {
          schema: {
            tags,
            summary: `Manager view: one respondent's submitted ${kind} (${variant})`,
            description:
              "The survey's host, platform admins and the respondent's own members; anyone else 404. Scores only, " +
              'never an individual’s demographics.',
            params: z.strictObject({ surveyId: id, organizationId: id }),
            response: { 200: ZScoreValue, ...errorResponses(400, 403, 404) },
          },
        },
        async (request) =>
          service.managerVariant(
            db,
            requireAuth(request).userId,
            request.params.surveyId,
            request.params.organizationId,
            kind,
            variant,
          ),
      );
    }
  }

  // --- surveys -----------------------------------------------------------------------------------

  app.get(
    '/api/surveys/:id/lpi',
    {
      schema: {
        tags,
        summary: "A hosted survey's LPI: each figure's mean and quartiles over submitted respondents",
        description: RIGHTS_HOST + LABELS,
        params: z.strictObject({ id }),
        querystring: labelQuery,
        response: { 200: ZSurveyLpi, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      service.surveyLpi(db, requireAuth(request).userId, request.params.id, request.query.label_ids),
  );

  app.get(
    '/api/surveys/:id/evenness',
    {
      schema: {
        tags,
        summary: "A hosted survey's evenness: each figure's mean and quartiles over submitted respondents",
        description: RIGHTS_HOST + LABELS,
        params: z.strictObject({ id }),
        querystring: labelQuery,
        response: { 200: ZSurveyEvenness, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      service.surveyEvenness(db, requireAuth(request).userId, request.params.id, request.query.label_ids),
  );

  app.get(
    '/api/analytics/survey/:surveyId/distribution',
    {
      schema: {
        tags,
        summary:
          "A hosted survey's distribution of one figure: each respondent's value, percentile, quartile",
        description:
          'score (default lpi): an LPI figure (lpi, lpi_prime, ..., staff_score, transparency) or an evenness ' +
          "one (prime_combined, ...). The summary (n, mean, quartiles) and each submitted respondent's value, " +
          'its percentile among the others (ties half) and its quartile, highest first; values are listed only ' +
          `when the summary is shown. Scores only, never a respondent's people. ${RIGHTS_HOST}${LABELS}`,
        params: z.strictObject({ surveyId: id }),
        querystring: z.strictObject({
          score: ZSurveyScoreKey.default('lpi'),
          label_ids: ZLabelIdsQuery.optional(),
        }),
        response: { 200: ZRespondentDistribution, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      service.respondentDistribution(
        db,
        requireAuth(request).userId,
        request.params.surveyId,
        request.query.score,
        request.query.label_ids,
      ),
  );

  app.get(
    '/api/analytics/survey/:surveyId/organization/:organizationId/lpi',
    {
      schema: {
        tags,
        summary: "Manager view: one respondent's submitted LPI scores",
        description: "The survey's host, platform admins and the respondent's own members; anyone else 404.",
        params: z.strictObject({ surveyId: id, organizationId: id }),
        response: { 200: ZOrganizationLpi, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      service.managerLpi(
        db,
        requireAuth(request).userId,
        request.params.surveyId,
        request.params.organizationId,
      ),
  );

  app.get(
    '/api/analytics/survey/:surveyId/organization/:organizationId/evenness',
    {
      schema: {
        tags,
        summary: "Manager view: one respondent's submitted evenness",
        description: "The survey's host, platform admins and the respondent's own members; anyone else 404.",
        params: z.strictObject({ surveyId: id, organizationId: id }),
        response: { 200: ZOrganizationEvenness, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      service.managerEvenness(
        db,
        requireAuth(request).userId,
        request.params.surveyId,
        request.params.organizationId,
      ),
  );

  app.get(
    '/api/analytics/survey/:surveyId/benchmark',
    {
      schema: {
        tags,
        summary: "The peer benchmark: the caller's organization's percentile among the survey's respondents",
        description:
          'For members of an invited respondent. Shown once at least 5 organizations submitted; otherwise, or ' +
          'before the caller submitted, each figure is suppressed with the reason.',
        params: z.strictObject({ surveyId: id }),
        response: { 200: ZBenchmark, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => service.benchmark(db, requireAuth(request).userId, request.params.surveyId),
  );
}
