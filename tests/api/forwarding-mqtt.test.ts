import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { freePort, signInOverHttp } from '../support/net.ts';
import { startChildServer, type ChildServer } from '../support/child-server.ts';
import { demoDevices, firstArrivals, positionFrames, Proxy, sendToGateway } from '../support/forwarding.ts';
import { demoEmail, DEMO_PASSWORD } from '../../server/seed/demo.ts';

/** Positions sent in the run (FORWARD_TEST_COUNT; the bench sends 10,000). */
const COUNT = Number(process.env.FORWARD_TEST_COUNT ?? 3000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-forward-'));
const prefix = `waymark-test-${crypto.randomBytes(4).toString('hex')}`;

/** `waymark serve` on a PGlite data directory that outlives it, forwarding on short leases and waits. */
const startServer = (http: number, gateway: number) =>
  startChildServer({
    http,
    gateway,
    readyMs: 240_000,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WAYMARK_DEMO: '1',
      WAYMARK_SIMULATE: '0',
      WAYMARK_ADMIN_EMAIL: 'root@waymark.test',
      WAYMARK_ADMIN_PASSWORD: 'Root-pass-2026',
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
const arrived: { imei: string; fixTime: string }[] = [];

beforeAll(async () => {
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
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('MQTT forwarding across a broker outage and a SIGKILL', () => {
  it('delivers every position, in order per vehicle', { timeout: 600_000 }, async () => {
    const [http, gateway] = [await freePort(), await freePort()];
    server = await startServer(http, gateway);
    const token = await signInOverHttp(server.base, demoEmail('superadmin'), DEMO_PASSWORD);
    const api = (method: string, url: string, body?: object) =>
      fetch(`${server!.base}/api${url}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    const orgs = await api('GET', `/organisation?filter=${encodeURIComponent('{"q":"Sunrise Logistics"}')}`);
    const customer = (orgs.body as { id: string; tradeName: string }[]).find(
      (o) => o.tradeName === 'Sunrise Logistics',
    )!;
    const port = await proxy.start();
    const created = await api('POST', '/forwarding-destinations', {
      name: 'Broker',
      kind: 'MQTT',
      address: `mqtt://127.0.0.2:${port}/${prefix}`,
      organisationId: customer.id,
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;

    const frames = positionFrames(demoDevices(), COUNT, Date.now() - 6 * 3_600_000);
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
    expect([...byDevice.values()].reduce((n, fixes) => n + fixes.length, 0)).toBe(COUNT);
    for (const fixes of byDevice.values()) expect(fixes).toEqual([...fixes].sort());
    const idle = async () => (await api('GET', `/forwarding-destinations/${id}`)).body;
    await waitFor(async () => (await idle()).waiting === 0, 30_000, 'the lag back to nothing');
  });
});
