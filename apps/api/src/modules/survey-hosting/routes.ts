import { ZSurveyInvitationList } from '@parity/domain/survey-invitation';
import {
  ZEditSurveyOverview,
  ZGrantAdministratorAccess,
  ZHostedSurveysQuery,
  ZLegacySurvey,
  ZSurveyOverview,
  ZSurveyRequest,
} from '@parity/domain/survey-request';
import { ZHostedSurvey } from '@parity/domain/surveys';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../core/http/errors';
import { requireAuth } from '../../plugins/auth';
import * as service from './service';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const ZSurveyParams = z.strictObject({ surveyId: id });
const ZMessage = z.object({ message: z.string() });

const HOST_RIGHTS =
  "The survey's host organization's survey hosts (user_manage_surveys), the survey's administrators " +
  '(granted administrator access) and platform admins; anyone else 404.';

/** Hosting surveys (spec 2, 7 Surveys): create, list, overview, edit, grant, delete; legacy surveys. */
export default async function surveyHostingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const tags = ['survey hosting'];

  app.post(
    '/api/surveys',
    {
      schema: {
        tags,
        summary: 'Create a survey request (the hosting wizard)',
        description:
          'An approved member of organization_id with survey hosting (user_manage_surveys) and survey creation ' +
          'rights, or a platform admin; else 403. survey_type_id 2 dei or 3 deiplus (1 score: 400). Details rules ' +
          '(spec 5): title required; start today or later; due on or after start; primary_contact_id an approved ' +
          'member of the organization; contact_email and support_email valid. contents: [{content_type lpi_tab | ' +
          'practice | miscellaneous, content_ref_id (an LPI tab id, or a field of form 8 / 10), enabled, config}]; ' +
          'LPI tab rows decide the steps (overview and submit always). questions: custom questions of types 1, 13, ' +
          '4, 5, 14 (selects need at least one option). receive_type_id: how the host receives the responses, ' +
          '1 View responses in Parity (the default). insight_type_ids: the requested insights, each once, of 1 ' +
          'Total FTE Score, 2 Wealth Score, 3 Leadership Score, 4 Ownership gender/race equity insights, 5 MWBE, ' +
          '6 Historical (default none). Any failure: 400 with the message, nothing written. 201 with the overview.',
        body: ZSurveyRequest,
        response: { 201: ZSurveyOverview, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const overview = await service.createSurvey(db, requireAuth(request).userId, request.body);
      return reply.code(201).send(overview);
    },
  );

  app.get(
    '/api/surveys',
    {
      schema: {
        tags,
        summary:
          "The surveys the caller's organization hosts (or, scope=accessing, those the caller administers)",
        description:
          "Hosting: the caller's organization's live surveys, to its survey hosts; plain members and organizations " +
          'that host nothing get an empty list. scope=accessing: the surveys the caller was granted administrator ' +
          'access to. Newest first. filter: a status (Active, Scheduled, Past Due, Archived) or a due year. Status: ' +
          'Archived once archived, Past Due after the due date, Scheduled before the start date, else Active. ' +
          'progress_percent = submitted over invited (declined aside).',
        querystring: ZHostedSurveysQuery,
        response: { 200: z.object({ data: z.array(ZHostedSurvey) }), ...errorResponses(403) },
      },
    },
    async (request) => service.listHosted(db, requireAuth(request).userId, request.query),
  );

  app.get(
    '/api/surveys/users/:userId/invitations',
    {
      schema: {
        tags,
        summary: "A user's organization's survey invitations (for a profile)",
        description:
          'The user themself and platform admins; others 404. The open ones first (Active, then Past Due), ' +
          'soonest due first, then the closed ones (Submitted, Not Submitted, Archived), latest due first. ' +
          'limit: at most that many (the dashboard asks for 3).',
        params: z.strictObject({ userId: id }),
        querystring: z.strictObject({ limit: z.coerce.number().int().min(1).max(100).optional() }),
        response: { 200: ZSurveyInvitationList, ...errorResponses(403, 404) },
      },
    },
    async (request) =>
      service.userInvitations(db, requireAuth(request).userId, request.params.userId, request.query.limit),
  );

  app.get(
    '/api/surveys/:surveyId',
    {
      schema: {
        tags,
        summary: "A survey's overview",
        description:
          `${HOST_RIGHTS.replace('; anyone else 404.', '')} (any organization_id), and members of an invited ` +
          'organization (declined too; organization_id must be their own). Anyone else 404. Includes the requested ' +
          "steps, the config, custom questions, the organization's invitation and can_manage.",
        params: ZSurveyParams,
        querystring: z.strictObject({ organization_id: id.optional() }),
        response: { 200: ZSurveyOverview, ...errorResponses(403, 404) },
      },
    },
    async (request) =>
      service.getOverview(
        db,
        requireAuth(request).userId,
        request.params.surveyId,
        request.query.organization_id,
      ),
  );

  app.delete(
    '/api/surveys/:surveyId',
    {
      schema: {
        tags,
        summary: 'Delete a survey (soft): it leaves every list; its invitations and steps answer 404',
        description: `${HOST_RIGHTS} Answers 'Survey deleted'.`,
        params: ZSurveyParams,
        response: { 200: ZMessage, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => service.deleteSurvey(db, requireAuth(request).userId, request.params.surveyId),
  );

  app.put(
    '/api/surveys/:surveyId/edit-overview',
    {
      schema: {
        tags,
        summary: "Edit a survey's details",
        description:
          `${HOST_RIGHTS} The create rules apply, but a start already in the past may stay unchanged; an ` +
          'archived survey: 409. insight_type_ids, when sent, replaces the requested insights (absent: unchanged).',
        params: ZSurveyParams,
        body: ZEditSurveyOverview,
        response: { 200: ZSurveyOverview, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) =>
      service.editOverview(db, requireAuth(request).userId, request.params.surveyId, request.body),
  );

  app.post(
    '/api/surveys/:surveyId/grant-administrator-access',
    {
      schema: {
        tags,
        summary: 'Grant a member of the host organization administrator access to the survey',
        description:
          `${HOST_RIGHTS} user_id must be an approved member of the host organization (else 400). Idempotent. ` +
          "The administrator gets the host's rights on this survey only.",
        params: ZSurveyParams,
        body: ZGrantAdministratorAccess,
        response: { 200: ZMessage, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) =>
      service.grantAdministratorAccess(
        db,
        requireAuth(request).userId,
        request.params.surveyId,
        request.body.user_id,
      ),
  );

  app.get(
    '/api/legacy-surveys/:surveyId',
    {
      schema: {
        tags,
        summary: "An organization's response to a legacy survey (imported from an earlier cycle)",
        description:
          "Sections of question/answer pairs. The organization's members (organization_id defaults to the caller's), " +
          "the survey's host and platform admins; 404 otherwise, or when the survey is not legacy.",
        params: ZSurveyParams,
        querystring: z.strictObject({ organization_id: id.optional() }),
        response: { 200: ZLegacySurvey, ...errorResponses(403, 404) },
      },
    },
    async (request) =>
      service.legacySurvey(
        db,
        requireAuth(request).userId,
        request.params.surveyId,
        request.query.organization_id,
      ),
  );
}
