import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Gateway } from '../../server/gateway/server.ts';
import { FrameStore } from '../../server/gateway/store.ts';
import { heartbeatFrame, loginFrame, normalFrame } from '../../server/simulator/frames.ts';
import { query } from '../../server/resources/sql.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, signIn, startTestServer, type TestServer } from '../api/harness.ts';
import { connectDevice, eventually } from './device-client.ts';

let server: TestServer;
let gateway: Gateway;
let port = 0;
let token = '';
let open: () => void = () => undefined;

const demoTruck = {
  imei: '868347070000002',
  registration: 'UP78CT4323',
  latitude: 26.46,
  longitude: 80.34,
  speed: 30,
  heading: 90,
  ignition: true,
  frameNumber: 1,
};

beforeAll(async () => {
  server = await startTestServer({ demo: true });
  const store = new FrameStore(server.database.db, server.app.live);
  // the database "falls behind": no batch with positions commits until the test opens the gate
  const gate = new Promise<void>((resolve) => (open = resolve));
  store.deriveEvents = async () => {
    await gate;
    return [];
  };
  gateway = new Gateway(
    store,
    server.database.db,
    { port: 0, host: '127.0.0.1', quietMs: 50, admission: { pauseAt: 4, refuseAt: 8, resumeAt: 1 } },
    server.app.log,
  );
  port = await gateway.listen();
  server.app.gateway = gateway;
  token = (await signIn(server.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token.access.token;
}, 120_000);
afterAll(async () => {
  open();
  await gateway?.close();
  await server?.close();
});

const status = async () => {
  const response = await server.app.inject({ method: 'GET', url: '/api/gateway/status', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json().data as {
    received: number;
    acknowledged: number;
    refused: number;
    admission: { state: string; queueDepth: number; connectionsRefused: number; sheddingMs: number };
  };
};

describe('gateway under overload', () => {
  it('stops reading past the first bound, refuses past the second, then stores and answers everything it read', async () => {
    const device = await connectDevice(port);
    const positions = Array.from({ length: 9 }, (_, i) =>
      normalFrame({ ...demoTruck, frameNumber: i + 1 }, new Date(Date.now() - (10 - i) * 1000)),
    );
    // ten frames in one write: all read, and the queue passes both bounds
    await device.send(loginFrame(demoTruck) + positions.join(''));
    const refusing = await eventually(async () => {
      const s = await status();
      return s.admission.state === 'refusing' ? s : null;
    }, 10_000);
    expect(refusing).toMatchObject({ received: 10, acknowledged: 0, admission: { queueDepth: 10 } });

    // a new connection is closed at once, and counted
    const late = await connectDevice(port);
    await eventually(() => late.closed, 5000, 'the refused connection closed');
    // what the connected device sends now is not read: it waits in TCP
    await device.send(heartbeatFrame(demoTruck.imei));
    await new Promise((r) => setTimeout(r, 300));
    const held = await status();
    expect(held).toMatchObject({ received: 10, admission: { state: 'refusing', connectionsRefused: 1 } });
    expect(device.received).toBe('');

    open();
    const after = await eventually(async () => {
      const s = await status();
      return s.admission.state === 'accepting' && s.acknowledged === 11 ? s : null;
    }, 20_000);
    expect(after.received).toBe(11);
    expect(after.admission.queueDepth).toBe(0);
    expect(after.admission.sheddingMs).toBeGreaterThan(0);
    // the login and the heartbeat held in TCP are answered, once stored
    await eventually(() => device.received.includes('$HBT,OK*'), 5000, 'the heartbeat answered');
    expect(device.received).toBe('$LGN,OK*\r\n$HBT,OK*\r\n');
    const [stored] = await query<{ n: number }>(
      server.database.db,
      sql`select count(*)::integer as n from raw_logs where imei = ${demoTruck.imei} and received_at > now() - interval '1 minute'`,
    );
    expect(stored!.n).toBe(11);
    // reading again, it takes new connections
    const again = await connectDevice(port);
    await again.send(heartbeatFrame(demoTruck.imei));
    await eventually(() => again.received.includes('$HBT,OK*'), 10_000, 'a new connection answered');
    expect(again.closed).toBe(false);
    again.close();
    device.close();
  });
});
