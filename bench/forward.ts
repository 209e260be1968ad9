// Forwarding figures (docs/forwarding.md): ingest with three destinations (MQTT, HTTP, AIS-140 TCP) on,
// compared with none, and each destination's lag while ingest runs and once it stops.
import { kindsToRun } from './before.ts';
import fs from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import http from 'node:http';
import path from 'node:path';
import crypto from 'node:crypto';
import mqtt from 'mqtt';
import { createScratchDatabase } from '../server/db/scratch.ts';
import { PASSWORD, seedFleet, startSimulator } from './ingest.ts';
import { signIn, startServer } from './server.ts';
import { numberFromEnv } from './env.ts';

const DEVICES = numberFromEnv('BENCH_FORWARD_DEVICES', 1000);
const SECONDS = numberFromEnv('BENCH_FORWARD_SECONDS', 60);
const INTERVAL = numberFromEnv('BENCH_FORWARD_INTERVAL', 1);

interface Run {
  framesPerSecond: number;
  positionsPerSecond: number;
  stored: number;
  /** Per destination: the largest lag seen while ingest ran (now - oldest unsent frame), frames waiting at most, and the time to catch up once it stopped. */
  lag: { name: string; maxLagSeconds: number; maxWaiting: number; drainSeconds: number }[];
  received: { mqtt: number; http: number; tcpFrames: number };
}

