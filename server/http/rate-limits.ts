import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { tooManyRequests } from './errors.ts';
import { said } from '../resources/messages.ts';
import type { Said } from './errors.ts';
import {
  connectRateLimitRedis,
  KEYS_KEPT,
  MemoryMissStore,
  REDIS_NAMESPACE,
  RedisMissStore,
  type MissCount,
  type MissStore,
} from './rate-limit-stores.ts';

/**
 * At most `max` requests in `windowMs` for each key: the client's address, or the account a
 * request names. A request without a key (no account named) is not counted by that limit.
 */
export interface Limit {
  per: string;
  max: number;
  windowMs: number;
  key(request: FastifyRequest): string | undefined | Promise<string | undefined>;
  /**
   * What is counted: every request (the default), or only the misses, requests answered 404 (a
   * lookup that matched nothing: a wrong guess). A key is refused once its misses reach `max`,
   * whatever it asks next, so the refusal never tells a right guess from a wrong one; right answers
   * are never counted, so whoever knows them is refused only for their own misses.
   */
  counts?: 'requests' | 'misses';
}

export const MINUTE = 60_000;

/** The client's address: the socket's, or the proxy's X-Forwarded-For only when TRUST_PROXY says so. */
export const perAddress = (max: number, windowMs: number): Limit => ({
  per: 'address',
  max,
  windowMs,
  key: (request) => request.ip,
});

export const perAccount = (max: number, windowMs: number, key: Limit['key']): Limit => ({
  per: 'account',
  max,
  windowMs,
  key,
});

/** The same limit, counting only the requests answered 404 (see Limit.counts). */
export const missesOnly = (limit: Limit): Limit => ({ ...limit, per: `${limit.per}-misses`, counts: 'misses' });

/** What to do once a request is answered, for the miss limits it passed: count it when it was a miss. */
const afterAnswer = new WeakMap<FastifyRequest, ((statusCode: number) => void)[]>();

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the miss counters live: memory, or the Redis every process shares (REDIS_URL). */
    rateLimitMisses: MissStore;
  }
}

/**
 * Counters shared by every limit; routes opt in with `throttle`. In this process's memory (a bounded
 * LRU), or, with a Redis URL, in Redis: then N API processes count one limit together instead of
 * multiplying it by N.
 */
export async function registerRateLimits(app: FastifyInstance, redis?: { url: string; keyPrefix: string }) {
  if (redis) {
    const client = connectRateLimitRedis(redis.url, app.log);
    const namespace = `${redis.keyPrefix}${REDIS_NAMESPACE}`;
    app.addHook('onClose', async () => {
      client.disconnect();
    });
    await app.register(rateLimit, { global: false, redis: client, nameSpace: namespace, skipOnError: true });
    app.decorate('rateLimitMisses', new RedisMissStore(client, namespace));
  } else {
    await app.register(rateLimit, { global: false, cache: KEYS_KEPT });
    app.decorate('rateLimitMisses', new MemoryMissStore());
  }
  app.addHook('onResponse', async (request, reply) => {
    for (const count of afterAnswer.get(request) ?? []) count(reply.statusCode);
  });
}

/** A miss counter that cannot be read counts nothing (see connectRateLimitRedis): the request goes on. */
async function missesOf(store: MissStore, key: string, log: FastifyBaseLogger): Promise<MissCount> {
  try {
    return await store.current(key);
  } catch (error) {
    log.warn({ err: error }, 'rate limits: a miss counter could not be read');
    return { misses: 0, until: Date.now() };
  }
}

const refuse = (ttlInSeconds: number) =>
  tooManyRequests(said('api.common.tooManyAttempts', { wait: waitText(ttlInSeconds) }), ttlInSeconds);

/**
 * A preHandler applying every limit to a route (the library's own hook stops at the first limiter
 * of a request, so both the address and the account limit would not count): over any of them the
 * answer is 429 with Retry-After, and the handler does not run.
 */
export function throttle(app: FastifyInstance, name: string, limits: Limit[]): preHandlerAsyncHookHandler {
  // the key is worked out once per request and limit, then handed to the library's counter
  const keys = new WeakMap<FastifyRequest, string>();
  const checks = limits.map((limit) =>
    limit.counts === 'misses'
      ? { limit, misses: app.rateLimitMisses }
      : {
          limit,
          check: app.createRateLimit({
            max: limit.max,
            timeWindow: limit.windowMs,
            keyGenerator: (request) => keys.get(request)!,
          }),
        },
  );
  return async (request) => {
    for (const { limit, check, misses } of checks) {
      const key = await limit.key(request);
      if (key === undefined) continue;
      const counted = `${name}:${limit.per}:${key}`;
      if (misses) {
        const { misses: so, until } = await missesOf(misses, counted, request.log);
        if (so >= limit.max) throw refuse(Math.max(1, Math.ceil((until - Date.now()) / 1000)));
        afterAnswer.set(request, [
          ...(afterAnswer.get(request) ?? []),
          (status) => {
            if (status === 404)
              misses.add(counted, limit.windowMs).catch((error: unknown) => {
                request.log.warn({ err: error }, 'rate limits: a miss could not be counted');
              });
          },
        ]);
        continue;
      }
      keys.set(request, counted);
      const result = await check!(request);
      if (!result.isAllowed && result.isExceeded) throw refuse(result.ttlInSeconds);
    }
  };
}

/** How long to wait, as a message of its own: "1 minute", "5 minutes", "40 seconds". */
export function waitText(seconds: number): Said {
  if (seconds < 60) return seconds === 1 ? said('api.common.second') : said('api.common.seconds', { count: seconds });
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? said('api.common.minute') : said('api.common.minutes', { count: minutes });
}
