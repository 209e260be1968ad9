// Ingest figures: simulator sockets → gateway → stored positions, sustained, on PostgreSQL and PGlite.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client.ts';
import { createScratchDatabase } from '../server/db/scratch.ts';
import { ensureSystemRoles, systemRoleIds } from '../server/seed/roles.ts';
import { createOrganisation } from '../server/organisations/service.ts';
import { createUser } from '../server/users/service.ts';
import { signIn, startChild, startServer } from './server.ts';
import { codesToCompare, kindsToRun, type Code } from './before.ts';
import { CpuMeter, databaseBackends } from './cpu.ts';
import { numberFromEnv } from './env.ts';

export const DEVICES = numberFromEnv('BENCH_INGEST_DEVICES', 10_000);
const INTERVAL = numberFromEnv('BENCH_INGEST_INTERVAL', 1);
const SECONDS = numberFromEnv('BENCH_INGEST_SECONDS', 60);
export const FIRST_IMEI = '869000000000000';
export const PASSWORD = 'Bench-pass-2026';

/** A root organisation with `devices` devices, each fitted to a vehicle, and a SUPER_ADMIN. */
export async function seedFleet(databaseUrl: string | undefined, dataDir: string | null, devices = DEVICES) {
  const database = await openDatabase({ databaseUrl, dataDir });
  const { db } = database;
  await ensureSystemRoles(db);
  const roles = await systemRoleIds(db);
  const root = await createOrganisation(db, { tradeName: 'Ingest root', brandName: 'Ingest' });
  await db.execute(sql`insert into devices (imei, status, organisation_id)
    select (${FIRST_IMEI}::bigint + g)::text, 'INSTALLED', ${root.id}::uuid from generate_series(0, ${devices - 1}) g`);
  await db.execute(sql`insert into vehicles (name, registration_number, category, device_id, organisation_id)
    select 'Bench ' || g, 'BN' || lpad(g::text, 6, '0'), 'TRUCK', d.id, ${root.id}::uuid
    from devices d, lateral (select (d.imei::bigint - ${FIRST_IMEI}::bigint) as g) n`);
  await createUser(db, {
    firstName: 'Bench',
    email: 'super@bench.test',
    password: PASSWORD,
    roleId: roles.SUPER_ADMIN!,
    organisationId: root.id,
  });
  await database.close();
}

interface Status {
  stored: { frames: number; positions: number };
  backlog: number;
  rssBytes: number;
  connected: number;
}

type Kind = 'postgres' | 'pglite' | 'floor';

/** Seeds the fleet with the code of `code` (another revision seeds with its own schema and services). */
async function seedWith(code: Code, databaseUrl: string | undefined, dataDir: string | null) {
  if (code.dir === process.cwd()) return seedFleet(databaseUrl, dataDir);
  const script = `const m = await import('./bench/ingest.ts'); await m.seedFleet(${JSON.stringify(databaseUrl)}, ${JSON.stringify(dataDir)}, ${DEVICES});`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], {
    cwd: code.dir,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const status = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (status !== 0) throw new Error(`seeding with ${code.rev} failed (${status})`);
}

/** `waymark simulate`: `devices` devices sending every `interval` seconds to the gateway on `gatewayPort`. */
export function startSimulator(gatewayPort: number, devices = DEVICES, interval = INTERVAL) {
  return spawn(
    process.execPath,
    [
      'server/bin.mjs',
      'simulate',
      '--devices',
      String(devices),
      '--interval',
      String(interval),
      '--port',
      String(gatewayPort),
      '--first-imei',
      FIRST_IMEI,
    ],
    { stdio: 'ignore' },
  );
}

/**
 * The floor under any store (bench/floor-gateway.ts): the same simulator's frames read, cut and
 * parsed by the gateway's own code and nothing stored, CPU per frame read.
 */
