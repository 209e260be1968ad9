// Notify figures: frame received to webhook delivered (p50/p95) for overspeed alerts, and ingest with rules on vs none.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '../server/db/scratch.ts';
import { loginFrame, normalFrame, type DeviceState } from '../server/simulator/frames.ts';
import { FIRST_IMEI, PASSWORD, seedFleet } from './ingest.ts';
import { signIn, startServer } from './server.ts';

// every size by environment variable, for a quick run: BENCH_NOTIFY_VEHICLES=500 BENCH_NOTIFY_SECONDS=10
const VEHICLES = Number(process.env.BENCH_NOTIFY_VEHICLES ?? 10_000);
const INTERVAL = Number(process.env.BENCH_NOTIFY_INTERVAL ?? 1);
const SECONDS = Number(process.env.BENCH_NOTIFY_SECONDS ?? 30);
/** The share of frames that raise an event (an AIS-140 OS, overspeed, packet). */
const EVENT_SHARE = Number(process.env.BENCH_NOTIFY_EVENT_SHARE ?? 0.01);
/** How long to wait after the last frame for webhooks still on their way. */
const DRAIN_SECONDS = Number(process.env.BENCH_NOTIFY_DRAIN_SECONDS ?? 15);

const imeiOf = (i: number) => (BigInt(FIRST_IMEI) + BigInt(i)).toString();
const registrationOf = (i: number) => `BN${String(i).padStart(6, '0')}`;

