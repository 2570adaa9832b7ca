import { ZCurrentAccount } from '@parity/domain/auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth';
import { getCurrentAccount } from './service';

export default async function accountsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/user/status',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in account (slim): organization, rights and membership status',
        description:
          'Any signed-in user, pending ones included: the few fields every page needs (organization, rights, membership status), without the profile.',
        response: { 200: ZCurrentAccount },
      },
    },
    async (request) => getCurrentAccount(requireAuth(request).profile),
  );
}
