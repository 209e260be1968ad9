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
import { signIn, startServer } from './server.ts';

export const DEVICES = Number(process.env.BENCH_INGEST_DEVICES ?? 10_000);
const INTERVAL = Number(process.env.BENCH_INGEST_INTERVAL ?? 1);
const SECONDS = Number(process.env.BENCH_INGEST_SECONDS ?? 60);
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

async function measure(kind: 'postgres' | 'pglite') {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  if (kind === 'postgres') {
    const scratch = await createScratchDatabase(
      process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      'waymark_ingest',
    );
    await seedFleet(scratch.url, null);
    env = { DATABASE_URL: scratch.url };
    cleanup = scratch.drop;
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-ingest-'));
    await seedFleet(undefined, dataDir);
    env = { DATA_DIR: dataDir };
    cleanup = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const port = 19000 + Math.floor(Math.random() * 500);
  const gatewayPort = port + 500;
  const server = await startServer({ ...env, GATEWAY_PORT: String(gatewayPort), WAYMARK_DEMO: '0' }, port);
  const base = `http://127.0.0.1:${port}`;
  const token = await signIn(base, 'super@bench.test', PASSWORD);
  const status = async (): Promise<Status> =>
    (await (await fetch(`${base}/api/gateway/status`, { headers: { authorization: `Bearer ${token}` } })).json()).data;

  const simulator = spawn(
    process.execPath,
    [
      'server/bin.mjs',
      'simulate',
      '--devices',
      String(DEVICES),
      '--interval',
      String(INTERVAL),
      '--port',
      String(gatewayPort),
      '--first-imei',
      FIRST_IMEI,
    ],
    { stdio: 'ignore' },
  );
  // connections are staggered over one interval; let them all log in first
  await new Promise((r) => setTimeout(r, Math.max(10, INTERVAL * 3) * 1000));
  const start = await status();
  const t0 = performance.now();
  let maxBacklog = 0;
  let maxRss = 0;
  while (performance.now() - t0 < SECONDS * 1000) {
    await new Promise((r) => setTimeout(r, 2000));
    const s = await status();
    maxBacklog = Math.max(maxBacklog, s.backlog);
    maxRss = Math.max(maxRss, s.rssBytes);
  }
  const end = await status();
  const seconds = (performance.now() - t0) / 1000;
  simulator.kill('SIGTERM');
  await server.stop();
  await cleanup();
  return {
    offered: DEVICES / INTERVAL,
    framesPerSecond: (end.stored.frames - start.stored.frames) / seconds,
    positionsPerSecond: (end.stored.positions - start.stored.positions) / seconds,
    connected: end.connected,
    maxBacklog,
    maxRssMiB: maxRss / 1024 / 1024,
    seconds,
  };
}

export async function ingestFigures(
  print: (line: string) => void,
  kinds: readonly ('postgres' | 'pglite')[] = (process.env.BENCH_KINDS?.split(',') as
    ('postgres' | 'pglite')[] | undefined) ?? ['postgres', 'pglite'],
) {
  for (const kind of kinds) {
    const f = await measure(kind);
    print(
      `[${kind}] ingest, ${DEVICES} devices every ${INTERVAL} s (${f.offered.toFixed(0)} frames/s offered), ${f.seconds.toFixed(0)} s sustained`,
    );
    print(
      `[${kind}]   stored ${f.framesPerSecond.toFixed(0)} frames/s (${f.positionsPerSecond.toFixed(0)} positions/s), ${f.connected} connected, backlog max ${f.maxBacklog} frames, server RSS max ${f.maxRssMiB.toFixed(0)} MiB`,
    );
  }
}
