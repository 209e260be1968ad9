import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FrameStore } from '../../server/gateway/store.ts';
import { frameStoreOptions } from '../../server/gateway/index.ts';
import { parseFrame } from '../../server/gateway/ais140.ts';
import { countHandlersAtWork, type HandlersAtWork } from '../../server/http/handlers-at-work.ts';
import { loginFrame } from '../../server/simulator/frames.ts';
import { startTestServer, type TestServer } from '../api/harness.ts';
import { eventually } from './device-client.ts';

/**
 * A batch that follows another waits while the API answers requests (server/gateway/index.ts): on
 * the embedded database a sign-in's queries run back to back, not each behind another batch, and on
 * either the batch's work on the process's one thread comes after the requests'; never longer than
 * its bound.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ demo: false });
}, 120_000);
afterAll(async () => server?.close());

/** A frame of a device nobody registered: stored as a raw log, which is all a batch needs here. */
const frame = (n: number) => {
  const text = loginFrame({
    imei: `86834707999${String(n).padStart(4, '0')}`,
    registration: 'TEST',
    latitude: 26.46,
    longitude: 80.34,
    speed: 0,
    heading: 0,
    ignition: true,
    frameNumber: n,
  });
  return { text, receivedAt: new Date(), outcome: parseFrame(text.trim()) };
};

/** The API as a store sees it, busy while `busy` says so (the real count is tested below). */
const apiWhile = (busy: () => boolean) => ({
  quiet: async (_graceMs: number, maxMs: number) => {
    const until = performance.now() + maxMs;
    while (busy() && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 5));
  },
});

const settledAfter = async (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe('a batch waits its turn behind the API', () => {
  it('holds the next batch while requests are under way, and writes it once they are answered', async () => {
    let busy = true;
    const store = new FrameStore(server.database.db, server.app.live, {
      batchSize: 1,
      lingerMs: 1,
      beforeBatch: () => apiWhile(() => busy).quiet(0, 60_000),
    });
    const first = store.store(frame(1));
    const second = store.store(frame(2));
    await first;
    expect(await settledAfter(second, 500)).toBe(false);
    busy = false;
    expect(await settledAfter(second, 10_000)).toBe(true);
    await store.close();
  });

  it("is how the app's gateway writes on either database", async () => {
    for (const kind of ['pglite', 'postgres'] as const) {
      const asked: [number, number][] = [];
      const options = frameStoreOptions(kind, {
        api: { quiet: async (graceMs: number, maxMs: number) => void asked.push([graceMs, maxMs]) },
      });
      await options.beforeBatch!();
      expect(asked, kind).toEqual([[10, 250]]);
    }
  });

  it('waits no longer than its bound when requests never stop', async () => {
    const store = new FrameStore(server.database.db, server.app.live, {
      batchSize: 1,
      lingerMs: 1,
      beforeBatch: () => apiWhile(() => true).quiet(0, 50),
    });
    await Promise.all([1, 2, 3].map((n) => store.store(frame(10 + n))));
    expect(store.stats.frames).toBe(3);
    await store.close();
  });

  it('takes fewer frames a batch when batches take longer than their bound', async () => {
    const store = new FrameStore(server.database.db, server.app.live, { batchSize: 40, lingerMs: 1, batchMs: 0.001 });
    await Promise.all(Array.from({ length: 40 }, (_, n) => store.store(frame(100 + n))));
    expect(store.stats.batches).toBe(1);
    await Promise.all(Array.from({ length: 40 }, (_, n) => store.store(frame(200 + n))));
    // 40 frames in one batch over its bound: the next take half as many, then fewer still
    expect(store.stats.batches).toBeGreaterThanOrEqual(3);
    expect(store.stats.frames).toBe(80);
    await store.close();
  });
});

describe('the handlers at work', () => {
  let app: FastifyInstance;
  let port = 0;
  const releases: (() => void)[] = [];
  beforeAll(async () => {
    app = Fastify();
    const atWork = countHandlersAtWork(app);
    app.decorate('atWork', atWork);
    app.get('/quick', async () => 'quick');
    app.get('/slow', () => new Promise<string>((resolve) => releases.push(() => resolve('done'))));
    app.post('/body', async (request) => request.body);
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const release of releases) release();
    await app?.close();
  });
  const atWork = () => (app as unknown as { atWork: HandlersAtWork }).atWork;
  const count = () => atWork().count;
  const releaseAll = () => releases.splice(0).forEach((release) => release());
  /** Writes raw HTTP on a socket of its own, as a client Node's fetch would not be. */
  const raw = async (text: string) => {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(text);
    return socket;
  };

  it('counts a handler from its start until it answers, or its client gives up', async () => {
    expect(await (await fetch(`http://127.0.0.1:${port}/quick`)).text()).toBe('quick');
    await eventually(() => count() === 0, 5000, 'the quick request counted out');

    const slow = fetch(`http://127.0.0.1:${port}/slow`);
    await eventually(() => count() === 1, 5000, 'the slow request counted in');
    releaseAll();
    expect(await (await slow).text()).toBe('done');
    await eventually(() => count() === 0, 5000, 'the slow request counted out');

    const abandoned = new AbortController();
    const gone = fetch(`http://127.0.0.1:${port}/slow`, { signal: abandoned.signal }).catch(() => 'aborted');
    await eventually(() => count() === 1, 5000, 'the abandoned request counted in');
    abandoned.abort();
    expect(await gone).toBe('aborted');
    await eventually(() => count() === 0, 5000, 'the abandoned request counted out');
    // its handler finishing later counts nothing twice
    releaseAll();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(count()).toBe(0);
  });

  it('is quiet once the last handler at work answers, without waiting its bound', async () => {
    const slow = fetch(`http://127.0.0.1:${port}/slow`);
    await eventually(() => count() === 1, 5000, 'the slow request counted in');
    const quiet = atWork().quiet(0, 60_000);
    expect(await settledAfter(quiet, 300)).toBe(false);
    releaseAll();
    expect(await settledAfter(quiet, 5000)).toBe(true);
    expect(await (await slow).text()).toBe('done');
  });

  it('is quiet only after its grace once a request is answered, and within its bound', async () => {
    expect(await (await fetch(`http://127.0.0.1:${port}/quick`)).text()).toBe('quick');
    const graced = atWork().quiet(2000, 60_000);
    expect(await settledAfter(graced, 300)).toBe(false);
    expect(await settledAfter(graced, 10_000)).toBe(true);

    const slow = fetch(`http://127.0.0.1:${port}/slow`);
    await eventually(() => count() === 1, 5000, 'the slow request counted in');
    expect(await settledAfter(atWork().quiet(0, 100), 5000)).toBe(true);
    expect(count()).toBe(1);
    releaseAll();
    await slow;
  });

  it('does not count a request while its body is still arriving', async () => {
    const socket = await raw(
      'POST /body HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(count()).toBe(0);
    socket.destroy();
  });

  it('counts out requests pipelined behind one whose client hung up', async () => {
    const socket = await raw('GET /slow HTTP/1.1\r\nHost: x\r\n\r\nGET /quick HTTP/1.1\r\nHost: x\r\n\r\n');
    await eventually(() => count() === 1, 5000, 'the first request counted in');
    socket.destroy();
    await eventually(() => count() === 0, 5000, 'both counted out');
    releaseAll();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(count()).toBe(0);
  });
});
