import {
  DECLINE_CODES,
  ZAddContactsBody,
  ZContactsPage,
  ZContactsQuery,
  ZCreateLabelBody,
  ZDeclineRespondentBody,
  ZDeclineResult,
  ZInviteContactsBody,
  ZInviteMembersBody,
  ZInviteResult,
  ZLabelRef,
  ZLabelsQuery,
  ZParticipantsPage,
  ZParticipantsQuery,
  ZRemindersBody,
  ZRemindersResult,
  ZResponseRates,
  ZSyncLabelsBody,
} from '@parity/domain/survey-participants';
import { ZOrganizationLabel } from '@parity/domain/surveys';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../core/http/errors';
import { requireAuth } from '../../plugins/auth';
import * as service from './service';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const ZSurveyParams = z.strictObject({ surveyId: id });
const ZContactParams = z.strictObject({ surveyId: id, contactId: id });
const ZLabelParams = z.strictObject({ labelId: id });
const ZMessage = z.object({ message: z.string() });
const HOST_RIGHTS =
  "The survey's host (its organization's survey hosts), its survey administrators and platform admins; " +
  'anyone else gets 404.';

/**
 * The host's side of a survey's respondents: contacts and invitations, participants, labels,
 * reminders, declines, response rates and the responses report.
 */
