import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { JOB_STATES, jobQueueState } from '../core/jobs/queue-state';
import type { Database, PoolStats } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * This app's Prometheus registry (one per app: tests build several in one process). A module
     * adds its own figure with a collector, e.g. the notifications' open event streams.
     */
    metrics: Registry;
  }
}

export interface MetricsOptions {
  poolStats: Database['poolStats'];
  /** METRICS_TOKEN is set: the metrics are read, so the process's own are gathered too */
  processMetrics: boolean;
}

/** The route label of a request no route matched: one label, whatever the path. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Seconds: from a cached read to a large export. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The app's metrics: requests by route pattern (never the raw URL: ids would make a series each),
 * their latency, the 5xx answers, the database connections, the job queue read at scrape time,
 * the open HTTP sockets and the process's own figures (memory, CPU, event loop lag).
 */
async function metricsPlugin(app: FastifyInstance, options: MetricsOptions) {
  const registry = new Registry();
  app.decorate('metrics', registry);
  // They start a GC observer and an event-loop monitor that live as long as the process: only
  // where someone reads them (a test process builds dozens of apps without a token).
  if (options.processMetrics) collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method, route pattern and status code',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'http_request_errors_total',
    help: 'HTTP requests answered with a server error (5xx), by method, route pattern and status code',
    labelNames,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) errors.inc(labels);
  });

  const poolGauges: [string, string, keyof PoolStats][] = [
    ['db_pool_connections', 'Database connections open (PGlite: its one embedded connection)', 'total'],
    ['db_pool_idle_connections', 'Open database connections no query holds (PGlite: 0)', 'idle'],
    ['db_pool_waiting_requests', 'Queries waiting for a database connection (PGlite: 0)', 'waiting'],
  ];
  for (const [name, help, field] of poolGauges) {
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(options.poolStats()[field]);
      },
    });
  }

  new Gauge({
    name: 'jobs',
    help: 'Jobs of the durable queue by state (due, scheduled, leased, retrying, failed), read from the jobs table',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const counts = await jobQueueState(app.db);
        for (const state of JOB_STATES) this.set({ state }, counts[state]);
      } catch (err) {
        // The scrape still answers the other figures; the missing series tells the queue is unread.
        app.log.warn({ err }, 'the metrics could not read the jobs table');
      }
    },
  });

  new Gauge({
    name: 'http_open_connections',
    help: 'HTTP connections open to this process (sockets, including event streams and keep-alive)',
    registers: [registry],
    async collect() {
      const open = await new Promise<number>((resolve) =>
        app.server.getConnections((error, count) => resolve(error ? 0 : count)),
      );
      this.set(open);
    },
  });
}

export default fp(metricsPlugin, { name: 'metrics' });
