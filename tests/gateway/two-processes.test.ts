import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createScratchDatabase } from '../../server/db/scratch.ts';
import { DEMO_PASSWORD, demoEmail } from '../../server/seed/demo.ts';
import { normalFrame } from '../../server/simulator/frames.ts';
import { connectDevice, eventually, openLiveSocket } from './device-client.ts';
import { freePort, signInOverHttp } from '../support/net.ts';

const root = path.resolve(import.meta.dirname, '../..');

async function startProcess(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; http: number; gateway: number; output: () => string }> {
  const [http, gateway] = [await freePort(), await freePort()];
  let output = '';
  const child = spawn(process.execPath, ['server/bin.mjs', 'serve'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(http),
      GATEWAY_PORT: String(gateway),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => {
    output += String(d);
  });
  child.stderr!.on('data', (d) => {
    output += String(d);
  });
  await eventually(
    async () => (await fetch(`http://127.0.0.1:${http}/api/health`)).ok,
    90_000,
    `server on ${http} (${output})`,
  );
  return { child, http, gateway, output: () => output };
}

describe.runIf(process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  const children: ChildProcess[] = [];
  let drop = async () => {};
  let databaseUrl = '';
  let first: Awaited<ReturnType<typeof startProcess>>;
  let second: Awaited<ReturnType<typeof startProcess>>;

  beforeAll(async () => {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'waymark_two');
    drop = scratch.drop;
    databaseUrl = scratch.url;
    const common = {
      DATABASE_URL: scratch.url,
      WAYMARK_ADMIN_EMAIL: 'root@waymark.test',
      WAYMARK_ADMIN_PASSWORD: 'Root-pass-2026',
      WAYMARK_SIMULATE: '0',
    };
    first = await startProcess({ ...common, WAYMARK_DEMO: '1' });
    children.push(first.child);
    second = await startProcess({ ...common, WAYMARK_DEMO: '0' });
    children.push(second.child);
  }, 180_000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGTERM');
    const stragglers = setTimeout(() => children.forEach((c) => c.kill('SIGKILL')), 10_000);
    await Promise.all(
      children.map((c) => new Promise((resolve) => (c.exitCode !== null ? resolve(null) : c.once('exit', resolve)))),
    );
    clearTimeout(stragglers);
    await drop();
  });

  it('shows a frame received by one process on a socket of the other', async () => {
    const token = await signInOverHttp(`http://127.0.0.1:${second.http}`, demoEmail('customer'), DEMO_PASSWORD);
    const socket = await openLiveSocket(`ws://127.0.0.1:${second.http}/api/socket`, token);
    const snapshot = await eventually(() => socket.messages.find((m) => m.type === 'snapshot'), 10_000, 'snapshot');
    expect(snapshot.vehicles).toHaveLength(6);
    const tracker = await connectDevice(first.gateway);
    const sent = Date.now();
    await tracker.send(
      normalFrame(
        {
          imei: '868347070000002',
          registration: 'UP78CT4323',
          latitude: 26.46,
          longitude: 80.34,
          speed: 48.2,
          heading: 200,
          ignition: true,
          frameNumber: 9,
        },
        new Date(),
      ),
    );
    const moved = await eventually(
      () => socket.positions().find((p) => p.speed === 48.2),
      5000,
      'the update from the other process',
    );
    expect(snapshot.vehicles!.some((v) => v.vehicleId === moved.vehicleId)).toBe(true);
    expect(Date.now() - sent).toBeLessThan(5000);
    tracker.close();
    socket.close();
  });

  it("still shows the other process's frames after PostgreSQL cut every listener", async () => {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    const listeners = `from pg_stat_activity where datname = current_database() and query like 'LISTEN %'`;
    try {
      const before = Number((await admin.query(`select count(*) as n ${listeners}`)).rows[0].n);
      expect(before).toBeGreaterThan(0);
      await admin.query(`select pg_terminate_backend(pid) ${listeners}`);
      await eventually(
        async () => Number((await admin.query(`select count(*) as n ${listeners}`)).rows[0].n) === before,
        15_000,
        'every listener back',
      );
    } finally {
      await admin.end();
    }
    const token = await signInOverHttp(`http://127.0.0.1:${second.http}`, demoEmail('customer'), DEMO_PASSWORD);
    const socket = await openLiveSocket(`ws://127.0.0.1:${second.http}/api/socket`, token);
    await eventually(() => socket.messages.find((m) => m.type === 'snapshot'), 10_000, 'snapshot');
    const tracker = await connectDevice(first.gateway);
    await tracker.send(
      normalFrame(
        {
          imei: '868347070000002',
          registration: 'UP78CT4323',
          latitude: 26.47,
          longitude: 80.35,
          speed: 51.7,
          heading: 90,
          ignition: true,
          frameNumber: 10,
        },
        new Date(),
      ),
    );
    await eventually(() => socket.positions().find((p) => p.speed === 51.7), 5000, 'the update from the other process');
    tracker.close();
    socket.close();
  });
});
