import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FrameStore } from '../../server/gateway/store.ts';
import { parseFrame } from '../../server/gateway/ais140.ts';
import { countRequestsInFlight } from '../../server/http/in-flight.ts';
import { loginFrame } from '../../server/simulator/frames.ts';
import { startTestServer, type TestServer } from '../api/harness.ts';
import { eventually } from './device-client.ts';

/**
 * On the embedded database a batch waits while the API answers requests (server/gateway/index.ts):
 * a sign-in's queries run back to back, not each behind another batch; never longer than its bound.
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

const settledAfter = async (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe('a batch of the embedded database waits its turn behind the API', () => {
  it('holds the next batch while requests are under way, and writes it once they are answered', async () => {
    let busy = true;
    const store = new FrameStore(server.database.db, server.app.live, {
      batchSize: 1,
      lingerMs: 1,
      apiBusy: () => busy,
      holdMs: 60_000,
    });
    const first = store.store(frame(1));
    const second = store.store(frame(2));
    await first;
    expect(await settledAfter(second, 500)).toBe(false);
    busy = false;
    expect(await settledAfter(second, 10_000)).toBe(true);
    await store.close();
  });

  it('waits no longer than its bound when requests never stop', async () => {
    const store = new FrameStore(server.database.db, server.app.live, {
      batchSize: 1,
      lingerMs: 1,
      apiBusy: () => true,
      holdMs: 50,
    });
    await Promise.all([1, 2, 3].map((n) => store.store(frame(10 + n))));
    expect(store.stats.frames).toBe(3);
    await store.close();
  });
});

describe('the requests in flight', () => {
  it('counts a request from its arrival until it is answered or abandoned', async () => {
    let release: () => void = () => undefined;
    const httpServer = http.createServer((request, response) => {
      if (request.url === '/slow') release = () => response.end('done');
      else response.end('quick');
    });
    const inFlight = countRequestsInFlight(httpServer);
    await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
    const { port } = httpServer.address() as { port: number };
    try {
      expect(await (await fetch(`http://127.0.0.1:${port}/quick`)).text()).toBe('quick');
      await eventually(() => inFlight.count === 0, 5000, 'the quick request counted out');

      const slow = fetch(`http://127.0.0.1:${port}/slow`);
      await eventually(() => inFlight.count === 1, 5000, 'the slow request counted in');
      release();
      expect(await (await slow).text()).toBe('done');
      await eventually(() => inFlight.count === 0, 5000, 'the slow request counted out');

      // a client that gives up: counted out when the connection closes, though never answered
      const abandoned = new AbortController();
      const gone = fetch(`http://127.0.0.1:${port}/slow`, { signal: abandoned.signal }).catch(() => 'aborted');
      await eventually(() => inFlight.count === 1, 5000, 'the abandoned request counted in');
      abandoned.abort();
      expect(await gone).toBe('aborted');
      await eventually(() => inFlight.count === 0, 5000, 'the abandoned request counted out');
    } finally {
      httpServer.closeAllConnections();
      await new Promise((resolve) => httpServer.close(resolve));
    }
  });
});