/** Local receivers: the MQTT broker (Mosquitto on 127.0.0.1:1883), an HTTP endpoint and an AIS-140 sink. */
async function receivers(prefix: string) {
  const counts = { mqtt: 0, http: 0, tcpFrames: 0 };
  const subscriber = await mqtt.connectAsync({ host: '127.0.0.1', port: 1883, clean: true });
  subscriber.on('message', () => (counts.mqtt += 1));
  await subscriber.subscribeAsync(`${prefix}/#`, { qos: 1 });
  const endpoint = http.createServer((request, response) => {
    let body = '';
    request.on('data', (c) => (body += c));
    request.on('end', () => {
      counts.http += (JSON.parse(body).data.positions as unknown[]).length;
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  const sink = net.createServer((socket) =>
    socket.on('data', (d) => (counts.tcpFrames += d.toString('latin1').split('\r\n').length - 1)),
  );
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  return {
    counts,
    httpPort: (endpoint.address() as net.AddressInfo).port,
    tcpPort: (sink.address() as net.AddressInfo).port,
    async close() {
      await subscriber.endAsync();
      endpoint.closeAllConnections();
      endpoint.close();
      sink.close();
    },
  };
}

type Kind = 'postgres' | 'pglite';

async function measure(kind: Kind, withDestinations: boolean): Promise<Run> {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  if (kind === 'postgres') {
    const scratch = await createScratchDatabase(
      process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      'waymark_forward',
    );
    await seedFleet(scratch.url, null, DEVICES);
    env = { DATABASE_URL: scratch.url };
    cleanup = scratch.drop;
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-forward-bench-'));
    await seedFleet(undefined, dataDir, DEVICES);
    env = { DATA_DIR: dataDir };
    cleanup = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const port = 19000 + Math.floor(Math.random() * 500);
  const gatewayPort = port + 500;
  const server = await startServer(
    {
      ...env,
      GATEWAY_PORT: String(gatewayPort),
      WAYMARK_DEMO: '0',
      FORWARD_ALLOW_RANGES: '127.0.0.0/8',
    },
    port,
  );
  const base = `http://127.0.0.1:${port}`;
  const token = await signIn(base, 'super@bench.test', PASSWORD);
  const api = async (method: string, url: string, body?: object) =>
    (
      await fetch(`${base}/api${url}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      })
    ).json();
  const prefix = `waymark-bench-${crypto.randomBytes(4).toString('hex')}`;
  const local = await receivers(prefix);
  if (withDestinations) {
    const destinations = [
      { name: 'MQTT', kind: 'MQTT', address: `mqtt://127.0.0.1:1883/${prefix}` },
      { name: 'HTTP', kind: 'HTTP', address: `http://127.0.0.1:${local.httpPort}/positions` },
      { name: 'AIS-140', kind: 'AIS140', address: `tcp://127.0.0.1:${local.tcpPort}` },
    ];
    for (const d of destinations) await api('POST', '/forwarding-destinations', d);
  }
  const status = async () =>
    (await api('GET', '/gateway/status')).data as { stored: { frames: number; positions: number } };
  const lagRows = async () =>
    (await api('GET', '/forwarding-destinations')) as {
      name: string;
      waiting: number;
      oldestUnsentAt: string | null;
    }[];

  const simulator = startSimulator(gatewayPort, DEVICES, INTERVAL);
  await new Promise((r) => setTimeout(r, Math.max(10, INTERVAL * 3) * 1000));
  const start = await status();
  const t0 = performance.now();
  const lag = new Map<string, { maxLagSeconds: number; maxWaiting: number; drainSeconds: number }>();
  while (performance.now() - t0 < SECONDS * 1000) {
    await new Promise((r) => setTimeout(r, 2000));
    for (const row of withDestinations ? await lagRows() : []) {
      const seen = lag.get(row.name) ?? { maxLagSeconds: 0, maxWaiting: 0, drainSeconds: 0 };
      const behind = row.oldestUnsentAt ? (Date.now() - Date.parse(row.oldestUnsentAt)) / 1000 : 0;
      lag.set(row.name, {
        ...seen,
        maxLagSeconds: Math.max(seen.maxLagSeconds, behind),
        maxWaiting: Math.max(seen.maxWaiting, row.waiting),
      });
    }
  }
  const end = await status();
  const seconds = (performance.now() - t0) / 1000;
  simulator.kill('SIGTERM');
  const stopped = performance.now();
  if (withDestinations) {
    const pending = new Set(lag.keys());
    while (pending.size && performance.now() - stopped < 300_000) {
      await new Promise((r) => setTimeout(r, 500));
      for (const row of await lagRows())
        if (pending.has(row.name) && row.waiting === 0) {
          lag.get(row.name)!.drainSeconds = (performance.now() - stopped) / 1000;
          pending.delete(row.name);
        }
    }
  }
  const received = { ...local.counts };
  await local.close();
  await server.stop();
  await cleanup();
  return {
    framesPerSecond: (end.stored.frames - start.stored.frames) / seconds,
    positionsPerSecond: (end.stored.positions - start.stored.positions) / seconds,
    stored: end.stored.positions,
    lag: [...lag.entries()].map(([name, l]) => ({ name, ...l })),
    received,
  };
}

export async function forwardFigures(
  print: (line: string) => void,
  kinds: readonly Kind[] = kindsToRun<Kind>(['postgres', 'pglite']),
) {
  for (const kind of kinds) {
    const none = await measure(kind, false);
    const three = await measure(kind, true);
    const offered = DEVICES / INTERVAL;
    print(
      `[${kind}] forwarding, ${DEVICES} devices every ${INTERVAL} s (${offered.toFixed(0)} frames/s offered), ${SECONDS} s`,
    );
    print(`[${kind}]   no destination:     stored ${none.framesPerSecond.toFixed(0)} frames/s`);
    print(
      `[${kind}]   three destinations: stored ${three.framesPerSecond.toFixed(0)} frames/s (${(
        (1 - three.framesPerSecond / none.framesPerSecond) *
        100
      ).toFixed(1)}% slower)`,
    );
    for (const l of three.lag)
      print(
        `[${kind}]   ${l.name.padEnd(8)} lag max ${l.maxLagSeconds.toFixed(1)} s, ${l.maxWaiting} frames waiting max, caught up ${l.drainSeconds.toFixed(1)} s after the simulator stopped`,
      );
    print(
      `[${kind}]   received (positions stored when measured: ${three.stored}): MQTT ${three.received.mqtt}, HTTP ${three.received.http}, AIS-140 ${three.received.tcpFrames} frames (with logins and health)`,
    );
  }
}
