import {
  faqEntryPatchSchema,
  faqEntrySchema,
  faqListQuerySchema,
  ZFaqEntry,
  ZFaqList,
} from '@parity/domain/support';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../core/http/errors';
import { requireAuth } from '../../plugins/auth';
import * as service from './service';

const ZEntryParams = z.strictObject({ entryId: z.coerce.number().int().positive().max(2_147_483_647) });
const PLATFORM_ADMINS = 'Platform administrators; anyone else 403.';

/** The FAQ (issue 18): questions and answers (markdown) by topic. */
export default async function faqRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const tags = ['faq'];

  app.get(
    '/api/faq',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The FAQ by topic, searched by words of the questions and answers',
        description:
          'Public: those who cannot sign in read the signing-in answers. Topics in their order, then by position.',
        querystring: faqListQuerySchema,
        response: { 200: ZFaqList, ...errorResponses(400) },
      },
    },
    async (request) => service.listEntries(db, request.query),
  );

  app.post(
    '/api/faq',
    {
      schema: {
        tags,
        summary: 'Add a question and its answer (markdown)',
        description: PLATFORM_ADMINS,
        body: faqEntrySchema,
        response: { 201: ZFaqEntry, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createEntry(db, requireAuth(request).userId, request.body)),
  );

  app.patch(
    '/api/faq/:entryId',
    {
      schema: {
        tags,
        summary: 'Edit an FAQ entry; absent fields stay',
        description: PLATFORM_ADMINS,
        params: ZEntryParams,
        body: faqEntryPatchSchema,
        response: { 200: ZFaqEntry, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.updateEntry(db, requireAuth(request).userId, request.params.entryId, request.body),
  );

  app.delete(
    '/api/faq/:entryId',
    {
      schema: {
        tags,
        summary: 'Delete an FAQ entry',
        description: PLATFORM_ADMINS,
        params: ZEntryParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteEntry(db, requireAuth(request).userId, request.params.entryId);
      return reply.code(204).send(null);
    },
  );
}
