import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { parseFrame } from '../../server/gateway/ais140.ts';
import { FrameSplitter, MAX_FRAME_LENGTH } from '../../server/gateway/framing.ts';
import { Gateway } from '../../server/gateway/server.ts';
import { FrameStore } from '../../server/gateway/store.ts';
import { ACKS } from '../../server/gateway/server.ts';
import {
  loginFrame,
  normalFrame,
  healthFrame,
  emergencyFrame,
  type DeviceState,
} from '../../server/simulator/frames.ts';
import { query } from '../../server/resources/sql.ts';
import { startTestServer, type TestServer } from '../api/harness.ts';
import { connectDevice, eventually } from './device-client.ts';
import { seededRandom } from '../support/random.ts';

const state = (imei: string): DeviceState => ({
  imei,
  registration: 'UP78AT4321',
  latitude: 26.45,
  longitude: 80.33,
  speed: 30,
  heading: 10,
  ignition: true,
  frameNumber: 3,
});

function corpus(rand: () => number): string[] {
  const device = state(`86834707000000${Math.floor(rand() * 10)}`);
  const frames = [
    loginFrame(device),
    normalFrame(device, new Date()),
    healthFrame(device, 70),
    emergencyFrame(device, new Date()),
  ];
  const pick = () => frames[Math.floor(rand() * frames.length)]!;
  const out: string[] = [];
  for (let i = 0; i < 60; i += 1) {
    const kind = rand();
    const frame = pick();
    if (kind < 0.2) out.push(frame);
    else if (kind < 0.4) out.push(frame.slice(0, Math.floor(rand() * frame.length)));
    else if (kind < 0.6) {
      const at = Math.floor(rand() * frame.length);
      out.push(frame.slice(0, at) + String.fromCharCode(Math.floor(rand() * 256)) + frame.slice(at + 1));
    } else if (kind < 0.75)
      out.push(
        Array.from({ length: Math.floor(rand() * 300) }, () => String.fromCharCode(Math.floor(rand() * 256))).join(''),
      );
    else if (kind < 0.85) out.push(frame.replace(/,/g, () => (rand() < 0.1 ? ',,' : ',')));
    else if (kind < 0.95) out.push(`$${'9'.repeat(Math.floor(rand() * MAX_FRAME_LENGTH * 2))}`);
    else out.push('*'.repeat(Math.floor(rand() * 20)) + '$'.repeat(Math.floor(rand() * 20)));
  }
  return out;
}

describe('malformed input', () => {
  it('never makes the decoder throw', () => {
    const rand = seededRandom(140);
    let decoded = 0;
    for (let round = 0; round < 300; round += 1) {
      const splitter = new FrameSplitter();
      for (const chunk of corpus(rand)) {
        const { frames } = splitter.push(chunk);
        for (const frame of frames) {
          const outcome = parseFrame(frame);
          if (outcome.ok) decoded += 1;
          else expect(typeof outcome.error).toBe('string');
        }
        expect(splitter.pending).toBeLessThanOrEqual(MAX_FRAME_LENGTH + chunk.length);
      }
    }
    expect(decoded).toBeGreaterThan(100);
  });

  describe('over TCP', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ gateway: true });
    });
    afterAll(async () => {
      await server?.close();
    });

    it('keeps the gateway serving while many connections send random and truncated frames', async () => {
      const rand = seededRandom(2026);
      const heapBefore = process.memoryUsage().heapUsed;
      const trackers = await Promise.all(Array.from({ length: 20 }, () => connectDevice(server.gatewayPort)));
      for (let round = 0; round < 5; round += 1) {
        await Promise.all(
          trackers.map(async (_, i) => {
            for (const chunk of corpus(rand)) {
              // a connection dropped over a limit (an overlong frame) comes back, as a device would
              if (trackers[i]!.closed) trackers[i] = await connectDevice(server.gatewayPort);
              await trackers[i]!.send(chunk);
            }
          }),
        );
      }
      await eventually(() => server.gateway!.stats.dropped > 0, 5000, 'a connection dropped over a limit');
      // a well-behaved device still gets its answer
      const good = await connectDevice(server.gatewayPort);
      await good.send(loginFrame(state('868347070000003')));
      await eventually(() => good.received.includes(ACKS.login), 10_000, 'login acknowledgement after the fuzz');
      const [logs] = await query<{ invalid: number; ok: number }>(
        server.database.db,
        sql`select
        count(*) filter (where parse_result = 'INVALID')::integer as invalid, count(*) filter (where parse_result = 'OK')::integer as ok from raw_logs`,
      );
      expect(logs!.invalid).toBeGreaterThan(100);
      expect(logs!.ok).toBeGreaterThan(10);
      for (const tracker of [...trackers, good]) tracker.close();
      await eventually(() => server.gateway!.connections.size === 0, 5000, 'connections to close');
      // nothing is held per connection once closed: the heap stays in the same range
      expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(200 * 1024 * 1024);
    });

    it('refuses connections over the limit and closes idle ones', async () => {
      const store = new FrameStore(server.database.db, server.app.live);
      const gateway = new Gateway(
        store,
        server.database.db,
        { port: 0, host: '127.0.0.1', maxConnections: 2, idleTimeoutMs: 300 },
        server.app.log,
      );
      const port = await gateway.listen();
      try {
        const clients = await Promise.all(Array.from({ length: 4 }, () => connectDevice(port)));
        await eventually(() => clients.filter((c) => c.closed).length >= 2, 3000, 'refused connections');
        expect(gateway.stats.refused).toBeGreaterThanOrEqual(2);
        // the two accepted ones say nothing and are closed after the idle timeout
        await eventually(() => clients.every((c) => c.closed), 3000, 'idle connections to close');
      } finally {
        await gateway.close();
      }
    });
  });
});
