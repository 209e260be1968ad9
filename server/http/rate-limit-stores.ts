import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** How many keys each in-memory counter keeps, the oldest forgotten first (the library's LRU holds as many). */
export const KEYS_KEPT = 20_000;

/** The counters' keys in Redis, after the deployment's prefix (REDIS_KEY_PREFIX). */
export const REDIS_NAMESPACE = 'rate-limit:';

/** A key's misses in its current fixed window, and when that window ends (epoch ms). */
export interface MissCount {
  misses: number;
  until: number;
}

/**
 * Where the miss counters live (Limit.counts 'misses'): in this process's memory, or in Redis so
 * that every API process counts one key together.
 */
export interface MissStore {
  current(key: string): Promise<MissCount>;
  add(key: string, windowMs: number): Promise<void>;
}

/** Misses per key in fixed windows, in this process's memory, bounded to KEYS_KEPT keys. */
export class MemoryMissStore implements MissStore {
  private readonly counts = new Map<string, MissCount>();

  async current(key: string, now = Date.now()) {
    const count = this.counts.get(key);
    return count && count.until > now ? count : { misses: 0, until: now };
  }

  async add(key: string, windowMs: number, now = Date.now()) {
    const count = await this.current(key, now);
    this.counts.delete(key);
    this.counts.set(
      key,
      count.misses ? { misses: count.misses + 1, until: count.until } : { misses: 1, until: now + windowMs },
    );
    if (this.counts.size > KEYS_KEPT) this.counts.delete(this.counts.keys().next().value!);
  }
}

/** The same counters in Redis: INCR, and the window's expiry set by the first miss only (PEXPIRE NX). */
export class RedisMissStore implements MissStore {
  constructor(
    private readonly redis: Redis,
    private readonly namespace: string,
  ) {}

  async current(key: string, now = Date.now()) {
    const name = `${this.namespace}misses:${key}`;
    const answers = await this.redis.multi().get(name).pttl(name).exec();
    const misses = Number(answers?.[0]?.[1] ?? 0);
    const ttl = Number(answers?.[1]?.[1] ?? -2);
    return misses > 0 && ttl > 0 ? { misses, until: now + ttl } : { misses: 0, until: now };
  }

  async add(key: string, windowMs: number) {
    const name = `${this.namespace}misses:${key}`;
    await this.redis.multi().incr(name).pexpire(name, windowMs, 'NX').exec();
  }
}

/**
 * The Redis client the limits share. A command fails at once while Redis is away (no queue, one
 * try), and the limits then let the request through with a warning: sign-in's own lockout, kept in
 * the database, still holds, and an unreachable Redis must not lock every user out.
 */
export function connectRateLimitRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    lazyConnect: false,
  });
  let warned = false;
  redis.on('error', (error: Error) => {
    if (warned) return;
    warned = true;
    log.warn({ err: error }, 'rate limits: Redis does not answer; requests are let through until it does');
  });
  redis.on('ready', () => {
    warned = false;
  });
  return redis;
}
