// Overload: N devices (BENCH_OVERLOAD_DEVICES, 10,000) each sending every second for
// BENCH_OVERLOAD_SECONDS (60), beyond what the database can store. Meanwhile one client asks in turn
// for /api/health, a sign-in and the distributor's device list; their p50/p95 are printed with the
// frames offered, read, stored and shed. At the end every login and heartbeat the gateway answered
// must be in raw_logs (per device: stored ≥ answered).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client.ts';
import { codesToCompare, kindsToRun, type Code } from './before.ts';
import { createScratchDatabase } from '../server/db/scratch.ts';
import { systemRoleIds } from '../server/seed/roles.ts';
import { createOrganisation } from '../server/organisations/service.ts';
import { createUser } from '../server/users/service.ts';
import { query } from '../server/resources/sql.ts';
import { FIRST_IMEI, PASSWORD, seedFleet } from './ingest.ts';
import { signIn, startServer } from './server.ts';
import type { FloodFigures } from './flood.ts';
import { numberFromEnv } from './env.ts';

const DEVICES = numberFromEnv('BENCH_OVERLOAD_DEVICES', 10_000);
const SECONDS = numberFromEnv('BENCH_OVERLOAD_SECONDS', 60);
/**
 * The device list's clients and their pause between requests: BENCH_OVERLOAD_LIST_CLIENTS=4
 * BENCH_OVERLOAD_LIST_PAUSE_MS=0 is an API that never pauses, the case where a gateway batch waiting
 * for the API's turn (server/gateway/index.ts) waits longest.
 */
const LIST_CLIENTS = numberFromEnv('BENCH_OVERLOAD_LIST_CLIENTS', 1);
const LIST_PAUSE_MS = numberFromEnv('BENCH_OVERLOAD_LIST_PAUSE_MS', 100);
/** A request that has not answered in this long counts as this long (the console has long given up). */
const TIMEOUT_MS = 30_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * Sign-in is limited to 20 an account in 15 minutes and 60 an address a minute (server/auth/routes.ts):
 * 4 accounts taken in turn, 48 sign-ins a minute, so the p95 is of some fifty, not the worst of 15.
 */
const SIGN_IN_ACCOUNTS = 4;
const SIGN_INS_PER_MINUTE = 48;
const signInEmail = (i: number) => `sign-in-${i % SIGN_IN_ACCOUNTS}@bench.test`;

/** The fleet, half of it moved to a distributor whose ADMIN lists its devices. */
async function seed(databaseUrl: string | undefined, dataDir: string | null) {
  await seedFleet(databaseUrl, dataDir, DEVICES);
  const database = await openDatabase({ databaseUrl, dataDir });
  const { db } = database;
  const roles = await systemRoleIds(db);
  const [root] = await query<{ id: string }>(db, sql`select id from organisations where parent_id is null limit 1`);
  const distributor = await createOrganisation(db, {
    tradeName: 'Flood distributor',
    brandName: 'FD',
    parentId: root!.id,
  });
  await db.execute(sql`update devices set organisation_id = ${distributor.id}::uuid where imei::bigint % 2 = 0`);
  await db.execute(
    sql`update vehicles v set organisation_id = d.organisation_id from devices d where d.id = v.device_id`,
  );
  await createUser(db, {
    firstName: 'Bench',
    email: 'distributor@bench.test',
    password: PASSWORD,
    roleId: roles.ADMIN!,
    organisationId: distributor.id,
  });
  for (let i = 0; i < SIGN_IN_ACCOUNTS; i++)
    await createUser(db, {
      firstName: 'Bench',
      email: signInEmail(i),
      password: PASSWORD,
      roleId: roles.ADMIN!,
      organisationId: distributor.id,
    });
  await database.close();
}

async function timed(run: (signal: AbortSignal) => Promise<Response>): Promise<number> {
  const started = performance.now();
  try {
    const response = await run(AbortSignal.timeout(TIMEOUT_MS));
    await response.arrayBuffer();
    if (!response.ok) throw new Error(String(response.status));
  } catch {
    return TIMEOUT_MS;
  }
  return performance.now() - started;
}

const quantiles = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), n: sorted.length, failed: sorted.filter((t) => t >= TIMEOUT_MS).length };
};

