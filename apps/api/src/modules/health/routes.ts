import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound, unauthorized } from '../../core/http/errors';
import { isMetricsToken, readiness } from './service';

const tags = ['platform'];
const ZOk = z.object({ status: z.literal('ok') });

export default async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/health',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Up: 200 once the database is migrated',
        description:
          'Public. Answers 200 once the process has opened and migrated its database (it listens only then); the start-up checks poll it. Orchestrators use /api/health/live and /api/health/ready.',
        security: [],
        response: { 200: ZOk },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/health/live',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Liveness: 200 while the process answers',
        description:
          'Public. Touches no database: a failing liveness check means the process itself is stuck and should be restarted.',
        security: [],
        response: { 200: ZOk },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/api/health/ready',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Readiness: 200 when the database answers and is fully migrated',
        description:
          'Public. 200 `{status: "ready"}` when the database answers `SELECT 1` within 3 s and every migration this build ships is applied; else 503 `{status: "not_ready", reason}` (database unreachable, migrations pending). Load balancers send traffic only to ready processes.',
        security: [],
        response: {
          200: z.object({ status: z.literal('ready') }),
          503: z.object({ status: z.literal('not_ready'), reason: z.string() }),
        },
      },
    },
    async (request, reply) => {
      const state = await readiness(app.db, request.log);
      reply.header('cache-control', 'no-store');
      if (state.status === 'not_ready') return reply.code(503).send(state);
      return state;
    },
  );

  app.get(
    '/api/metrics',
    {
      // Not a signed-in route: Prometheus sends the metrics token, which the handler checks.
      config: { public: true },
      schema: {
        tags,
        summary: 'Prometheus metrics (text format), behind the metrics token',
        description:
          'Send `Authorization: Bearer <METRICS_TOKEN>`. 404 when METRICS_TOKEN is not set (metrics off), 401 without the right token. Requests, latency and errors per route pattern, database connections, the job queue, open connections and the process figures (docs/operations.md lists them).',
        security: [{ metricsToken: [] }],
        // No response schema: the reference then lists the text as the 200 answer (as for the
        // downloads); the error answers are named in the description.
        produces: ['text/plain'],
      },
    },
    async (request, reply) => {
      const expected = app.config.metricsToken;
      if (!expected) throw notFound('Metrics');
      if (!isMetricsToken(expected, request.headers.authorization)) {
        throw unauthorized('The metrics token is missing or wrong.');
      }
      const body = await app.metrics.metrics();
      return reply
        .type(app.metrics.contentType)
        .header('cache-control', 'no-store')
        .send(body as never);
    },
  );
}
