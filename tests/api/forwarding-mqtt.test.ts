import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { freePort, signInOverHttp } from '../support/net.ts';
import { startChildServer, type ChildServer } from '../support/child-server.ts';
import { firstArrivals, positionFrames, Proxy, sendToGateway } from '../support/forwarding.ts';
import { createScratchDatabase } from '../../server/db/scratch.ts';
import type { DeviceState } from '../../server/simulator/frames.ts';

/** Positions sent in the run (FORWARD_TEST_COUNT, 10,000 by default as the issue asks). */
const COUNT = Number(process.env.FORWARD_TEST_COUNT ?? 10_000);
/**
 * Vehicles they come from, each with its device. The gateway lets one device send 1,200 frames a
 * minute and one connection 600 at once (server/gateway/limits.ts, the defaults every operator
 * runs); 20 vehicles send 500 each, at most 200 on one connection and 350 before the restart.
 */
const VEHICLES = 20;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-forward-'));
const prefix = `waymark-test-${crypto.randomBytes(4).toString('hex')}`;
const ADMIN = { email: 'root@waymark.test', password: 'Root-pass-2026' };
/** The child's database: PGlite in dataDir, or, when the suite runs on PostgreSQL, a scratch database there. */
let databaseUrl = '';
let dropDatabase = async () => {};

/** A fleet of its own, not the demo's: IMEIs 868347090000000 to …019, registrations UP32FW1000 to UP32FW1019. */
const fleet = (): DeviceState[] =>
  Array.from({ length: VEHICLES }, (_, i) => ({
    imei: `86834709000${String(i).padStart(4, '0')}`,
    registration: `UP32FW${1000 + i}`,
    latitude: 26.8 + i / 100,
    longitude: 80.9,
    speed: 40,
    heading: 90,
    ignition: true,
    frameNumber: 0,
  }));

/** `waymark serve` on a database that outlives it (PGlite in dataDir, or the scratch PostgreSQL), forwarding on short leases and waits. */
const startServer = (http: number, gateway: number) =>
  startChildServer({
    http,
    gateway,
    readyMs: 240_000,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      WAYMARK_DEMO: '0',
      WAYMARK_SIMULATE: '0',
      WAYMARK_ADMIN_EMAIL: ADMIN.email,
      WAYMARK_ADMIN_PASSWORD: ADMIN.password,
      FORWARD_ALLOW_RANGES: '127.0.0.2/32',
      FORWARD_LEASE_SECONDS: '2',
      FORWARD_POLL_MS: '50',
      FORWARD_BACKOFF_MS: '100',
      FORWARD_MAX_BACKOFF_SECONDS: '1',
      FORWARD_BATCH: '200',
    },
  });

const waitFor = async (what: () => Promise<boolean> | boolean, ms: number, why: string) => {
  const end = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > end) throw new Error(`waited ${ms} ms for ${why}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

let server: ChildServer | null = null;
let subscriber: mqtt.MqttClient;
const proxy = new Proxy(1883);
const arrived: { imei: string; fixTime: string; vehicleId: string | null }[] = [];

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL, 'waymark_forward');
    databaseUrl = scratch.url;
    dropDatabase = scratch.drop;
  }
  subscriber = await mqtt.connectAsync({ host: '127.0.0.1', port: 1883, clean: true, reconnectPeriod: 1000 });
  subscriber.on('message', (_topic, payload) => arrived.push(JSON.parse(payload.toString())));
  await subscriber.subscribeAsync(`${prefix}/#`, { qos: 1 });
});
afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await subscriber?.endAsync();
  await proxy.stop();
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
});

