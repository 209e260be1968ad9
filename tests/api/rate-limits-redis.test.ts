import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { startTestServer, type TestServer } from './harness.ts';

const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
// a prefix of this run's own: counters of an earlier run, or of a run beside it, are not this one's
const prefix = `waymark-test-${crypto.randomUUID()}:`;

const post = (server: TestServer, url: string, payload: Record<string, string>) =>
  server.app.inject({ method: 'POST', url: `/api${url}`, payload });

/**
 * Two API servers, each with its own memory as two processes have, and one Redis: each has seen only
 * half of the requests, so only a count they share refuses the one over the limit.
 */
describe('two API servers with REDIS_URL count one limit', () => {
  let servers: TestServer[] = [];

  beforeAll(async () => {
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    // the development machines and CI run Redis (.ci/run starts it): without it this test cannot say anything
    await expect(redis.connect().then(() => redis.ping())).resolves.toBe('PONG');
    redis.disconnect();
    const config = { redisUrl, redisKeyPrefix: prefix };
    servers = [await startTestServer({ demo: false, config }), await startTestServer({ demo: false, config })];
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('refuses the fourth reset code for one account, asked of either server (3 per account per 15 minutes)', async () => {
    const ask = (i: number) => post(servers[i % 2]!, '/auth/forgot-password', { username: 'someone@example.in' });
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push((await ask(i)).statusCode);
    // each server alone has seen two requests: only a count shared between them refuses the fourth
    expect(answers).toEqual([200, 200, 200, 429]);
    const refused = await ask(5);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts wrong renewal look-ups of one IMEI across servers (20 misses per IMEI per 15 minutes)', async () => {
    const lookup = (i: number) =>
      post(servers[i % 2]!, '/public/renewal/lookup', { registrationNumber: 'UP78XX0001', imei: '868000000000999' });
    for (let i = 0; i < 20; i += 1) expect((await lookup(i)).statusCode).toBe(404);
    expect((await lookup(20)).statusCode).toBe(429);
    expect((await lookup(21)).statusCode).toBe(429);
  });
});

describe('a Redis that does not answer', () => {
  it('lets requests through instead of failing them (the database lockout still guards sign-in)', async () => {
    const server = await startTestServer({
      demo: false,
      config: { redisUrl: 'redis://127.0.0.1:1', redisKeyPrefix: prefix },
    });
    try {
      const answers = [];
      for (let i = 0; i < 4; i += 1)
        answers.push((await post(server, '/auth/forgot-password', { username: 'someone@example.in' })).statusCode);
      expect(answers).toEqual([200, 200, 200, 200]);
      const lookup = await post(server, '/public/renewal/lookup', {
        registrationNumber: 'UP78XX0001',
        imei: '868000000000999',
      });
      expect(lookup.statusCode).toBe(404);
    } finally {
      await server.close();
    }
  });
});
