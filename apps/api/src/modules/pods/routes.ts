import { eventInputSchema, ZEventDetail, ZEventList } from '@parity/domain/calendar/events';
import { DOCUMENT_TYPES_MESSAGE } from '@parity/domain/organization-files';
import {
  feedQuerySchema,
  memberListQuerySchema,
  memberPatchSchema,
  podCreateSchema,
  podEventListQuerySchema,
  podFileListQuerySchema,
  podInviteSchema,
  podLeaveSchema,
  podListQuerySchema,
  podMailPreferenceSchema,
  podPatchSchema,
  postCreateSchema,
  postPatchSchema,
  ZPodDetail,
  ZPodEntry,
  ZPodFeed,
  ZPodFile,
  ZPodFileList,
  ZPodInvitationList,
  ZPodInvitationView,
  ZPodJoinRequestList,
  ZPodList,
  ZPodMailPreferenceAnswer,
  ZPodMember,
  ZPodMemberList,
  ZPodReply,
} from '@parity/domain/pods/pods';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../core/http/errors';
import { readOneFile } from '../../core/http/multipart';
import { sendFile } from '../../core/http/send-file';
import type { JobRunner } from '../../core/jobs/runner';
import { requireAuth } from '../../plugins/auth';
import { nextDigestAt } from '../notifications/service';
import * as service from './service';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const ZPodParams = z.strictObject({ podId: id });
const ZPostParams = z.strictObject({ podId: id, postId: id });
const ZMemberParams = z.strictObject({ podId: id, userId: id });
const ZInvitationParams = z.strictObject({ podId: id, invitationId: id });
const ZEventParams = z.strictObject({ podId: id, eventId: id });
const ZFileParams = z.strictObject({ podId: id, fileId: z.uuid({ error: 'The file id is malformed.' }) });
const ZTokenParams = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'The invitation link is malformed.'),
});
const ZInvited = z.object({ invited: z.number().int() });
const ZPostAnswer = z.union([ZPodEntry, ZPodReply]);
const ZMailPayload = z.object({ to: z.string(), subject: z.string(), text: z.string() });
const ZUserPayload = z.object({ userId: z.number().int() });

const READERS =
  "The pod's members and platform administrators; anyone else 404 (the pod, its feed, events, members and files).";
const MANAGERS =
  "The pod's admins; other members and platform administrators who are not its admins 403; anyone else 404.";
/** Deleting the pod, and reading its pending requests and invitations: platform administrators too. */
const ADMINS_AND_PLATFORM = 'Pod admins and platform administrators; other members 403; anyone else 404.';
const MEMBERS = 'Members of the pod; a platform administrator who is not a member 403; anyone else 404.';

export interface PodsOptions {
  jobs: JobRunner;
}

