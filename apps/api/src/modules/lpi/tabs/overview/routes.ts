import { ZFormResponse, ZMiscellaneousResponse } from '@parity/domain/lpi/forms';
import { ZOrganizationMetaResponse, ZOverviewHealthcheck } from '@parity/domain/lpi/overview';
import { ZMeScopeQuery, ZScopeQuery, ZTabState } from '@parity/domain/lpi/tabs';
import { ZTransparencyResponse } from '@parity/domain/lpi/transparency';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../../core/http/errors';
import { requireAuth } from '../../../../plugins/auth';
import { tabRoutes } from '../../engine/tab-routes';
import { overviewTab } from './definition';
import * as service from './service';

const id = z.coerce.number().int().positive().max(2_147_483_647);
/** The form and miscellaneous reads: the caller's own organization unless organization_id is given. */
const ZOptionalScopeQuery = ZScopeQuery.extend({ organization_id: id.optional() });
/** Bodies are checked in the service, so that a failure answers the spec's message. */
const ZBody = z.record(z.string(), z.unknown());

const SCOPE_RULES =
  "Members of the organization read; with survey_id, the organization's copy inside that survey (made on a " +
  "respondent's first read; report=true never copies). The survey's host reads an invited respondent's copy; " +
  'anyone else gets 404.';
const SAVE_RULES =
  "Only the caller's own organization, with LPI access (403 otherwise; a submitted survey response is frozen). " +
  'updated_at is the state the edit was based on (null if never saved): a stale save answers 409.';

/** The Overview tab (organization meta), its healthcheck, the Practices and Miscellaneous forms, transparency. */
export default async function overviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const tags = ['reporting'];

  tabRoutes(app, {
    tags,
    response: ZOrganizationMetaResponse,
    tab: () => overviewTab,
    me: {
      url: '/api/organization/me/meta-v2',
      summary: "The caller's organization meta (Overview tab), or its survey copy with survey_id",
      description: SCOPE_RULES,
      querystring: ZMeScopeQuery,
    },
    scoped: {
      url: '/api/organization/meta-v2',
      summary: "An organization's meta (Overview tab) in a scope",
      description: SCOPE_RULES,
      querystring: ZScopeQuery,
    },
    saves: [
      {
        method: 'POST',
        url: '/api/organization/meta-v2',
        summary: 'Save the Overview tab',
        description:
          `${SAVE_RULES} Body: ZOverviewSave (legal_structure, inception_date, primary_contact_id required; counts by ` +
          'legal structure). A found address (office_address_found) becomes primary and the others not; otherwise ' +
          "office_address_id (an address of this scope) becomes primary. A rule failure answers 400 'LPI organization " +
          "meta validation error' with {field, message} details.",
        tab: overviewTab,
        body: ZBody,
        parse: service.parseMeta,
        write: service.metaWrite,
      },
    ],
  });

  app.get(
    '/api/organization/meta/healthcheck',
    {
      schema: {
        tags,
        summary:
          "Which required overview fields are missing and which tabs hold data (caller's organization)",
        description:
          'For the caller’s approved organization (403 pending): the required overview fields still empty and, per tab, whether it holds data.',
        querystring: ZMeScopeQuery,
        response: { 200: ZOverviewHealthcheck, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => service.healthcheck(db, requireAuth(request).userId, request.query.survey_id),
  );

  app.get(
    '/api/form-generator/:formId',
    {
      schema: {
        tags,
        summary: 'A generated form (8 Practices, 10 Miscellaneous) with its answers in a scope',
        description: SCOPE_RULES,
        params: z.strictObject({ formId: id }),
        querystring: ZOptionalScopeQuery,
        response: { 200: ZFormResponse, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => service.getForm(db, requireAuth(request).userId, request.params.formId, request.query),
  );

  for (const [prefix, key] of [
    ['/api/surveys/:surveyId', 'surveyId'],
    ['/api/organizations/:organizationId', 'organizationId'],
  ] as const) {
    app.put(
      `${prefix}/form-generator/:formId`,
      {
        schema: {
          tags,
          summary: `Save a generated form's answers (${key === 'surveyId' ? 'survey copy' : "organization's profile"})`,
          description: `${SAVE_RULES} Body: ZFormSave {updated_at, data:[{field_id, value}], meta_data}; each value is checked by its field's type, else 400 'Invalid map or data'. meta_data is accepted as the client sends it and not stored.`,
          params: z.strictObject({ [key]: id, formId: id }),
          body: ZBody,
          response: { 200: ZFormResponse, ...errorResponses(400, 403, 404, 409) },
        },
      },
      async (request) => {
        const params = request.params as Record<string, number>;
        return service.saveForm(
          db,
          requireAuth(request).userId,
          targetOf(params),
          params.formId!,
          request.body,
        );
      },
    );

    app.put(
      `${prefix}/miscellaneous-questions/:formId`,
      {
        schema: {
          tags,
          summary: `Save the Miscellaneous form and its custom questions (${key === 'surveyId' ? 'survey copy' : "organization's profile"})`,
          description:
            `${SAVE_RULES} Body: ZMiscellaneousSave {updated_at, questions:[{id?, question_type_id, display, config, value}], ` +
            'data:[{field_id, value}]}: questions without id are created, with id updated (an id of another scope: 404). ' +
            'Formatted text keeps only p, br, strong, em, ul, ol, li and http/https/mailto links.',
          params: z.strictObject({ [key]: id, formId: id }),
          body: ZBody,
          response: { 200: ZMiscellaneousResponse, ...errorResponses(400, 403, 404, 409) },
        },
      },
      async (request) => {
        const params = request.params as Record<string, number>;
        return service.saveMiscellaneous(
          db,
          requireAuth(request).userId,
          targetOf(params),
          params.formId!,
          request.body,
        );
      },
    );
  }

  app.get(
    '/api/miscellaneous-questions/:formId',
    {
      schema: {
        tags,
        summary: "The Miscellaneous form's fields and custom questions with their answers",
        description: SCOPE_RULES,
        params: z.strictObject({ formId: id }),
        querystring: ZOptionalScopeQuery,
        response: { 200: ZMiscellaneousResponse, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) =>
      service.getMiscellaneous(db, requireAuth(request).userId, request.params.formId, request.query),
  );

  app.delete(
    '/api/miscellaneous-question/:id',
    {
      schema: {
        tags,
        summary: 'Delete a custom miscellaneous question',
        description: `${SAVE_RULES.split('updated_at')[0]}Stores a new version of the Miscellaneous tab.`,
        params: z.strictObject({ id }),
        response: {
          200: z.object({ message: z.string(), state: ZTabState }),
          ...errorResponses(400, 403, 404, 409),
        },
      },
    },
    async (request) =>
      service.deleteMiscellaneousQuestion(db, requireAuth(request).userId, request.params.id),
  );

  app.get(
    '/api/organization/transparency',
    {
      schema: {
        tags,
        summary: 'Transparency per component (staff, leadership, ownership) and overall',
        description:
          'Reported (filled and not undisclosed) over requested fields and grid cells; a component under 50% is ' +
          `not viable. ${SCOPE_RULES}`,
        querystring: ZOptionalScopeQuery,
        response: { 200: ZTransparencyResponse, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => service.transparency(db, requireAuth(request).userId, request.query),
  );
}

function targetOf(params: Record<string, number>): service.SaveTarget {
  return params.surveyId !== undefined
    ? { kind: 'survey', surveyId: params.surveyId }
    : { kind: 'organization', organizationId: params.organizationId! };
}
