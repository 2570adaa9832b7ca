import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../core/http/errors';

/**
 * Rate limits for the routes that ask for them (login, refresh, codes); nothing is limited
 * globally, so health and dictionaries stay cheap under load.
 *
 * Counters live in this process's memory (@fastify/rate-limit's LRU store), or in Redis when
 * REDIS_URL is set so that several replicas share them: that one option moves every counter
 * below (per address and per account).
 */
async function rateLimitPlugin(app: FastifyInstance) {
  // ioredis is loaded only when it is used.
  const redis = app.config.redisUrl
    ? new (await import('ioredis')).Redis(app.config.redisUrl, {
        connectTimeout: 500,
        maxRetriesPerRequest: 1,
      })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'parity-rl:' } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError(
        context.statusCode,
        'too_many_requests',
        `Too many requests. Try again in ${context.after}.`,
      ),
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit', dependencies: ['errors'] });

/**
 * An onRequest hook limiting requests per client address. Share one hook between routes to
 * share their counter (e.g. the two spellings of one path).
 */
export function limitPerAddress(
  app: FastifyInstance,
  options: { max: number; timeWindowMs: number },
): onRequestAsyncHookHandler {
  return app.rateLimit({
    max: options.max,
    timeWindow: options.timeWindowMs,
  }) as unknown as onRequestAsyncHookHandler;
}

export interface FailureCounter {
  /** Throws 429 (with Retry-After) while the key has used up its failures in the window. */
  assertNotLocked(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /**
   * Counts one failure against the key; true for the failure that uses up the window's last one
   * (once per key and window, also when replicas share the count: Redis counts atomically).
   */
  recordFailure(request: FastifyRequest): Promise<boolean>;
}

/**
 * Counts failures (not requests) per key, e.g. wrong passwords per account: after `max` of them
 * within the window the key is locked until the window ends, then counting starts again, so a
 * lockout cannot keep someone out for long. The key comes from the request (its body); requests
 * that name no key are not counted.
 */
export function failureCounter(
  app: FastifyInstance,
  options: {
    name: string;
    max: number;
    timeWindowMs: number;
    key: (request: FastifyRequest) => string | undefined;
    message: string;
  },
): FailureCounter {
  const keyOf = (request: FastifyRequest) => `${options.name}:${options.key(request) ?? ''}`;
  const limiter = app.createRateLimit({
    max: options.max,
    timeWindow: options.timeWindowMs,
    keyGenerator: keyOf,
    // The in-memory store is an LRU: a large one, so a flood of made-up accounts cannot evict
    // a real account's count. (`cache` reaches the child store but is missing from the types.)
    ...({ cache: 100_000 } as object),
  });
  return {
    async assertNotLocked(request, reply) {
      if (options.key(request) === undefined) return;
      const state = await limiter(request, { increment: false });
      if (!state.isAllowed && state.remaining <= 0 && state.ttl > 0) {
        reply.header('retry-after', String(state.ttlInSeconds));
        throw new AppError(429, 'too_many_requests', options.message);
      }
    },
    async recordFailure(request) {
      if (options.key(request) === undefined) return false;
      const state = await limiter(request);
      return !state.isAllowed && state.remaining === 0 && !state.isExceeded;
    },
  };
}