async function measure(kind: 'postgres' | 'pglite', code?: Code) {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let databaseUrl: string | undefined;
  let dataDir: string | null = null;
  if (kind === 'postgres') {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL!, 'waymark_overload');
    databaseUrl = scratch.url;
    env = { DATABASE_URL: scratch.url };
    cleanup = scratch.drop;
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-overload-'));
    env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    cleanup = async () => fs.rmSync(dataDir!, { recursive: true, force: true });
  }
  await seed(databaseUrl, dataDir);
  const port = 19000 + Math.floor(Math.random() * 500);
  const gatewayPort = port + 500;
  const server = await startServer(
    { ...env, GATEWAY_PORT: String(gatewayPort), WAYMARK_DEMO: '0' },
    port,
    [],
    code?.dir,
  );
  const base = `http://127.0.0.1:${port}`;
  const superToken = await signIn(base, 'super@bench.test', PASSWORD);
  const listToken = await signIn(base, 'distributor@bench.test', PASSWORD);
  const status = async () =>
    (await (await fetch(`${base}/api/gateway/status`, { headers: { authorization: `Bearer ${superToken}` } })).json())
      .data;
  const list = `${base}/api/device?${new URLSearchParams({ filter: '{}', sort: '["imei","ASC"]', range: '[0,24]' })}`;

  const flood = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/flood.ts', String(gatewayPort), String(DEVICES), '1000', FIRST_IMEI],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  flood.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const times = { health: [] as number[], signIn: [] as number[], list: [] as number[] };
  const states = new Set<string>();
  let maxBacklog = 0;
  const t0 = performance.now();
  const during = async (pauseMs: number, probe: () => Promise<void>) => {
    while (performance.now() - t0 < SECONDS * 1000) {
      await probe();
      await sleep(pauseMs);
    }
  };
  // the flood stops on time, whatever the clients still wait for
  const flooded = sleep(SECONDS * 1000).then(async () => {
    const exited = new Promise((r) => flood.once('exit', r));
    flood.kill('SIGTERM');
    await exited;
  });
  // the clients at once, each asking again as soon as it has its answer (and a short pause)
  await Promise.all([
    during(100, async () => {
      times.health.push(await timed((signal) => fetch(`${base}/api/health`, { signal })));
    }),
    during(60_000 / SIGN_INS_PER_MINUTE, async () => {
      const started = performance.now();
      const token = await signIn(base, signInEmail(times.signIn.length), PASSWORD).catch(() => '');
      times.signIn.push(token ? performance.now() - started : TIMEOUT_MS);
    }),
    ...Array.from({ length: LIST_CLIENTS }, () =>
      during(LIST_PAUSE_MS, async () => {
        times.list.push(
          await timed((signal) => fetch(list, { signal, headers: { authorization: `Bearer ${listToken}` } })),
        );
      }),
    ),
    during(1000, async () => {
      const s = await status().catch(() => null);
      if (!s) return;
      maxBacklog = Math.max(maxBacklog, s.backlog);
      if (s.admission) states.add(s.admission.state);
    }),
  ]);
  await flooded;
  const devices = JSON.parse(out.trim().split('\n').pop()!) as FloodFigures;
  // what the gateway read is stored before it stops
  let end = await status();
  for (let i = 0; i < 600 && end.backlog > 0; i++) {
    await sleep(500);
    end = await status();
  }
  await server.stop();

  const database = await openDatabase({ databaseUrl, dataDir });
  const rows = await query<{ imei: string; answered: number }>(
    database.db,
    sql`select imei, count(*)::integer as answered from raw_logs
        where frame like '$LGN,%' or frame like '$HBT,%' group by imei`,
  );
  const [total] = await query<{ n: number }>(database.db, sql`select count(*)::integer as n from raw_logs`);
  await database.close();
  await cleanup();
  const storedAnswers = new Map(rows.map((r) => [r.imei, r.answered]));
  let acknowledged = 0;
  let missing = 0;
  for (const [imei, n] of Object.entries(devices.acknowledged)) {
    acknowledged += n;
    missing += Math.max(0, n - (storedAnswers.get(imei) ?? 0));
  }
  return {
    seconds: SECONDS,
    health: quantiles(times.health),
    signIn: quantiles(times.signIn),
    list: quantiles(times.list),
    offered: devices.offered,
    received: end.received as number,
    stored: total!.n,
    closedByGateway: devices.closedByGateway,
    refused: end.refused as number,
    sheddingMs: (end.admission?.sheddingMs as number | undefined) ?? null,
    transitions: (end.admission?.transitions as number | undefined) ?? null,
    states: [...states],
    maxBacklog,
    acknowledged,
    missing,
  };
}

export async function overloadFigures(print: (line: string) => void) {
  // BENCH_KINDS=postgres: one database only
  const kinds = kindsToRun<'pglite' | 'postgres'>(process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']);
  // BENCH_BEFORE=<rev>: that revision's server too, before then after in each of BENCH_ROUNDS rounds (bench/before.ts)
  const { codes, remove } = codesToCompare(process.env.BENCH_BEFORE);
  const rounds = numberFromEnv('BENCH_ROUNDS', codes.length > 1 ? 2 : 1);
  try {
    for (let round = 1; round <= rounds; round++)
      for (const kind of kinds)
        for (const code of codes)
          await report(kind, code, codes.length > 1 ? ` ${code.label} ${code.rev} round ${round}` : '');
  } finally {
    remove();
  }

  async function report(kind: 'pglite' | 'postgres', code: Code, label: string) {
    const f = await measure(kind, code);
    const ms = (q: ReturnType<typeof quantiles>) =>
      `p50 ${q.p50.toFixed(0)} ms, p95 ${q.p95.toFixed(0)} ms (${q.n} asked, ${q.failed} failed or unanswered in ${TIMEOUT_MS / 1000} s)`;
    print(`[${kind}${label}] overload: ${DEVICES} devices every 1 s for ${f.seconds.toFixed(0)} s`);
    print(`[${kind}${label}]   /api/health           ${ms(f.health)}`);
    print(`[${kind}${label}]   sign-in               ${ms(f.signIn)}`);
    print(
      `[${kind}${label}]   distributor's devices ${ms(f.list)}, ${LIST_CLIENTS} client(s) pausing ${LIST_PAUSE_MS} ms`,
    );
    print(
      `[${kind}${label}]   frames: ${f.offered} offered, ${f.received} read, ${f.stored} stored; shed ${f.offered - f.received} not read, ${f.refused} connections refused (${f.closedByGateway} closed by the gateway), ${f.sheddingMs === null ? 'n/a' : (f.sheddingMs / 1000).toFixed(1)} s shedding in ${f.transitions ?? 'n/a'} changes of state, states seen ${f.states.join('/') || 'n/a'}, backlog max ${f.maxBacklog}`,
    );
    print(`[${kind}${label}]   answered logins and heartbeats: ${f.acknowledged}, missing from raw_logs: ${f.missing}`);
  }
}
