import { ZFeedback, ZFeedbackRequest } from '@parity/domain/feedback';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth';
import { sendFeedback } from './service';

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
}
