import { ZFeedback, ZFeedbackList, ZFeedbackListQuery, ZFeedbackRequest } from '@parity/domain/feedback';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth';
import { getFeedbackList, sendFeedback } from './service';

export default async function feedbackRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/feedback',
    {
      schema: {
        tags: ['feedback'],
        summary: 'Send a rating (1-10) and an optional comment from the feedback widget',
        description:
          "`url` is the full address of the page the widget was opened on. A missing rating answers 400 with 'Thumbs is a required field'.",
        body: ZFeedbackRequest,
        response: { 201: ZFeedback },
      },
    },
    async (request, reply) => {
      const created = await sendFeedback(app.db, requireAuth(request).userId, request.body);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/admin/feedback',
    {
      schema: {
        tags: ['feedback', 'admin'],
        summary: 'Feedback sent by users, newest first (platform administrators only)',
        description:
          'Platform administrators only (403 for anyone else): ratings (1-10) and comments with the page they were sent from, paginated.',
        querystring: ZFeedbackListQuery,
        response: { 200: ZFeedbackList },
      },
    },
    async (request) => getFeedbackList(app.db, requireAuth(request).userId, request.query),
  );
}
