import { isIPv6 } from 'node:net';
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
  if (redis) {
    // Without a listener ioredis prints every failed reconnection as an unhandled error on
    // stderr; a lost Redis is logged once, and its return once (requests that need a counter
    // meanwhile answer 500, the error handler logs each).
    let lost = false;
    redis.on('error', (error: Error) => {
      if (lost) return;
      lost = true;
      app.log.error({ err: error }, 'The connection to Redis (rate limits) was lost');
    });
    redis.on('ready', () => {
      if (!lost) return;
      lost = false;
      app.log.info('The connection to Redis (rate limits) is back');
    });
    app.addHook('onClose', async () => void (await redis.quit()));
  }
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
 * A client address as a counter's key, the way @fastify/rate-limit keys one by default: IPv4 as
 * it is (an IPv4-mapped IPv6 address as its IPv4), IPv6 by its /64, which one client holds whole.
 */
export function addressKey(ip: string): string {
  if (!isIPv6(ip)) return ip.toLowerCase();
  const [head = '', tail] = ip.toLowerCase().replace(/%.*$/, '').split('::');
  const groupsOf = (part: string) =>
    part
      .split(':')
      .filter(Boolean)
      .flatMap((group) => {
        if (!group.includes('.')) return [Number.parseInt(group, 16)];
        const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
        return [a * 256 + b, c * 256 + d];
      });
  const before = groupsOf(head);
  const after = tail === undefined ? [] : groupsOf(tail);
  const groups = [...before, ...Array(8 - before.length - after.length).fill(0), ...after];
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/**
 * An onRequest hook limiting requests per client address. Share one hook between routes to
 * share their counter (e.g. the two spellings of one path). `name` keeps its count apart from the
 * other limits' in Redis, where every limit made this way shares one key prefix (in memory each
 * has a store of its own).
 */
export function limitPerAddress(
  app: FastifyInstance,
  options: { name: string; max: number; timeWindowMs: number },
): onRequestAsyncHookHandler {
  return app.rateLimit({
    max: options.max,
    timeWindow: options.timeWindowMs,
    keyGenerator: (request) => `${options.name}:${addressKey(request.ip)}`,
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

export interface MailSpacing {
  /**
   * Counts one request against the key; true while the window's first `max` have not been used
   * (then the caller mails), false after them until the window ends (the caller answers the same
   * but sends nothing). Also true for requests that name no key.
   */
  mayMail(request: FastifyRequest): Promise<boolean>;
}

/**
 * Spaces out the mails one key may cause (e.g. reset links per email) without ever refusing: a
 * stranger who uses up a window blocks nobody and learns nothing from the answer, and the owner
 * already holds the mails the window sent. Counts live where the other limits' do (Redis or memory).
 */
export function mailSpacing(
  app: FastifyInstance,
  options: {
    name: string;
    max: number;
    timeWindowMs: number;
    key: (request: FastifyRequest) => string | undefined;
  },
): MailSpacing {
  const limiter = app.createRateLimit({
    max: options.max,
    timeWindow: options.timeWindowMs,
    keyGenerator: (request) => `${options.name}:${options.key(request) ?? ''}`,
    // As failureCounter's: made-up emails cannot evict a real one's count from memory.
    ...({ cache: 100_000 } as object),
  });
  return {
    async mayMail(request) {
      if (options.key(request) === undefined) return true;
      const state = await limiter(request);
      return state.isAllowed || !state.isExceeded;
    },
  };
}