/** Pods (issue 16): peer groups with a feed, events, members, invitations, files and mail preferences. */
export default async function podsRoutes(fastify: FastifyInstance, options: PodsOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const deps: service.PodsDeps = { db, publicUrl: app.config.publicUrl };
  const tags = ['pods'];
  const send = (tx: Parameters<typeof app.mailer.send>[1], mail: z.infer<typeof ZMailPayload>) =>
    app.mailer.send(mail, tx);

  // Invitations and the 'every post' preference: one mail per recipient, recorded in the outbox.
  options.jobs.register(service.MAIL_JOB, async (job) => {
    const mail = ZMailPayload.parse(job.payload);
    await db.transaction((tx) => send({ db: tx }, mail));
  });
  options.jobs.register(service.DIGEST_MAIL_JOB, (job) =>
    service.mailDigest(
      db,
      (tx, mail) => send({ db: tx }, mail),
      app.config.publicUrl,
      ZUserPayload.parse(job.payload).userId,
    ),
  );
  options.jobs.register(service.DIGEST_JOB, () => service.enqueueDigests(db));
  options.jobs.every(service.DIGEST_JOB, nextDigestAt);

  /* Pods */

  app.get(
    '/api/pods',
    {
      schema: {
        tags,
        summary: 'My pods, the pods I could join, or (platform administrators) every pod',
        description:
          'scope mine (active member), discover (open and invite-only pods I am not in; secret ones never), ' +
          'all (platform administrators, else 403); q searches name and description. Accounts awaiting approval: none.',
        querystring: podListQuerySchema,
        response: { 200: ZPodList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.listPods(db, requireAuth(request).userId, request.query),
  );

  app.post(
    '/api/pods',
    {
      schema: {
        tags,
        summary: 'Create a pod (the creator becomes its admin)',
        description: 'Approved users (403 while awaiting approval).',
        body: podCreateSchema,
        response: { 201: ZPodDetail, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createPod(deps, requireAuth(request).userId, request.body)),
  );

  app.get(
    '/api/pods/:podId',
    {
      schema: {
        tags,
        summary: 'A pod: its description, rules, admins and the caller’s place in it',
        description: `${READERS} An open pod answers its preview (name, description) to approved users who may join.`,
        params: ZPodParams,
        response: { 200: ZPodDetail, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.getPod(db, requireAuth(request).userId, request.params.podId),
  );

  app.patch(
    '/api/pods/:podId',
    {
      schema: {
        tags,
        summary: 'Edit the name, description (purpose), rules or visibility',
        description: MANAGERS,
        params: ZPodParams,
        body: podPatchSchema,
        response: { 200: ZPodDetail, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.updatePod(deps, requireAuth(request).userId, request.params.podId, request.body),
  );

  app.delete(
    '/api/pods/:podId',
    {
      schema: {
        tags,
        summary: 'Delete a pod with its feed, events and files',
        description: ADMINS_AND_PLATFORM,
        params: ZPodParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.deletePod(deps, app.storage, requireAuth(request).userId, request.params.podId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/pods/:podId/join',
    {
      schema: {
        tags,
        summary: 'Join an open pod, or ask to join an invite-only one',
        description:
          'Approved users. Open: a member at once; invite-only: a join request the admins approve. ' +
          'Secret or unknown: 404; already a member or already asked: 409.',
        params: ZPodParams,
        response: { 200: ZPodDetail, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.joinPod(deps, requireAuth(request).userId, request.params.podId),
  );

  app.delete(
    '/api/pods/:podId/join',
    {
      schema: {
        tags,
        summary: 'Withdraw my join request',
        description: 'The caller’s own request to an invite-only pod; none waiting: 404.',
        operationId: 'withdrawPodsJoinRequest',
        params: ZPodParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await service.withdrawRequest(deps, requireAuth(request).userId, request.params.podId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/pods/:podId/leave',
    {
      schema: {
        tags,
        summary: 'Leave the pod',
        description:
          'Members. The last admin names a member who becomes admin (successorUserId); without one 409.',
        params: ZPodParams,
        body: podLeaveSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.leavePod(deps, requireAuth(request).userId, request.params.podId, request.body);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/pods/:podId/mail-preference',
    {
      schema: {
        tags,
        summary: 'My mail about this pod: every post, a daily digest, or off',
        description: MEMBERS,
        params: ZPodParams,
        body: podMailPreferenceSchema,
        response: { 200: ZPodMailPreferenceAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.setMailPreference(
        deps,
        requireAuth(request).userId,
        request.params.podId,
        request.body.mailPreference,
      ),
  );

  /* Feed */

  app.get(
    '/api/pods/:podId/feed',
    {
      schema: {
        tags,
        summary: 'The activity feed: posts and the pod’s own entries, newest first, with replies',
        description: `Keyset pages: pass the answer's nextBefore as before. ${READERS}`,
        params: ZPodParams,
        querystring: feedQuerySchema,
        response: { 200: ZPodFeed, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.feed(db, requireAuth(request).userId, request.params.podId, request.query),
  );

  app.post(
    '/api/pods/:podId/posts',
    {
      schema: {
        tags,
        summary: 'Post or reply (formatted text, mentions of members, attachments of the pod’s files)',
        description: `At most 5,000 characters; sanitised. Mentioning a non-member or attaching a file not of this pod: 400. ${MEMBERS}`,
        params: ZPodParams,
        body: postCreateSchema,
        response: { 201: ZPostAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.createPost(deps, requireAuth(request).userId, request.params.podId, request.body),
        ),
  );

  app.patch(
    '/api/pods/:podId/posts/:postId',
    {
      schema: {
        tags,
        summary: 'Edit my post',
        description: `The author (others 403). ${READERS}`,
        params: ZPostParams,
        body: postPatchSchema,
        response: { 200: ZPostAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.updatePost(
        deps,
        requireAuth(request).userId,
        request.params.podId,
        request.params.postId,
        request.body,
      ),
  );

  app.delete(
    '/api/pods/:podId/posts/:postId',
    {
      schema: {
        tags,
        summary: 'Delete a post (its replies with it)',
        description: `The author, pod admins and platform administrators (others 403). ${READERS}`,
        params: ZPostParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.deletePost(
        deps,
        requireAuth(request).userId,
        request.params.podId,
        request.params.postId,
      );
      return reply.code(204).send(null);
    },
  );

  /* Members, requests, invitations */

  app.get(
    '/api/pods/:podId/members',
    {
      schema: {
        tags,
        summary: 'The members, admins first',
        description: READERS,
        params: ZPodParams,
        querystring: memberListQuerySchema,
        response: { 200: ZPodMemberList, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      service.listMembers(db, requireAuth(request).userId, request.params.podId, request.query),
  );

  app.patch(
    '/api/pods/:podId/members/:userId',
    {
      schema: {
        tags,
        summary: 'Make a member admin, or admin member again',
        description: `${MANAGERS} Demoting the last admin: 409.`,
        params: ZMemberParams,
        body: memberPatchSchema,
        response: { 200: ZPodMember, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.setMemberRole(
        deps,
        requireAuth(request).userId,
        request.params.podId,
        request.params.userId,
        request.body.role,
      ),
  );

  app.delete(
    '/api/pods/:podId/members/:userId',
    {
      schema: {
        tags,
        summary: 'Remove a member',
        description: `${MANAGERS} Removing the last admin: 409.`,
        params: ZMemberParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.removeMember(
        deps,
        requireAuth(request).userId,
        request.params.podId,
        request.params.userId,
      );
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/pods/:podId/requests',
    {
      schema: {
        tags,
        summary: 'The join requests waiting for an admin',
        description: ADMINS_AND_PLATFORM,
        params: ZPodParams,
        response: { 200: ZPodJoinRequestList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.listRequests(db, requireAuth(request).userId, request.params.podId),
  );

  app.post(
    '/api/pods/:podId/requests/:userId/approve',
    {
      schema: {
        tags,
        summary: 'Approve a join request',
        description: `${MANAGERS} 409 when the person is a member already (a second approval).`,
        params: ZMemberParams,
        response: { 200: ZPodMember, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.approveRequest(deps, requireAuth(request).userId, request.params.podId, request.params.userId),
  );

  app.delete(
    '/api/pods/:podId/requests/:userId',
    {
      schema: {
        tags,
        summary: 'Decline a join request',
        description: MANAGERS,
        params: ZMemberParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.declineRequest(
        deps,
        requireAuth(request).userId,
        request.params.podId,
        request.params.userId,
      );
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/pods/:podId/invitations',
    {
      schema: {
        tags,
        summary: 'The invitations not answered yet',
        description: ADMINS_AND_PLATFORM,
        params: ZPodParams,
        response: { 200: ZPodInvitationList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.listInvitations(db, requireAuth(request).userId, request.params.podId),
  );

  app.post(
    '/api/pods/:podId/invitations',
    {
      schema: {
        tags,
        summary: 'Invite users by id (picked by name) or email; each gets a mail with an accept link',
        description:
          `${MANAGERS} An unknown id or email: 404; a member already: 409; nothing is written then. ` +
          'Inviting someone invited before sends a new link (the old one stops working).',
        params: ZPodParams,
        body: podInviteSchema,
        response: { 201: ZInvited, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.invite(deps, requireAuth(request).userId, request.params.podId, request.body)),
  );

  app.delete(
    '/api/pods/:podId/invitations/:invitationId',
    {
      schema: {
        tags,
        summary: 'Revoke an invitation',
        description: MANAGERS,
        params: ZInvitationParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.revokeInvitation(
        deps,
        requireAuth(request).userId,
        request.params.podId,
        request.params.invitationId,
      );
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/pods/invitations/:token',
    {
      schema: {
        tags,
        summary: 'The invitation behind a mail’s link',
        description: 'Only the invited user; anyone else, a used or a revoked link: 404.',
        params: ZTokenParams,
        response: { 200: ZPodInvitationView, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.viewInvitation(deps, requireAuth(request).userId, request.params.token),
  );

  app.post(
    '/api/pods/invitations/:token/accept',
    {
      schema: {
        tags,
        summary: 'Accept an invitation: the caller becomes a member',
        description:
          'Only the invited user (approved); anyone else, a revoked link or one used by a user who has ' +
          'left the pod since: 404. Accepting again (a double click) answers the pod as the first accept did.',
        params: ZTokenParams,
        response: { 200: ZPodDetail, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.acceptInvitation(deps, requireAuth(request).userId, request.params.token),
  );

  /* Files */

  app.get(
    '/api/pods/:podId/files',
    {
      schema: {
        tags,
        summary: 'The pod’s documents, searched and sorted',
        description: `q (name), sort name|size|createdAt, dir asc|desc. ${READERS}`,
        params: ZPodParams,
        querystring: podFileListQuerySchema,
        response: { 200: ZPodFileList, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      service.listFiles(db, requireAuth(request).userId, request.params.podId, request.query),
  );

  app.post(
    '/api/pods/:podId/files',
    {
      schema: {
        tags,
        summary: 'Share a document (10 MB)',
        description:
          `multipart/form-data with the part \`file\`. ${DOCUMENT_TYPES_MESSAGE} The type is read from the bytes; ` +
          `another type 415, over 10 MB 413; nothing is kept then. ${MEMBERS}`,
        params: ZPodParams,
        consumes: ['multipart/form-data'],
        response: { 201: ZPodFile, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const { userId } = requireAuth(request);
      const readFile = () =>
        readOneFile(request, {
          notMultipartMessage: 'Send the file as multipart/form-data (part "file").',
          ...service.podFileLimit,
        });
      return reply
        .code(201)
        .send(await service.uploadFile(deps, app.storage, userId, request.params.podId, readFile));
    },
  );

  app.get(
    '/api/pods/:podId/files/:fileId',
    {
      schema: {
        tags,
        summary: 'Download a pod’s document (attachment)',
        description: READERS,
        params: ZFileParams,
      },
    },
    async (request, reply) => {
      const found = await service.readFile(
        db,
        app.storage,
        requireAuth(request).userId,
        request.params.podId,
        request.params.fileId,
      );
      return sendFile(reply, found);
    },
  );

  app.delete(
    '/api/pods/:podId/files/:fileId',
    {
      schema: {
        tags,
        summary: 'Delete a pod’s document',
        description: `The person who uploaded it, pod admins and platform administrators (others 403). ${READERS}`,
        params: ZFileParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteFile(
        deps,
        app.storage,
        requireAuth(request).userId,
        request.params.podId,
        request.params.fileId,
      );
      return reply.code(204).send(null);
    },
  );

  /* Events */

  app.get(
    '/api/pods/:podId/events',
    {
      schema: {
        tags,
        summary: 'The pod’s events, upcoming or past',
        description: `Calendar events whose audience is the pod. ${READERS}`,
        params: ZPodParams,
        querystring: podEventListQuerySchema,
        response: { 200: ZEventList, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      service.listPodEvents(db, requireAuth(request).userId, request.params.podId, request.query),
  );

  app.post(
    '/api/pods/:podId/events',
    {
      schema: {
        tags,
        summary: 'Create a pod event (a calendar event for the pod’s members)',
        description: `The calendar's event fields; visibility and organizationId are set by the pod ('pod', none). ${MEMBERS}`,
        params: ZPodParams,
        body: eventInputSchema,
        response: { 201: ZEventDetail, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.createPodEvent(deps, requireAuth(request).userId, request.params.podId, request.body),
        ),
  );

  app.get(
    '/api/pods/:podId/events/:eventId',
    {
      schema: {
        tags,
        summary: 'One of the pod’s events',
        description: `Another pod's event or a calendar event: 404. ${READERS}`,
        params: ZEventParams,
        response: { 200: ZEventDetail, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      service.getPodEvent(db, requireAuth(request).userId, request.params.podId, request.params.eventId),
  );
}
