import { ZSurveyInvitation, ZSurveyInvitationList } from '@parity/domain/survey-invitation';
import {
  ZInvitationsQuery,
  ZMarkCompleteBody,
  ZMarkCompleteResult,
  ZOccupancy,
  ZStepBody,
  ZSubmitSurveyBody,
  ZSurveyTab,
  ZSurveyTabProgress,
} from '@parity/domain/surveys';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../core/http/errors';
import { requireAuth } from '../../plugins/auth';
import * as service from './service';

const id = z.coerce.number().int().positive().max(2_147_483_647);
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
          'filter: a status (Active, Scheduled, Past Due, Not Submitted, Submitted, Archived) or a due year. Status: an ' +
          'archived survey is Archived when submitted, else Not Submitted; a submitted response is Submitted; a due date ' +
          'before today is Past Due; a start date after today is Scheduled; else Active.',
        querystring: ZInvitationsQuery,
        response: { 200: ZSurveyInvitationList, ...errorResponses(403) },
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
        description:
          'The invitation of the caller’s organization by default; a host names an organization_id of its own survey. Anyone else 404.',
        params: ZSurveyParams,
        querystring: ZOrganizationQuery,
        response: { 200: ZSurveyInvitation, ...errorResponses(403, 404) },
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
        description:
          'The steps (tabs) the survey asks for, with their titles and the respondent’s current step, to the members of an invited organization and to the host.',
        params: ZSurveyParams,
        querystring: ZOrganizationQuery,
        response: { 200: z.object({ data: z.array(ZSurveyTab) }), ...errorResponses(403, 404) },
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
        description:
          'Each step’s completion for the caller’s organization, and which member edits it now (the hold of POST .../occupy).',
        params: ZSurveyParams,
        querystring: ZOrganizationQuery,
        response: { 200: z.object({ data: z.array(ZSurveyTabProgress) }), ...errorResponses(403, 404) },
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
        summary: 'Record that the respondent moves on from a step',
        description:
          'Members of an invited organization while the survey is open. The invitation keeps the furthest step ' +
          'moved on from (step, its weight); Continue Response opens at its locked step, step + 1 (survey_locked_step).',
        params: ZSurveyParams,
        body: ZStepBody,
        response: {
          200: z.object({ tab_id: z.number(), step: z.number(), survey_locked_step: z.number() }),
          ...errorResponses(400, 403, 404),
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
        description:
          'Members with LPI access of the invited organization, until the response is submitted. A step whose ' +
          'data fails a check (the staff grid against the declared total of full-time employees, owner ' +
          'percentages against 100%, owners and leaders listed against the declared totals) answers 422 with ' +
          "the checks' messages (detail.checks) unless the body carries a note explaining the mismatch; the " +
          "note is kept and the survey's host reads it in the step progress.",
        params: ZTabParams,
        body: ZMarkCompleteBody,
        response: {
          200: ZMarkCompleteResult,
          ...errorResponses(400, 403, 404, 422),
        },
      },
    },
    async (request) =>
      service.markComplete(
        db,
        requireAuth(request).userId,
        request.params.surveyId,
        request.params.tabId,
        request.body,
      ),
  );

  app.post(
    '/api/surveys/:surveyId/occupy',
    {
      schema: {
        tags,
        summary: 'Hold a step for editing (10 minutes, renewed by each call); names the holder',
        description:
          'Members with LPI access of an invited organization; while another member holds the step the answer names them, so two people never overwrite each other.',
        params: ZSurveyParams,
        body: ZStepBody,
        response: { 200: ZOccupancy, ...errorResponses(400, 403, 404) },
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
        description:
          'Releases only the caller’s own hold; releasing a step one does not hold changes nothing.',
        params: ZTabParams,
        response: { 200: ZOccupancy, ...errorResponses(400, 403, 404) },
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
          ...errorResponses(400, 403, 404, 409),
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