async function measureFloor(mode: 'parse' | 'read') {
  const gatewayPort = 19500 + Math.floor(Math.random() * 500);
  const floor = startChild([String(gatewayPort), mode], {}, ['--import', 'tsx', 'bench/floor-gateway.ts']);
  await floor.printed('listening');
  const read = () => Number(floor.lines.findLast((line) => line.startsWith('frames '))?.slice(7) ?? 0);
  const simulator = startSimulator(gatewayPort);
  await new Promise((r) => setTimeout(r, Math.max(10, INTERVAL * 3) * 1000));
  const cpu = new CpuMeter(() => [floor.process.pid!]);
  await cpu.start();
  const first = read();
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  await cpu.sample();
  const frames = read() - first;
  const seconds = (performance.now() - t0) / 1000;
  simulator.kill('SIGTERM');
  await floor.stop();
  return { frames, seconds, cpuSeconds: cpu.seconds };
}

/**
 * Waits until the summariser has brought every device up to date once, five minutes at most, then
 * says how far it got (PostgreSQL; BENCH_INGEST_WARM=0 measures from the logins on, as before). A
 * device's first round rebuilds its day, which a running fleet pays once: the figures are of what
 * it then costs frame by frame, and the first pass's length is a figure of its own.
 */
async function firstSummaries(databaseUrl: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = performance.now();
  let done = 0;
  try {
    while (performance.now() - started < 300_000) {
      const { rows } = await client.query<{ n: number }>(
        'select count(*)::integer as n from trip_states where summarised_at is not null',
      );
      done = rows[0]!.n;
      if (done >= DEVICES) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
  } finally {
    await client.end();
  }
  console.log(
    `  the summariser's first pass: ${done} of ${DEVICES} devices in ${((performance.now() - started) / 1000).toFixed(0)} s after the logins`,
  );
}

async function measure(kind: Kind, code: Code) {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let databaseUrl: string | null = null;
  if (kind === 'postgres') {
    const scratch = await createScratchDatabase(
      process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      'waymark_ingest',
    );
    await seedWith(code, scratch.url, null);
    env = { DATABASE_URL: scratch.url };
    databaseUrl = scratch.url;
    cleanup = scratch.drop;
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-ingest-'));
    await seedWith(code, undefined, dataDir);
    env = { DATA_DIR: dataDir };
    cleanup = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const port = 19000 + Math.floor(Math.random() * 500);
  const gatewayPort = port + 500;
  const server = await startServer(
    { ...env, GATEWAY_PORT: String(gatewayPort), WAYMARK_DEMO: '0' },
    port,
    [],
    code.dir,
  );
  const base = `http://127.0.0.1:${port}`;
  const token = await signIn(base, 'super@bench.test', PASSWORD);
  const status = async (): Promise<Status> =>
    (await (await fetch(`${base}/api/gateway/status`, { headers: { authorization: `Bearer ${token}` } })).json()).data;

  const simulator = startSimulator(gatewayPort);
  // connections are staggered over one interval; let them all log in first
  await new Promise((r) => setTimeout(r, Math.max(10, INTERVAL * 3) * 1000));
  if (databaseUrl && process.env.BENCH_INGEST_WARM !== '0') await firstSummaries(databaseUrl);
  // the server process's CPU, and on PostgreSQL its database's backends (sampled every second: they come and go)
  const serverCpu = new CpuMeter(() => [server.pid]);
  const backends = databaseUrl ? await databaseBackends(databaseUrl) : null;
  const databaseCpu = backends ? new CpuMeter(backends.pids) : null;
  const start = await status();
  await serverCpu.start();
  await databaseCpu?.start();
  const t0 = performance.now();
  let maxBacklog = 0;
  let maxRss = 0;
  let polled = 0;
  while (performance.now() - t0 < SECONDS * 1000) {
    await new Promise((r) => setTimeout(r, 1000));
    await databaseCpu?.sample();
    if (++polled % 2) continue;
    const s = await status();
    // BENCH_INGEST_TRACE=1: each poll's backlog, to see when a spike comes
    if (process.env.BENCH_INGEST_TRACE)
      console.log(
        `  ${((performance.now() - t0) / 1000).toFixed(0)} s: backlog ${s.backlog}, stored ${s.stored.frames}`,
      );
    maxBacklog = Math.max(maxBacklog, s.backlog);
    maxRss = Math.max(maxRss, s.rssBytes);
  }
  const end = await status();
  await serverCpu.sample();
  await databaseCpu?.sample();
  const seconds = (performance.now() - t0) / 1000;
  simulator.kill('SIGTERM');
  await backends?.close();
  await server.stop();
  await cleanup();
  const frames = end.stored.frames - start.stored.frames;
  return {
    offered: DEVICES / INTERVAL,
    framesPerSecond: frames / seconds,
    positionsPerSecond: (end.stored.positions - start.stored.positions) / seconds,
    frames,
    serverCpuSeconds: serverCpu.seconds,
    databaseCpuSeconds: databaseCpu ? databaseCpu.seconds : null,
    connected: end.connected,
    maxBacklog,
    maxRssMiB: maxRss / 1024 / 1024,
    seconds,
  };
}

const micro = (cpuSeconds: number, frames: number) => (frames ? (cpuSeconds * 1e6) / frames : NaN);

/**
 * `BENCH_BEFORE=<rev>`: that revision's server too, in a temporary worktree, interleaved with this
 * tree's (before, after, before, after: BENCH_ROUNDS rounds, 2 by default), then the ratios of the
 * sums (after ÷ before) of CPU per stored frame and frames per second.
 */
export async function ingestFigures(
  print: (line: string) => void,
  kinds: readonly Kind[] = kindsToRun<Kind>(['postgres', 'pglite']),
) {
  const { codes, remove } = codesToCompare(process.env.BENCH_BEFORE);
  const rounds = numberFromEnv('BENCH_ROUNDS', codes.length > 1 ? 2 : 1);
  try {
    for (const kind of kinds) {
      if (kind === 'floor') {
        for (const [mode, what] of [
          ['parse', "the gateway's reading and parsing alone, nothing stored"],
          ['read', 'the sockets read alone, nothing parsed'],
        ] as const) {
          const f = await measureFloor(mode);
          print(
            `[floor] ${what}: ${(f.frames / f.seconds).toFixed(0)} frames/s read, CPU per frame ${micro(f.cpuSeconds, f.frames).toFixed(0)} µs (${f.frames} frames, ${f.cpuSeconds.toFixed(1)} s CPU)`,
          );
        }
        continue;
      }
      const sums = new Map<string, { frames: number; server: number; database: number; seconds: number }>();
      for (let round = 1; round <= rounds; round++)
        for (const code of codes) {
          const f = await measure(kind, code);
          const sum = sums.get(code.label) ?? { frames: 0, server: 0, database: 0, seconds: 0 };
          sums.set(code.label, {
            frames: sum.frames + f.frames,
            server: sum.server + f.serverCpuSeconds,
            database: sum.database + (f.databaseCpuSeconds ?? 0),
            seconds: sum.seconds + f.seconds,
          });
          const tag = codes.length > 1 ? `[${kind} ${code.label} ${code.rev} round ${round}]` : `[${kind}]`;
          print(
            `${tag} ingest, ${DEVICES} devices every ${INTERVAL} s (${f.offered.toFixed(0)} frames/s offered), ${f.seconds.toFixed(0)} s sustained`,
          );
          print(
            `${tag}   stored ${f.framesPerSecond.toFixed(0)} frames/s (${f.positionsPerSecond.toFixed(0)} positions/s), ${f.connected} connected, backlog max ${f.maxBacklog} frames, server RSS max ${f.maxRssMiB.toFixed(0)} MiB`,
          );
          print(
            `${tag}   CPU per stored frame: server ${micro(f.serverCpuSeconds, f.frames).toFixed(0)} µs` +
              (f.databaseCpuSeconds === null
                ? ' (the embedded database runs inside it)'
                : `, database backends ${micro(f.databaseCpuSeconds, f.frames).toFixed(0)} µs`) +
              ` (${f.frames} frames, server ${f.serverCpuSeconds.toFixed(1)} s CPU)`,
          );
        }
      const before = sums.get('before');
      const after = sums.get('after')!;
      if (!before) continue;
      const ratio = (a: number, b: number) => (b ? (a / b).toFixed(2) : '–');
      print(
        `[${kind}] after ÷ before over ${rounds} rounds: server CPU per frame ${ratio(after.server / after.frames, before.server / before.frames)}` +
          (kind === 'postgres'
            ? `, database CPU per frame ${ratio(after.database / after.frames, before.database / before.frames)}`
            : '') +
          `, frames/s ${ratio(after.frames / after.seconds, before.frames / before.seconds)}`,
      );
    }
  } finally {
    remove();
  }
}
