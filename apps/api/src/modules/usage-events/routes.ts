import { ZUsageEvent } from '@parity/domain/usage-events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../core/http/errors';
import { requireAuth } from '../../plugins/auth';
import { recordUsageEvent } from './service';

const ZUsageEventRecorded = z.object({ message: z.string() });

/** The web client's usage events (spec 3 event payload check), recorded in the audit log. */
export default async function usageEventRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/usage-events',
    {
      schema: {
        tags: ['usage'],
        summary: 'Record a usage event of the web client in the audit log',
        description:
          'Body: the event payload check of spec 3, `{type, organizationId, surveyId, user: {id, email, name}}` ' +
          'with numeric ids; type survey.created (a survey the organization hosts) or survey.submitted (a ' +
          'survey it is invited to). Anything else: 400. Signed-in approved users only (401, pending 403); ' +
          'user.id must be the caller and organizationId their own organization (else 403); a survey not ' +
          'so related to it: 404. 201 once the entry (entity usage_event, action the type) is in the ' +
          "organization's audit log.",
        body: ZUsageEvent,
        response: { 201: ZUsageEventRecorded, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const recorded = await recordUsageEvent(app.db, requireAuth(request).userId, request.body);
      return reply.code(201).send(recorded);
    },
  );
}
