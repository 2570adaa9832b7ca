import { Readable } from 'node:stream';
import {
  ZAdminFeedbackFilters,
  ZAdminFeedbackList,
  ZAdminFeedbackOverTime,
  ZAdminFeedbackQuery,
} from '@parity/domain/admin-feedback';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../plugins/auth';
import { feedbackCsv, getFeedbackList, getFeedbackOverTime } from './service';

const tags = ['admin'];
const RIGHTS = 'Platform administrators only (401 anonymous, 403 anyone else).';
const FILTERS =
  '`band` 1-5 is a rating band (1-2, 3-4, 5-6, 7-8, 9-10); `from` and `to` are days (YYYY-MM-DD, UTC, both included).';

export default async function adminFeedbackRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/feedback',
    {
      schema: {
        tags,
        summary: 'Feedback sent by users, newest first, filtered by rating band and date',
        description: `Ratings (1-10) and comments with the page, the sender and their organization, paginated. ${FILTERS} ${RIGHTS}`,
        querystring: ZAdminFeedbackQuery,
        response: { 200: ZAdminFeedbackList },
      },
    },
    async (request) => getFeedbackList(app.db, requireAuth(request).userId, request.query),
  );

  app.get(
    '/api/admin/feedback/over-time',
    {
      schema: {
        tags,
        summary: 'Feedback per week: how many and their average rating',
        description: `Weeks start on Monday (UTC), oldest first; weeks without feedback are left out. ${FILTERS} ${RIGHTS}`,
        querystring: ZAdminFeedbackFilters,
        response: { 200: ZAdminFeedbackOverTime },
      },
    },
    async (request) => getFeedbackOverTime(app.db, requireAuth(request).userId, request.query),
  );

  app.get(
    '/api/admin/feedback.csv',
    {
      schema: {
        tags,
        summary: 'The filtered feedback as a CSV file',
        description: `Streamed, newest first; text cells that would start a spreadsheet formula get a leading quote. ${FILTERS} ${RIGHTS}`,
        querystring: ZAdminFeedbackFilters,
      },
    },
    async (request, reply) => {
      const lines = await feedbackCsv(app.db, requireAuth(request).userId, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="feedback.csv"')
        .header('cache-control', 'no-store')
        .send(Readable.from(lines));
    },
  );
}
