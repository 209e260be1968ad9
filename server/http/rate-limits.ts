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
  /**
   * What is counted: every request (the default), or only the misses, requests answered 404 (a
   * lookup that matched nothing: a wrong guess). A key is refused once its misses reach `max`,
   * whatever it asks next, so the refusal never tells a right guess from a wrong one; right answers
   * are never counted, so whoever knows them is refused only for their own misses.
   */
  counts?: 'requests' | 'misses';
}

export const MINUTE = 60_000;

/** How many keys each counter keeps in memory, the oldest forgotten first (the library's LRU holds as many). */
const KEYS_KEPT = 20_000;

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

/** Counters in memory (a bounded LRU per process), shared by every limit; routes opt in with `throttle`. */
export async function registerRateLimits(app: FastifyInstance) {
  await app.register(rateLimit, { global: false, cache: KEYS_KEPT });
  app.addHook('onResponse', async (request, reply) => {
    for (const count of afterAnswer.get(request) ?? []) count(reply.statusCode);
  });
}

/**
 * Misses per key in fixed windows, in memory. The library's counter cannot be read without adding
 * to it, and a miss is known only once the request is answered: hence this one, beside it.
 */
class MissCounts {
  private readonly counts = new Map<string, { misses: number; until: number }>();

  /** The key's misses in its current window, and when that window ends. */
  current(key: string, now = Date.now()) {
    const count = this.counts.get(key);
    return count && count.until > now ? count : { misses: 0, until: now };
  }

  add(key: string, windowMs: number, now = Date.now()) {
    const count = this.current(key, now);
    this.counts.delete(key);
    this.counts.set(
      key,
      count.misses ? { misses: count.misses + 1, until: count.until } : { misses: 1, until: now + windowMs },
    );
    if (this.counts.size > KEYS_KEPT) this.counts.delete(this.counts.keys().next().value!);
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
      ? { limit, misses: new MissCounts() }
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
        const { misses: so, until } = misses.current(counted);
        if (so >= limit.max) throw refuse(Math.max(1, Math.ceil((until - Date.now()) / 1000)));
        afterAnswer.set(request, [
          ...(afterAnswer.get(request) ?? []),
          (status) => {
            if (status === 404) misses.add(counted, limit.windowMs);
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