describe('MQTT forwarding across a broker outage and a SIGKILL', () => {
  it('delivers every position, in order per vehicle', { timeout: 600_000 }, async () => {
    const [http, gateway] = [await freePort(), await freePort()];
    server = await startServer(http, gateway);
    const token = await signInOverHttp(server.base, ADMIN.email, ADMIN.password);
    const api = async (method: string, url: string, body?: object) => {
      const r = await fetch(`${server!.base}/api${url}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: r.status, body: await r.json() };
    };
    const made = async (method: string, url: string, body: object) => {
      const answer = await api(method, url, body);
      if (answer.status !== 201) throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body as { id: string };
    };
    // the customer's fleet, through the API as an operator makes it: each vehicle with its device
    const customer = await made('POST', '/organisation', {
      tradeName: 'Forward Freight',
      brandName: 'Forward Freight',
    });
    const devices = fleet();
    const vehicleOf = new Map<string, string>();
    for (const device of devices) {
      const { id: deviceId } = await made('POST', '/device', {
        imei: device.imei,
        status: 'NEW',
        organisationId: customer.id,
      });
      const vehicle = await made('POST', '/vehicle', {
        name: device.registration,
        registrationNumber: device.registration,
        category: 'TRUCK',
        deviceId,
        organisationId: customer.id,
      });
      vehicleOf.set(device.imei, vehicle.id);
    }
    const port = await proxy.start();
    const created = await api('POST', '/forwarding-destinations', {
      name: 'Broker',
      kind: 'MQTT',
      address: `mqtt://127.0.0.2:${port}/${prefix}`,
      organisationId: customer.id,
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;

    const frames = positionFrames(devices, COUNT, Date.now() - 6 * 3_600_000);
    const parts = [frames.slice(0, COUNT * 0.4), frames.slice(COUNT * 0.4, COUNT * 0.7), frames.slice(COUNT * 0.7)];
    const stored = async (s: ChildServer, n: number) => {
      const r = await fetch(`${s.base}/api/gateway/status`, { headers: { authorization: `Bearer ${token}` } });
      return r.ok && ((await r.json()).data.stored.frames as number) >= n;
    };

    // a first part forwarded while the broker is reachable
    await sendToGateway(gateway, parts[0]!);
    await waitFor(() => stored(server!, parts[0]!.length), 60_000, 'the first part stored');
    await waitFor(() => arrived.length >= COUNT * 0.2, 60_000, 'the first positions forwarded');
    // the broker unreachable: the rest of the first part and the second wait
    await proxy.stop();
    await sendToGateway(gateway, parts[1]!);
    await waitFor(() => stored(server!, parts[0]!.length + parts[1]!.length), 60_000, 'the second part stored');
    await waitFor(
      async () => (await api('GET', `/forwarding-destinations/${id}`)).body.state === 'DOWN',
      30_000,
      'the destination shown down',
    );
    const down = (await api('GET', `/forwarding-destinations/${id}`)).body;
    expect(down.waiting).toBeGreaterThan(0);
    expect(down.oldestUnsentAt).not.toBeNull();

    // killed without a chance to tidy up, then started again on the same data
    server.child.kill('SIGKILL');
    await server.exited;
    server = await startServer(http, gateway);
    await proxy.start(port);
    await sendToGateway(gateway, parts[2]!);
    await waitFor(() => stored(server!, parts[2]!.length), 60_000, 'the third part stored');
    await waitFor(() => new Set(arrived.map((p) => `${p.imei} ${p.fixTime}`)).size >= COUNT, 240_000, 'every position');

    const byDevice = firstArrivals(arrived);
    expect(byDevice.size).toBe(VEHICLES);
    expect([...byDevice.values()].reduce((n, fixes) => n + fixes.length, 0)).toBe(COUNT);
    for (const fixes of byDevice.values()) expect(fixes).toEqual([...fixes].sort());
    // each position names its device's vehicle
    expect(arrived.filter((p) => p.vehicleId !== vehicleOf.get(p.imei))).toEqual([]);
    const idle = async () => (await api('GET', `/forwarding-destinations/${id}`)).body;
    await waitFor(async () => (await idle()).waiting === 0, 30_000, 'the lag back to nothing');
  });
});
