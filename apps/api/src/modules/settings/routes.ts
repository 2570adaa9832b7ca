import { ZMaintenanceStatus } from '@parity/domain/settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getMaintenanceStatus } from './service';

export default async function settingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/settings/maintenance',
    {
      // Public: the login page must know about maintenance before anyone signs in.
      config: { public: true },
      schema: {
        tags: ['platform'],
        summary: 'Whether the platform is in maintenance mode',
        description:
          'Public. The web app reads it at start-up and shows the maintenance banner while it is on.',
        security: [],
        response: { 200: ZMaintenanceStatus },
      },
    },
    async () => getMaintenanceStatus(app.db),
  );
}
