import {
  type TCommunityOrganization,
  type TCommunityPerson,
  ZAnnouncement,
  ZAnnouncementCreate,
  ZAnnouncementList,
  ZAnnouncementListQuery,
  ZAnnouncementPatch,
  ZCommunityListingUpdate,
  ZCommunityMe,
  ZCommunityOrganization,
  ZCommunityOrganizations,
  ZCommunityOrganizationsQuery,
  ZCommunityPageQuery,
  ZCommunityPeople,
  ZCommunityPeopleQuery,
  ZCommunityPerson,
  ZFollowingList,
  ZOrganizationTagsUpdate,
} from '@parity/domain/community';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../core/http/errors';
import { requireAuth } from '../../plugins/auth';
import * as service from './service';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const ZOrganizationParams = z.strictObject({ organizationId: id });
const ZAnnouncementParams = z.strictObject({ announcementId: id });

const ALLOWED = 'Approved users and platform administrators; accounts awaiting approval 403.';
const ADMINS = 'Platform administrators; anyone else 403.';
const LISTED_PERSON =
  'A listed person: opted in ("Show me in the community") and an approved member or platform administrator.';
const LISTED_ORGANIZATION = 'A listed organization: a public one (Organization › Settings).';

/** The follow routes of a person and of an organization: one implementation (service.follow). */
const FOLLOWS: {
  path: string;
  /** the path parameter holding the id */
  param: string;
  kind: service.Followable<TCommunityPerson | TCommunityOrganization>;
  card: z.ZodType<TCommunityPerson | TCommunityOrganization>;
  followSummary: string;
  followDescription: string;
  unfollowSummary: string;
}[] = [
  {
    path: '/api/community/people/:userId/follow',
    param: 'userId',
    kind: service.FOLLOWABLE.person,
    card: ZCommunityPerson,
    followSummary: 'Follow a person (they are notified the first time)',
    followDescription: `${ALLOWED} ${LISTED_PERSON} Anyone else 404; oneself 400. Following again changes nothing.`,
    unfollowSummary: 'Stop following a person',
  },
  {
    path: '/api/community/organizations/:organizationId/follow',
    param: 'organizationId',
    kind: service.FOLLOWABLE.organization,
    card: ZCommunityOrganization,
    followSummary: 'Follow an organization',
    followDescription: `${ALLOWED} ${LISTED_ORGANIZATION} Anyone else 404. Following again changes nothing.`,
    unfollowSummary: 'Stop following an organization',
  },
];

/** Community (issue 18): the opt-in directory of people and organizations, follows, announcements. */
export default async function communityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const tags = ['community'];

  /* My listing */

  app.get(
    '/api/community/me',
    {
      schema: {
        tags,
        summary: 'My community listing, my follow counts and my organization’s listing',
        description: ALLOWED,
        response: { 200: ZCommunityMe, ...errorResponses(401, 403) },
      },
    },
    async (request) => service.getMe(db, requireAuth(request).userId),
  );

  app.put(
    '/api/community/me',
    {
      schema: {
        tags,
        summary: 'Show me in the community (or not), with my interests',
        description: `${ALLOWED} interests are ids of the interests dictionary (the profile's interests); an unknown one is 400 and nothing is written.`,
        body: ZCommunityListingUpdate,
        response: { 200: ZCommunityMe, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.updateMe(db, requireAuth(request).userId, request.body),
  );

  app.put(
    '/api/community/organizations/:organizationId/tags',
    {
      schema: {
        tags,
        summary: 'Set my organization’s community tags',
        description:
          'The organization’s admins; its other members 403; anyone else 404. tags are ids of the tags dictionary.',
        params: ZOrganizationParams,
        body: ZOrganizationTagsUpdate,
        response: { 200: ZCommunityMe, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.updateOrganizationTags(
        db,
        requireAuth(request).userId,
        request.params.organizationId,
        request.body,
      ),
  );

  /* The directory and follows */

  app.get(
    '/api/community/people',
    {
      schema: {
        tags,
        summary: 'The listed people, by name',
        description: `${ALLOWED} ${LISTED_PERSON} interests: people with any of them (comma list); q: part of the name shown.`,
        querystring: ZCommunityPeopleQuery,
        response: { 200: ZCommunityPeople, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.listPeople(db, requireAuth(request).userId, request.query),
  );

  app.get(
    '/api/community/organizations',
    {
      schema: {
        tags,
        summary: 'The listed organizations, by name',
        description: `${ALLOWED} ${LISTED_ORGANIZATION} tags: organizations with any of them (comma list); q: part of the name.`,
        querystring: ZCommunityOrganizationsQuery,
        response: { 200: ZCommunityOrganizations, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.listOrganizations(db, requireAuth(request).userId, request.query),
  );

  app.get(
    '/api/community/following',
    {
      schema: {
        tags,
        summary: 'The people and organizations I follow, newest follow first',
        description: `${ALLOWED} Those no longer listed are left out (and out of the total).`,
        querystring: ZCommunityPageQuery,
        response: { 200: ZFollowingList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.listFollowing(db, requireAuth(request).userId, request.query),
  );

  // People and organizations are followed alike (service.follow): one pair of routes for each.
  for (const f of FOLLOWS) {
    app.put(
      f.path,
      {
        schema: {
          tags,
          summary: f.followSummary,
          description: f.followDescription,
          params: z.strictObject({ [f.param]: id }),
          response: { 200: f.card, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => service.follow(db, requireAuth(request).userId, f.kind, request.params[f.param]!),
    );

    app.delete(
      f.path,
      {
        schema: {
          tags,
          summary: f.unfollowSummary,
          description: `${ALLOWED} 404 when neither followed nor listed.`,
          params: z.strictObject({ [f.param]: id }),
          response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await service.unfollow(db, requireAuth(request).userId, f.kind, request.params[f.param]!);
        return reply.code(204).send(null);
      },
    );
  }

  /* Announcements */

  app.get(
    '/api/community/announcements',
    {
      schema: {
        tags,
        summary: 'The platform’s announcements, newest first',
        description: `${ALLOWED} Those past their expiry are left out; include_expired=true (platform administrators, else 403) shows them, marked expired.`,
        querystring: ZAnnouncementListQuery,
        response: { 200: ZAnnouncementList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.listAnnouncements(db, requireAuth(request).userId, request.query),
  );

  app.post(
    '/api/community/announcements',
    {
      schema: {
        tags,
        summary: 'Publish an announcement',
        description: `${ADMINS} title at most 200 characters, body markdown, expires_at optional and in the future (else 400).`,
        body: ZAnnouncementCreate,
        response: { 201: ZAnnouncement, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createAnnouncement(db, requireAuth(request).userId, request.body)),
  );

  app.patch(
    '/api/community/announcements/:announcementId',
    {
      schema: {
        tags,
        summary: 'Edit an announcement',
        description: `${ADMINS} Absent fields stay; expires_at null removes the expiry, a past one is 400.`,
        params: ZAnnouncementParams,
        body: ZAnnouncementPatch,
        response: { 200: ZAnnouncement, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.updateAnnouncement(
        db,
        requireAuth(request).userId,
        request.params.announcementId,
        request.body,
      ),
  );

  app.delete(
    '/api/community/announcements/:announcementId',
    {
      schema: {
        tags,
        summary: 'Delete an announcement',
        description: ADMINS,
        params: ZAnnouncementParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteAnnouncement(db, requireAuth(request).userId, request.params.announcementId);
      return reply.code(204).send(null);
    },
  );
}
