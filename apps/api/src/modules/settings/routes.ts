import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
        security: [],
        response: { 200: z.object({ maintenance: z.boolean(), message: z.string().nullable() }) },
      },
    },
    async () => getMaintenanceStatus(app.db),
  );
}
