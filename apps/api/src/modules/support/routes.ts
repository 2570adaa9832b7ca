import {
  HELP_SLUG_MAX,
  helpArticleListQuerySchema,
  helpArticlePatchSchema,
  helpArticleSchema,
  SUPPORT_ATTACHMENT_MAX_BYTES,
  SUPPORT_MESSAGES,
  supportReplySchema,
  supportRequestListQuerySchema,
  ZHelpArticle,
  ZHelpArticleList,
  ZSupportRequestDetail,
  ZSupportRequestList,
} from '@parity/domain/support';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../core/http/errors';
import { readMultipart, requireMultipart } from '../../core/http/multipart';
import { sendFile } from '../../core/http/send-file';
import type { JobRunner } from '../../core/jobs/runner';
import { requireAuth } from '../../plugins/auth';
import * as service from './service';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const ZRequestParams = z.strictObject({ requestId: id });
const ZSlugParams = z.strictObject({
  slug: z
    .string()
    .regex(
      /^[a-z0-9-]{1,100}$/,
      `The slug is at most ${HELP_SLUG_MAX} lower-case letters, digits and dashes.`,
    ),
});
const ZMailPayload = z.object({ to: z.string(), subject: z.string(), text: z.string() });

const SIGNED_IN = 'Every signed-in user (awaiting approval included).';
const PLATFORM_ADMINS = 'Platform administrators; anyone else 403.';
const REQUESTER_OR_ADMINS = 'The person who filed it and platform administrators; anyone else 404.';

export interface SupportOptions {
  jobs: JobRunner;
}

/** Support (issue 18): help articles and support requests with their thread and attachment. */
export default async function supportRoutes(fastify: FastifyInstance, options: SupportOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const deps: service.SupportDeps = { db, storage: app.storage, publicUrl: app.config.publicUrl };
  const tags = ['support'];

  // An answer's mail to the requester, recorded in the mail outbox.
  options.jobs.register(service.MAIL_JOB, async (job) => {
    const mail = ZMailPayload.parse(job.payload);
    await db.transaction((tx) => app.mailer.send(mail, { db: tx }));
  });

  /* Help articles */

  app.get(
    '/api/support/articles',
    {
      schema: {
        tags,
        summary: 'Help articles, searched by words of the title and body',
        description: `${SIGNED_IN} Platform administrators also see unpublished drafts.`,
        querystring: helpArticleListQuerySchema,
        response: { 200: ZHelpArticleList, ...errorResponses(400, 401) },
      },
    },
    async (request) => service.listArticles(db, requireAuth(request).userId, request.query),
  );

  app.post(
    '/api/support/articles',
    {
      schema: {
        tags,
        summary: 'Write a help article (markdown)',
        description: `${PLATFORM_ADMINS} A slug in use: 409.`,
        body: helpArticleSchema,
        response: { 201: ZHelpArticle, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createArticle(db, requireAuth(request).userId, request.body)),
  );

  app.get(
    '/api/support/articles/:slug',
    {
      schema: {
        tags,
        summary: 'A help article with its markdown body',
        description: `${SIGNED_IN} A draft: 404 but to platform administrators.`,
        params: ZSlugParams,
        response: { 200: ZHelpArticle, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.getArticle(db, requireAuth(request).userId, request.params.slug),
  );

  app.patch(
    '/api/support/articles/:slug',
    {
      schema: {
        tags,
        summary: 'Edit a help article; absent fields stay',
        description: `${PLATFORM_ADMINS} A slug in use: 409.`,
        params: ZSlugParams,
        body: helpArticlePatchSchema,
        response: { 200: ZHelpArticle, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.updateArticle(db, requireAuth(request).userId, request.params.slug, request.body),
  );

  app.delete(
    '/api/support/articles/:slug',
    {
      schema: {
        tags,
        summary: 'Delete a help article',
        description: PLATFORM_ADMINS,
        params: ZSlugParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteArticle(db, requireAuth(request).userId, request.params.slug);
      return reply.code(204).send(null);
    },
  );

  /* Support requests */

  app.get(
    '/api/support/requests',
    {
      schema: {
        tags,
        summary: 'My support requests, or (platform administrators) every request',
        description:
          'scope mine: the caller’s requests; scope all: every request, platform administrators only (else 403). ' +
          'status filters; newest activity first.',
        querystring: supportRequestListQuerySchema,
        response: { 200: ZSupportRequestList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.listRequests(db, requireAuth(request).userId, request.query),
  );

  app.post(
    '/api/support/requests',
    {
      schema: {
        tags,
        summary: 'File a support request (the contact form)',
        description:
          'multipart/form-data with the fields subject (200 characters), message (10,000), page (the app path it ' +
          `came from) and an optional file part \`attachment\`. ${SUPPORT_MESSAGES.attachmentType} The type is read ` +
          `from the bytes: another 415; over 5 MB 413; a field too long 400; nothing is kept then. ${SIGNED_IN}`,
        consumes: ['multipart/form-data'],
        response: { 201: ZSupportRequestDetail, ...errorResponses(400, 401, 413, 415) },
      },
    },
    async (request, reply) => {
      const { userId } = requireAuth(request);
      requireMultipart(request, SUPPORT_MESSAGES.notMultipart);
      const form = await readMultipart(request, {
        fileSize: SUPPORT_ATTACHMENT_MAX_BYTES,
        tooLargeMessage: SUPPORT_MESSAGES.attachmentTooLarge,
      });
      return reply.code(201).send(await service.createRequest(deps, userId, form));
    },
  );

  app.get(
    '/api/support/requests/:requestId',
    {
      schema: {
        tags,
        summary: 'A support request with its thread',
        description: REQUESTER_OR_ADMINS,
        params: ZRequestParams,
        response: { 200: ZSupportRequestDetail, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => service.getRequest(db, requireAuth(request).userId, request.params.requestId),
  );

  app.post(
    '/api/support/requests/:requestId/messages',
    {
      schema: {
        tags,
        summary: 'Answer a request (platform administrators) or reply to it (the requester)',
        description:
          `${REQUESTER_OR_ADMINS} An administrator's answer marks it answered, mails the requester and tells them ` +
          "in the app (support_answer); the requester's reply reopens it.",
        params: ZRequestParams,
        body: supportReplySchema,
        response: { 200: ZSupportRequestDetail, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      service.reply(deps, requireAuth(request).userId, request.params.requestId, request.body),
  );

  app.post(
    '/api/support/requests/:requestId/close',
    {
      schema: {
        tags,
        summary: 'Close a support request',
        description: `${REQUESTER_OR_ADMINS} Already closed: 409.`,
        params: ZRequestParams,
        response: { 200: ZSupportRequestDetail, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => service.closeRequest(db, requireAuth(request).userId, request.params.requestId),
  );

  app.get(
    '/api/support/requests/:requestId/attachment',
    {
      schema: {
        tags,
        summary: 'Download a support request’s attachment',
        description: `${REQUESTER_OR_ADMINS} No attachment: 404.`,
        params: ZRequestParams,
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await service.readAttachment(deps, requireAuth(request).userId, request.params.requestId),
      ),
  );
}
