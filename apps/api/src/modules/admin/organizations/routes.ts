import {
  ZAdminOrganization,
  ZAdminOrganizationList,
  ZAdminOrganizationListQuery,
  ZAdminOrganizationMerge,
  ZAdminOrganizationMerged,
  ZAdminOrganizationParams,
  ZAdminOrganizationSurveys,
  ZAdminOrganizationUpdate,
} from '@parity/domain/admin-organizations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../core/http/errors';
import { requireAuth } from '../../../plugins/auth';
import {
  getOrganization,
  listOrganizations,
  mergeOrganization,
  organizationSurveys,
  setDeleted,
  updateOrganization,
} from './service';

const tags = ['admin'];
const RIGHTS = 'Platform administrators only (401 anonymous, 403 anyone else).';
const ZSaved = z.object({ message: z.string(), organization: ZAdminOrganization });

export default async function adminOrganizationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  app.get(
    '/api/admin/organizations',
    {
      schema: {
        tags,
        summary: 'Every organization, searched, filtered, sorted and paged',
        description: `Each with its legal structure, approved member count, LPI index of its latest submitted profile, creation and deletion dates. \`search\` matches the name; \`state\` live (default), deleted or all; \`visibility\` public or private; \`sort_by\` name, created_at or members. ${RIGHTS}`,
        querystring: ZAdminOrganizationListQuery,
        response: { 200: ZAdminOrganizationList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listOrganizations(db, requireAuth(request).userId, request.query),
  );

  app.get(
    '/api/admin/organizations/:organizationId',
    {
      schema: {
        tags,
        summary: "An organization's record, deleted or not",
        description: `The About tab's data. Its LPI data is read through the LPI routes' organization_id parameter, open to platform administrators. ${RIGHTS}`,
        params: ZAdminOrganizationParams,
        response: { 200: ZAdminOrganization, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => getOrganization(db, requireAuth(request).userId, request.params.organizationId),
  );

  app.put(
    '/api/admin/organizations/:organizationId',
    {
      schema: {
        tags,
        summary: "Edit an organization's record",
        description: `Name, about, website, legal structure, publicly traded, ticker and public listing, checked by the organization form's rules (spec 5); audited with what changed. ${RIGHTS}`,
        params: ZAdminOrganizationParams,
        body: ZAdminOrganizationUpdate,
        response: { 200: ZAdminOrganization, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      updateOrganization(db, requireAuth(request).userId, request.params.organizationId, request.body),
  );

  app.post(
    '/api/admin/organizations/:organizationId/delete',
    {
      schema: {
        tags,
        summary: 'Soft-delete an organization',
        description: `Sets deleted_at: its members keep their accounts but lose access to it, it leaves the directory and its codes stop working. 409 when already deleted. ${RIGHTS}`,
        params: ZAdminOrganizationParams,
        response: { 200: ZSaved, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => setDeleted(db, requireAuth(request).userId, request.params.organizationId, true),
  );

  app.post(
    '/api/admin/organizations/:organizationId/restore',
    {
      schema: {
        tags,
        summary: 'Restore a deleted organization',
        description: `Clears deleted_at: its members have access again. 409 when it is not deleted. ${RIGHTS}`,
        params: ZAdminOrganizationParams,
        response: { 200: ZSaved, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => setDeleted(db, requireAuth(request).userId, request.params.organizationId, false),
  );

  app.get(
    '/api/admin/organizations/:organizationId/surveys',
    {
      schema: {
        tags,
        summary: 'The surveys an organization hosts and those it was invited to',
        description: `Hosted surveys with their status and invitation counts; invitations with the host and the response status (invited, in_progress, submitted, declined). ${RIGHTS}`,
        params: ZAdminOrganizationParams,
        response: { 200: ZAdminOrganizationSurveys, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => organizationSurveys(db, requireAuth(request).userId, request.params.organizationId),
  );

  app.post(
    '/api/admin/organizations/:organizationId/merge',
    {
      schema: {
        tags,
        summary: 'Merge an organization (a duplicate) into another',
        description: `Members, sign-up invitations and codes, contacts, files, LPI data, hosted surveys, survey invitations and responses, labels, feedback and bookmarks move to \`into\` in one transaction; the source is soft-deleted and the audit entry keeps both ids. 400 into itself or an unknown organization; 409 when either is deleted, or when both have LPI data in the same scope (their own profile or the same survey), are invited to the same survey (or one to a survey the other hosts), answered the same legacy survey or own a label of the same name. ${RIGHTS}`,
        params: ZAdminOrganizationParams,
        body: ZAdminOrganizationMerge,
        response: { 200: ZAdminOrganizationMerged, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      mergeOrganization(db, requireAuth(request).userId, request.params.organizationId, request.body.into),
  );
}
