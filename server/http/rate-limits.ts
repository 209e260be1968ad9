import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { tooManyRequests } from './errors.ts';
import { said } from '../resources/messages.ts';
import type { Said } from './errors.ts';

/**
 * At most `max` requests in `windowMs` for each key: the client's address, or the account a
 * request names. A request without a key (no account named) is not counted by that limit.
 */
export interface Limit {
  per: string;
  max: number;
  windowMs: number;
  key(request: FastifyRequest): string | undefined | Promise<string | undefined>;
}

export const MINUTE = 60_000;

/** The client's address: the socket's, or the proxy's X-Forwarded-For only when TRUST_PROXY says so. */
export const perAddress = (max: number, windowMs: number): Limit => ({ per: 'address', max, windowMs, key: (request) => request.ip });

export const perAccount = (max: number, windowMs: number, key: Limit['key']): Limit => ({ per: 'account', max, windowMs, key });

/** Counters in memory (a bounded LRU per process), shared by every limit; routes opt in with `throttle`. */
export async function registerRateLimits(app: FastifyInstance) {
  await app.register(rateLimit, { global: false, cache: 20_000 });
}

/**
 * A preHandler applying every limit to a route (the library's own hook stops at the first limiter
 * of a request, so both the address and the account limit would not count): over any of them the
 * answer is 429 with Retry-After, and the handler does not run.
 */
export function throttle(app: FastifyInstance, name: string, limits: Limit[]): preHandlerAsyncHookHandler {
  // the key is worked out once per request and limit, then handed to the library's counter
  const keys = new WeakMap<FastifyRequest, string>();
  const checks = limits.map((limit) => ({
    limit,
    check: app.createRateLimit({ max: limit.max, timeWindow: limit.windowMs, keyGenerator: (request) => keys.get(request)! }),
  }));
  return async (request) => {
    for (const { limit, check } of checks) {
      const key = await limit.key(request);
      if (key === undefined) continue;
      keys.set(request, `${name}:${limit.per}:${key}`);
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        throw tooManyRequests(said('api.common.tooManyAttempts', { wait: waitText(result.ttlInSeconds) }), result.ttlInSeconds);
      }
    }
  };
}

/** How long to wait, as a message of its own: "1 minute", "5 minutes", "40 seconds". */
export function waitText(seconds: number): Said {
  if (seconds < 60) return seconds === 1 ? said('api.common.second') : said('api.common.seconds', { count: seconds });
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? said('api.common.minute') : said('api.common.minutes', { count: minutes });
}