/** A local webhook endpoint: when each alert arrived, by the vehicle its body names (IMEI or registration). */
async function startWebhookReceiver() {
  const arrivals = new Map<number, number>();
  let received = 0;
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const at = performance.now();
      received += 1;
      const imei = /869\d{12}/.exec(body)?.[0];
      const registration = /BN(\d{6})/.exec(body)?.[1];
      const vehicle = imei ? Number(BigInt(imei) - BigInt(FIRST_IMEI)) : registration ? Number(registration) : -1;
      if (vehicle >= 0 && !arrivals.has(vehicle)) arrivals.set(vehicle, at);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/bench-hook`,
    arrivals,
    received: () => received,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/**
 * The fleet as devices over TCP, one socket each: a normal frame per vehicle every interval, of
 * which EVENT_SHARE are overspeed (OS) frames at 95 km/h from vehicles taken in turn, so no vehicle
 * speeds twice within a run (a rule's per-vehicle throttle would drop the second).
 */
async function connectFleet(port: number) {
  const sockets: net.Socket[] = [];
  const devices: DeviceState[] = [];
  for (let i = 0; i < VEHICLES; i++) {
    const device: DeviceState = {
      imei: imeiOf(i),
      registration: registrationOf(i),
      latitude: 26.45 + (i % 100) * 0.001,
      longitude: 80.33 + Math.floor(i / 100) * 0.001,
      speed: 30,
      heading: 90,
      ignition: true,
      frameNumber: 0,
    };
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => {});
    socket.resume();
    socket.write(loginFrame(device));
    sockets.push(socket);
    devices.push(device);
    if (i % 500 === 499) await new Promise((r) => setTimeout(r, 50));
  }
  let nextSpeeder = 0;
  let wrapped = false;
  /** Sends frames for `seconds`; answers when each overspeed frame was written, by vehicle. */
  const drive = async (seconds: number) => {
    const sentAt = new Map<number, number>();
    const perRound = Math.max(1, Math.round(VEHICLES * EVENT_SHARE));
    const end = performance.now() + seconds * 1000;
    while (performance.now() < end) {
      const round = performance.now();
      const speeders = new Set<number>();
      for (let k = 0; k < perRound; k++) {
        speeders.add(nextSpeeder);
        nextSpeeder = (nextSpeeder + 1) % VEHICLES;
        if (nextSpeeder === 0) wrapped = true;
      }
      const time = new Date();
      for (let i = 0; i < VEHICLES; i++) {
        const device = devices[i]!;
        device.frameNumber += 1;
        const speeding = speeders.has(i);
        device.speed = speeding ? 95 : 30;
        sockets[i]!.write(normalFrame(device, time, speeding ? { type: 'OS', alertId: 17 } : undefined));
        if (speeding) sentAt.set(i, performance.now());
      }
      await new Promise((r) => setTimeout(r, Math.max(0, INTERVAL * 1000 - (performance.now() - round))));
    }
    return sentAt;
  };
  return { drive, wrapped: () => wrapped, close: () => sockets.forEach((s) => s.destroy()) };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function measure(kind: 'postgres' | 'pglite', print: (line: string) => void) {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  if (kind === 'postgres') {
    const scratch = await createScratchDatabase(
      process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      'waymark_notify',
    );
    await seedFleet(scratch.url, null, VEHICLES);
    env = { DATABASE_URL: scratch.url };
    cleanup = scratch.drop;
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-notify-'));
    await seedFleet(undefined, dataDir, VEHICLES);
    env = { DATA_DIR: dataDir };
    cleanup = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const receiver = await startWebhookReceiver();
  const port = 19500 + Math.floor(Math.random() * 400);
  const gatewayPort = port + 400;
  const server = await startServer(
    { ...env, GATEWAY_PORT: String(gatewayPort), WAYMARK_DEMO: '0', WEBHOOK_ALLOW_RANGES: '127.0.0.1/32' },
    port,
  );
  const base = `http://127.0.0.1:${port}`;
  const token = await signIn(base, 'super@bench.test', PASSWORD);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const status = async () =>
    (
      (await (await fetch(`${base}/api/gateway/status`, { headers })).json()) as {
        data: { stored: { frames: number }; backlog: number };
      }
    ).data;
  /** Until the gateway has stored what it was sent (its count still for a second; at most 30 s), so a phase does not count the one before. */
  const settle = async () => {
    const end = performance.now() + 30_000;
    let last = -1;
    for (;;) {
      const now = await status();
      if ((now.backlog === 0 && now.stored.frames === last) || performance.now() > end) return;
      last = now.stored.frames;
      await new Promise((r) => setTimeout(r, 1000));
    }
  };
  const fleet = await connectFleet(gatewayPort);
  try {
    // connections log in; then a round or two so the gateway knows every device before measuring
    await fleet.drive(Math.max(3, INTERVAL * 3));
    const ingest = async () => {
      await settle();
      const before = (await status()).stored.frames;
      const t0 = performance.now();
      const sentAt = await fleet.drive(SECONDS);
      const framesPerSecond = ((await status()).stored.frames - before) / ((performance.now() - t0) / 1000);
      return { framesPerSecond, sentAt };
    };
    const none = await ingest();
    print(
      `[${kind}] ingest, ${VEHICLES} vehicles every ${INTERVAL} s, ${(EVENT_SHARE * 100).toFixed(1)}% overspeed frames, no rules: ${none.framesPerSecond.toFixed(0)} frames/s stored`,
    );

    const rule = await fetch(`${base}/api/notificationrules`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'Bench overspeed',
        type: 'OVERSPEED',
        channels: ['webhook'],
        webhookUrl: receiver.url,
        enabled: true,
      }),
    });
    if (rule.status === 404) {
      print(
        `[${kind}] notify: skipped, this build has no alert rules (POST /api/notificationrules answered 404); run again once the rules engine is merged`,
      );
      return;
    }
    if (!rule.ok) {
      print(`[${kind}] notify: skipped, the rule was refused: ${rule.status} ${(await rule.text()).slice(0, 300)}`);
      return;
    }
    const on = await ingest();
    const drainEnd = performance.now() + DRAIN_SECONDS * 1000;
    while (performance.now() < drainEnd && receiver.arrivals.size < on.sentAt.size)
      await new Promise((r) => setTimeout(r, 200));
    const latencies = [...on.sentAt]
      .filter(([vehicle]) => receiver.arrivals.has(vehicle))
      .map(([vehicle, sent]) => receiver.arrivals.get(vehicle)! - sent)
      .sort((a, b) => a - b);
    const slower = ((none.framesPerSecond - on.framesPerSecond) / none.framesPerSecond) * 100;
    print(
      `[${kind}] ingest with the overspeed rule on: ${on.framesPerSecond.toFixed(0)} frames/s stored (${slower >= 0 ? `${slower.toFixed(1)}% slower` : `${(-slower).toFixed(1)}% faster`} than none; goal ≤ 10% slower)`,
    );
    if (!latencies.length) {
      print(
        `[${kind}] frame to webhook: none of ${on.sentAt.size} overspeed alerts reached the webhook in ${DRAIN_SECONDS} s (${receiver.received()} requests arrived)`,
      );
      return;
    }
    print(
      `[${kind}] frame received to webhook delivered, ${latencies.length} of ${on.sentAt.size} alerts: p50 ${percentile(latencies, 0.5).toFixed(0)} ms, p95 ${percentile(latencies, 0.95).toFixed(0)} ms (goal p95 ≤ 2000 ms)`,
    );
    if (fleet.wrapped())
      print(
        `[${kind}]   (vehicles sped more than once in the run: a per-vehicle throttle may have dropped some alerts)`,
      );
  } finally {
    fleet.close();
    await server.stop();
    await receiver.close();
    await cleanup();
  }
}

export async function notifyFigures(
  print: (line: string) => void,
  kinds: readonly ('postgres' | 'pglite')[] = (process.env.BENCH_KINDS?.split(',') as
    ('postgres' | 'pglite')[] | undefined) ?? ['pglite'],
) {
  for (const kind of kinds) await measure(kind, print);
}
