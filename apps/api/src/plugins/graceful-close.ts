import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** How long close() lets requests in flight finish before it cuts their connections. */
export const CLOSE_GRACE_MS = 10_000;

/**
 * Bounded, graceful close. Fastify keeps idle connections open for 72 s (keepAliveTimeout) and
 * only closes those idle when close() starts: a connection whose request was in flight at that
 * moment went back to keep-alive afterwards and held close() (and a SIGTERM) for 72 s. Here the
 * answers given while closing say `Connection: close`, so their sockets end with them, and a
 * request still running after CLOSE_GRACE_MS has its connection cut.
 */
async function gracefulClosePlugin(app: FastifyInstance, options: { graceMs?: number }) {
  let closing = false;
  let deadline: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    closing = true;
    deadline = setTimeout(() => {
      app.log.warn('requests still running after the close grace period: cutting their connections');
      app.server.closeAllConnections();
    }, options.graceMs ?? CLOSE_GRACE_MS);
    deadline.unref();
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onClose', async () => clearTimeout(deadline));
}

export default fp(gracefulClosePlugin, { name: 'graceful-close' });
