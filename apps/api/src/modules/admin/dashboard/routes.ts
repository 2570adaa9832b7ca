import { ZAdminDashboard } from '@parity/domain/admin-dashboard';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../plugins/auth';
import { getAdminDashboard } from './service';

export default async function adminDashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/dashboard',
    {
      schema: {
        tags: ['admin'],
        summary: "The platform's figures for the admin dashboard (platform administrators only)",
        description:
          'Platform administrators only (403 for anyone else): organizations by legal structure, public or private; users by status; surveys by status; LPI submissions per week and feedback per week (count and average rating) over the last 52 weeks.',
        response: { 200: ZAdminDashboard },
      },
    },
    async (request) => getAdminDashboard(app.db, requireAuth(request).userId),
  );
}