export default async function surveyParticipantsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const tags = ['survey participants'];
  const mail: service.MailDeps = {
    mailer: { send: (message) => app.mailer.send(message) },
    publicUrl: app.config.publicUrl,
  };

  app.get(
    '/api/surveys/:surveyId/contacts',
    {
      schema: {
        tags,
        summary: "The host's contacts for a survey, with their organization and when they were invited",
        description: `${HOST_RIGHTS} limit (default 30, at most 100), offset, search (name, email or organization).`,
        params: ZSurveyParams,
        querystring: ZContactsQuery,
        response: { 200: ZContactsPage, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      service.listContacts(db, requireAuth(request).userId, request.params.surveyId, request.query),
  );

  app.post(
    '/api/surveys/:surveyId/contacts',
    {
      schema: {
        tags,
        summary: "Add contacts (one, or a list) to a survey: 'Contacts table was updated'",
        description: `${HOST_RIGHTS} A contact whose email is already listed is updated. 404 for an unknown organization.`,
        params: ZSurveyParams,
        body: ZAddContactsBody,
        response: { 200: ZMessage.extend({ ids: z.array(z.number()) }), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      service.addContacts(db, requireAuth(request).userId, request.params.surveyId, request.body),
  );

  app.delete(
    '/api/surveys/:surveyId/contacts/:contactId',
    {
      schema: {
        tags,
        summary: "Delete a contact: 'Contact deleted' (an invitation it led to stays)",
        description: HOST_RIGHTS,
        params: ZContactParams,
        response: { 200: ZMessage, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      service.deleteContact(
        db,
        requireAuth(request).userId,
        request.params.surveyId,
        request.params.contactId,
      ),
  );

  app.post(
    '/api/surveys/:surveyId/contacts/invite',
    {
      schema: {
        tags,
        summary: "Invite contacts' organizations and mail each contact: 'Contact was invited'",
        description:
          `${HOST_RIGHTS} Idempotent per organization (an invited one stays as it is); every contact named is mailed ` +
          'and gets invited_at. 404 for an unknown contact; 409 once the survey is archived or past due.',
        params: ZSurveyParams,
        body: ZInviteContactsBody,
        response: { 200: ZInviteResult, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) =>
      service.inviteContacts(
        db,
        mail,
        requireAuth(request).userId,
        request.params.surveyId,
        request.body.contact_ids,
      ),
  );

  app.post(
    '/api/surveys/:surveyId/contacts/member/invite',
    {
      schema: {
        tags,
        summary:
          "Invite organizations of the platform and mail their admins and members with LPI access: '{name} was invited'",
        description:
          `${HOST_RIGHTS} organization_ids: public organizations (the directory's); email (an approved ` +
          "member's) or code (the organization's sign-up code): any organization, public or not. At least one. " +
          "A private or unknown id, an unknown email or code: 404 'Organization not found.' (ids cannot be " +
          'probed). Organizations invited before are neither invited nor mailed again. 409 once the survey is closed.',
        params: ZSurveyParams,
        body: ZInviteMembersBody,
        response: { 200: ZInviteResult, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) =>
      service.inviteMembers(db, mail, requireAuth(request).userId, request.params.surveyId, request.body),
  );

  app.post(
    '/api/surveys/:surveyId/decline-respondent',
    {
      schema: {
        tags,
        summary: 'Decline a survey invitation on behalf of the invited organization',
        description:
          'An approved admin or member with LPI access of the invited organization. Codes: ' +
          `${DECLINE_CODES.join(', ')}. 404 when the organization is not invited (or not the caller's); 409 once ` +
          'submitted; declining again keeps the first decline.',
        params: ZSurveyParams,
        body: ZDeclineRespondentBody,
        response: { 200: ZDeclineResult, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) =>
      service.declineRespondent(db, requireAuth(request).userId, request.params.surveyId, request.body),
  );

  app.get(
    '/api/surveys/:surveyId/participants',
    {
      schema: {
        tags,
        summary: "A page of a survey's participants with status, progress, reminders and labels",
        description:
          `${HOST_RIGHTS} limit (default 30, at most 100), offset, sort_by (name, status, progress, submitted_at, ` +
          'last_reminded_at, invited_at), sort_order (asc, desc), search_query (organization name), status ' +
          "(not_started, in_progress, submitted, declined), label_ids (comma list or repeated; the host's labels, " +
          'an organization carrying any of them matches).',
        params: ZSurveyParams,
        querystring: ZParticipantsQuery,
        response: { 200: ZParticipantsPage, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      service.participants(db, requireAuth(request).userId, request.params.surveyId, request.query),
  );

  app.post(
    '/api/surveys/:surveyId/reminders',
    {
      schema: {
        tags,
        summary: 'Remind every participant that has neither submitted nor declined (or these organizations)',
        description:
          `${HOST_RIGHTS} One action: last_reminded_at and reminder_count in one transaction, then a mail to each ` +
          "organization's survey contacts, admins and members with LPI access. 400 when an organization named is " +
          'not invited; 409 once the survey is closed.',
        params: ZSurveyParams,
        body: ZRemindersBody,
        response: { 200: ZRemindersResult, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) =>
      service.sendReminders(
        db,
        mail,
        requireAuth(request).userId,
        request.params.surveyId,
        request.body?.organization_ids,
      ),
  );

  app.get(
    '/api/surveys/:surveyId/response-rates',
    {
      schema: {
        tags,
        summary: 'Counts and percentages by status and the cumulative series per day, computed live',
        description: HOST_RIGHTS,
        params: ZSurveyParams,
        response: { 200: ZResponseRates, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => service.responseRates(db, requireAuth(request).userId, request.params.surveyId),
  );

  app.get(
    '/api/surveys/:surveyId/reports',
    {
      schema: {
        tags,
        summary: 'Every submitted response as an .xlsx workbook',
        description:
          `${HOST_RIGHTS} Sheets: Responses (overview and scores), Grids (totals per race/ethnicity and gender), ` +
          'Decision makers and Board (counts, never a row per person), Policies, Practices, Miscellaneous.',
        params: ZSurveyParams,
      },
    },
    async (request, reply) => {
      const { file, fileName } = await service.report(
        db,
        requireAuth(request).userId,
        request.params.surveyId,
      );
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );

  app.get(
    '/api/organization-labels',
    {
      schema: {
        tags,
        summary: "The caller organization's labels (or, with survey_id, the survey host's)",
        description:
          'Approved members read their organization’s labels; survey_id needs the host rights on it.',
        querystring: ZLabelsQuery,
        response: { 200: z.object({ data: z.array(ZOrganizationLabel) }), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => service.listLabels(db, requireAuth(request).userId, request.query.survey_id),
  );

  app.post(
    '/api/organization-labels',
    {
      schema: {
        tags,
        summary: 'Create a label of the caller organization (survey hosts)',
        description: '409 when the organization already has a label of that name.',
        body: ZCreateLabelBody,
        response: { 200: ZLabelRef, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => service.createLabel(db, requireAuth(request).userId, request.body),
  );

  app.delete(
    '/api/organization-labels/:labelId',
    {
      schema: {
        tags,
        summary: 'Delete a label of the caller organization (survey hosts); it comes off every organization',
        description:
          'Survey hosts of the label’s organization; the label is removed from every organization it was put on, in one transaction. Another organization’s label answers 404.',
        params: ZLabelParams,
        response: { 200: ZMessage, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => service.deleteLabel(db, requireAuth(request).userId, request.params.labelId),
  );

  app.post(
    '/api/organization-labels/surveys/:surveyId',
    {
      schema: {
        tags,
        summary: "Set a participant's labels: 'Labels updated!'",
        description:
          `${HOST_RIGHTS} The organization must be invited (else 404); every label must be the host's (else 400). ` +
          "The participant's labels of the host become exactly label_ids.",
        params: ZSurveyParams,
        body: ZSyncLabelsBody,
        response: { 200: ZMessage.extend({ labels: z.array(ZLabelRef) }), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      service.syncParticipantLabels(db, requireAuth(request).userId, request.params.surveyId, request.body),
  );
}
