import { ZMaintenanceStatus, ZMaintenanceUpdate } from '@parity/domain/settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../core/http/errors';
import { requireAuth } from '../../plugins/auth';
import { cachedMaintenanceStatus, getMaintenanceStatus, setMaintenance } from './service';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * While maintenance mode is on, every write under /api by anyone but a platform administrator
 * answers 503 with the message. Reads go on, and so do sign-in, refresh and logout (/api/oauth/)
 * so that an administrator can sign in to turn it off. Runs after the auth hook (registered
 * later), so the caller is known.
 */
export function refuseWritesDuringMaintenance(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (!WRITE_METHODS.has(request.method)) return;
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/oauth/')) return;
    if (request.auth?.profile.user.is_sadm) return;
    const status = await cachedMaintenanceStatus(app.db);
    if (status.maintenance) {
      throw new AppError(503, 'maintenance', status.message ?? 'The platform is under maintenance.');
    }
  });
}

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
          'Public. The web app reads it at start-up and every two minutes, and shows the maintenance banner while it is on.',
        security: [],
        response: { 200: ZMaintenanceStatus },
      },
    },
    async () => getMaintenanceStatus(app.db),
  );

  app.put(
    '/api/admin/maintenance',
    {
      schema: {
        tags: ['admin'],
        summary: 'Turn maintenance mode on or off (platform administrators only)',
        description:
          'Platform administrators only (403 for anyone else). While it is on, writes by anyone but platform administrators answer 503 with the message; sign-in and reads go on. The message (1-500 characters) is required to turn it on.',
        body: ZMaintenanceUpdate,
        response: { 200: ZMaintenanceStatus },
      },
    },
    async (request) => setMaintenance(app.db, requireAuth(request).userId, request.body),
  );
}
