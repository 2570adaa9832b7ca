import {
  ZInvitationsQuery,
  ZMarkCompleteBody,
  ZOccupancy,
  ZStepBody,
  ZSubmitSurveyBody,
  ZSurveyInvitation,
  ZSurveyTab,
  ZSurveyTabProgress,
} from '@parity/domain/surveys';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth';
import * as service from './service';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const ZError = z.object({ message: z.string(), error: z.string(), detail: z.unknown().optional() });
const ZSurveyParams = z.strictObject({ surveyId: id });
const ZTabParams = z.strictObject({ surveyId: id, tabId: id });
const ZOrganizationQuery = z.strictObject({ organization_id: id.optional() });

/** Taking a survey (respondent side): steps, progress, step, completion, occupancy, submit. */
export default async function surveysRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const tags = ['surveys'];

  app.get(
    '/api/surveys/invitations',
    {
      schema: {
        tags,
        summary: "The caller's organization's survey invitations",
        description:
          'filter: a status (Active, Past Due, Not Submitted, Submitted, Archived) or a due year. Status: an archived ' +
          'survey is Archived when submitted, else Not Submitted; a submitted response is Submitted; a due date before today is Past Due; else Active.',
        querystring: ZInvitationsQuery,
        response: { 200: z.object({ data: z.array(ZSurveyInvitation) }), 403: ZError },
      },
    },
    async (request) => service.listInvitations(db, requireAuth(request).userId, request.query.filter),
  );

  app.get(
    '/api/surveys/invitations/:surveyId',
    {
      schema: {
        tags,
        summary: "One survey's invitation of an organization (the caller's by default)",
        params: ZSurveyParams,
        querystring: ZOrganizationQuery,
        response: { 200: ZSurveyInvitation, 403: ZError, 404: ZError },
      },
    },
    async (request) =>
      service.getInvitation(
        db,
        requireAuth(request).userId,
        request.params.surveyId,
        request.query.organization_id,
      ),
  );

  app.get(
    '/api/surveys/:surveyId/tabs',
    {
      schema: {
        tags,
        summary: "A survey's steps, in weight order",
        params: ZSurveyParams,
        querystring: ZOrganizationQuery,
        response: { 200: z.object({ data: z.array(ZSurveyTab) }), 403: ZError, 404: ZError },
      },
    },
    async (request) =>
      service.tabs(db, requireAuth(request).userId, request.params.surveyId, request.query.organization_id),
  );

  app.get(
    '/api/surveys/:surveyId/organizations/tabs',
    {
      schema: {
        tags,
        summary: "An invited organization's progress: each step's completion and who edits it now",
        params: ZSurveyParams,
        querystring: ZOrganizationQuery,
        response: { 200: z.object({ data: z.array(ZSurveyTabProgress) }), 403: ZError, 404: ZError },
      },
    },
    async (request) =>
      service.progress(
        db,
        requireAuth(request).userId,
        request.params.surveyId,
        request.query.organization_id,
      ),
  );

  app.put(
    '/api/surveys/:surveyId/tabs',
    {
      schema: {
        tags,
        summary: 'Record the step the respondent is on',
        params: ZSurveyParams,
        body: ZStepBody,
        response: {
          200: z.object({ tab_id: z.number(), step: z.number(), locked_step: z.number() }),
          400: ZError,
          403: ZError,
          404: ZError,
        },
      },
    },
    async (request) =>
      service.setStep(db, requireAuth(request).userId, request.params.surveyId, request.body.tab_id),
  );

  app.post(
    '/api/surveys/:surveyId/mark-complete/:tabId',
    {
      schema: {
        tags,
        summary: 'Mark a step complete, or incomplete with completed: false',
        description: 'Members with LPI access of the invited organization, until the response is submitted.',
        params: ZTabParams,
        body: ZMarkCompleteBody,
        response: {
          200: z.object({ tab_id: z.number(), completed: z.boolean() }),
          400: ZError,
          403: ZError,
          404: ZError,
        },
      },
    },
    async (request) =>
      service.markComplete(
        db,
        requireAuth(request).userId,
        request.params.surveyId,
        request.params.tabId,
        request.body.completed,
      ),
  );

  app.post(
    '/api/surveys/:surveyId/occupy',
    {
      schema: {
        tags,
        summary: 'Hold a step for editing (10 minutes, renewed by each call); names the holder',
        params: ZSurveyParams,
        body: ZStepBody,
        response: { 200: ZOccupancy, 400: ZError, 403: ZError, 404: ZError },
      },
    },
    async (request) =>
      service.occupy(db, requireAuth(request).userId, request.params.surveyId, request.body.tab_id),
  );

  app.delete(
    '/api/surveys/:surveyId/occupy/:tabId',
    {
      schema: {
        tags,
        summary: "Release the caller's hold on a step",
        params: ZTabParams,
        response: { 200: ZOccupancy, 400: ZError, 403: ZError, 404: ZError },
      },
    },
    async (request) =>
      service.release(db, requireAuth(request).userId, request.params.surveyId, request.params.tabId),
  );

  app.post(
    '/api/surveys/:surveyId/submit',
    {
      schema: {
        tags,
        summary: 'Submit the survey response',
        description:
          "400 'Please, accept terms and conditions' without accept_terms: true; 409 'Not all steps are completed' " +
          'unless every step but submit is complete; 409 when already submitted.',
        params: ZSurveyParams,
        body: ZSubmitSurveyBody,
        response: {
          200: z.object({
            id: z.number(),
            organization_id: z.number(),
            survey_id: z.number().nullable(),
            submitted_at: z.string(),
          }),
          400: ZError,
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
        request.params.surveyId,
        request.body?.accept_terms === true,
      ),
  );
}
