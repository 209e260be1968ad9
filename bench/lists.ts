// List and export figures: 100,000 devices, each fitted to a vehicle, across 50 organisations, on PostgreSQL and on PGlite.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { openDatabase } from '../server/db/client.ts';
import { createScratchDatabase } from '../server/db/scratch.ts';
import { signIn, startServer } from './server.ts';
import { codesToCompare, kindsToRun, type Code } from './before.ts';
import { CpuMeter, databaseBackends } from './cpu.ts';
import { ensureSystemRoles, systemRoleIds } from '../server/seed/roles.ts';
import { createOrganisation } from '../server/organisations/service.ts';
import { createUser } from '../server/users/service.ts';
import { findResource } from '../resources/modules.ts';
import { displayValue } from '../resources/display.ts';
import en from '../core/i18n/en.ts';
import { numberFromEnv } from './env.ts';

const DEVICES = numberFromEnv('BENCH_DEVICES', 100_000);
const PASSWORD = 'Bench-pass-2026';
const CONCURRENCY = 50;
const REQUESTS = numberFromEnv('BENCH_REQUESTS', 2000);

/** 50 organisations: a root, 4 distributors with 11 dealers each, and 1 more under the root. */
export async function seed(databaseUrl: string | undefined, dataDir: string | null) {
  const database = await openDatabase({ databaseUrl, dataDir });
  const { db } = database;
  await ensureSystemRoles(db);
  const roles = await systemRoleIds(db);
  const root = await createOrganisation(db, { tradeName: 'Bench root', brandName: 'Bench' });
  const orgs = [root];
  const distributors = [];
  for (let d = 0; d < 4; d++) {
    const distributor = await createOrganisation(db, {
      tradeName: `Distributor ${d}`,
      brandName: `D${d}`,
      parentId: root.id,
    });
    distributors.push(distributor);
    orgs.push(distributor);
    for (let k = 0; k < 11; k++)
      orgs.push(
        await createOrganisation(db, {
          tradeName: `Dealer ${d}.${k}`,
          brandName: `D${d}.${k}`,
          parentId: distributor.id,
        }),
      );
  }
  orgs.push(await createOrganisation(db, { tradeName: 'Independent', brandName: 'Ind', parentId: root.id }));
  await db.execute(sql`
    insert into devices (imei, iccid, e_sim_provider, status, organisation_id, sim1)
    select (860000000000000 + g)::text, (8991000000000000000 + g)::text, case when g % 2 = 0 then 'TAISYS' else 'VENTEL' end,
      (array['NEW','ALLOCATED','INSTALLED','DEFECTED'])[1 + g % 4], o.id, (5700000000 + g)::text
    from generate_series(1, ${DEVICES}) g
    join (select id, (row_number() over (order by path)) - 1 as n from organisations) o on o.n = g % ${orgs.length}`);
  // one vehicle per device, in the device's organisation, of ten categories
  await db.execute(sql`
    insert into vehicles (name, registration_number, category, device_id, organisation_id)
    select 'Vehicle ' || d.imei, 'BN' || lpad((row_number() over (order by d.imei))::text, 8, '0'),
      (array['PERSON','BUS','TRUCK','SMALL_CAR','BIKE','MINI_VAN','SEDAN','SHIP','SUV','BARGE'])[1 + (d.imei::bigint % 10)], d.id, d.organisation_id
    from devices d`);
  // a steady-state database: statistics gathered and the visibility map set, as autovacuum leaves it
  await db.execute(sql`vacuum analyze`);
  const users = {
    superAdmin: await createUser(db, {
      firstName: 'Bench',
      email: 'super@bench.test',
      password: PASSWORD,
      roleId: roles.SUPER_ADMIN!,
      organisationId: root.id,
    }),
    distributor: await createUser(db, {
      firstName: 'Bench',
      email: 'distributor@bench.test',
      password: PASSWORD,
      roleId: roles.ADMIN!,
      organisationId: distributors[0]!.id,
    }),
  };
  await database.close();
  return { organisations: orgs.length, users };
}

/** The processes whose CPU a figure counts: the server, and on PostgreSQL its database's backends. */
interface Processes {
  server: number;
  backends: (() => Promise<number[]>) | null;
}

/**
 * p50 and p95 of one list URL fetched REQUESTS times by CONCURRENCY clients at once, and the CPU
 * each request cost (ms): the clients (this process), the server, the database's backends (PostgreSQL).
 */
async function latency(url: string, bearer: string, processes: Processes, concurrency = CONCURRENCY) {
  const times: number[] = [];
  let next = 0;
  const client = async () => {
    while (next < REQUESTS) {
      next++;
      const t = performance.now();
      const r = await fetch(url, { headers: { authorization: `Bearer ${bearer}` } });
      if (!r.ok) throw new Error(`${url}: ${r.status} ${await r.text()}`);
      await r.arrayBuffer();
      times.push(performance.now() - t);
    }
  };
  const backends = processes.backends ? new CpuMeter(processes.backends) : null;
  await backends?.start();
  // a backend is counted from when it is first seen: sampled often enough to see each before it exits
  const sampling = setInterval(() => void backends?.sample().catch(() => undefined), 500);
  const server = new CpuMeter(() => [processes.server]);
  await server.start();
  const clients = process.cpuUsage();
  const started = performance.now();
  try {
    await Promise.all(Array.from({ length: concurrency }, client));
  } finally {
    clearInterval(sampling);
  }
  const seconds = (performance.now() - started) / 1000;
  const clientCpu = process.cpuUsage(clients);
  await server.sample();
  await backends?.sample();
  times.sort((a, b) => a - b);
  const perRequest = (cpu: number) => (cpu * 1000) / times.length;
  return {
    p50: times[Math.floor(times.length * 0.5)]!,
    p95: times[Math.floor(times.length * 0.95)]!,
    rps: times.length / seconds,
    cpu: {
      client: perRequest((clientCpu.user + clientCpu.system) / 1e6),
      server: perRequest(server.seconds),
      database: backends ? perRequest(backends.seconds) : null,
    },
  };
}

/** The console's export path for every device: pages of 5000 from /device/export, then CSV. */
async function exportCsv(base: string, bearer: string) {
  const device = findResource('device')!;
  const translate = (key: string) => {
    let node: unknown = en;
    for (const part of key.split('.')) node = (node as Record<string, unknown>)?.[part];
    return typeof node === 'string' ? node : key;
  };
  const started = performance.now();
  const rows: Record<string, unknown>[] = [];
  for (;;) {
    const query = new URLSearchParams({
      sort: '["imei","ASC"]',
      range: JSON.stringify([rows.length, rows.length + 4999]),
      filter: '{}',
    });
    const r = await fetch(`${base}/api/device/export?${query}`, { headers: { authorization: `Bearer ${bearer}` } });
    const page = (await r.json()) as Record<string, unknown>[];
    rows.push(...page);
    if (page.length < 5000) break;
  }
  const fetched = performance.now();
  const csv = Papa.unparse({
    fields: device.list.map((n) => translate(`resources.device.fields.${n}`)),
    data: rows.map((row) => device.list.map((n) => displayValue(device, n, row, translate))),
  });
  return { rows: rows.length, fetchMs: fetched - started, totalMs: performance.now() - started, bytes: csv.length };
}

type Latency = Awaited<ReturnType<typeof latency>>;
type Figures = Awaited<ReturnType<typeof listLatencies>>;

/** The six list figures against one running server. */
async function listLatencies(base: string, processes: Processes) {
  const superToken = await signIn(base, 'super@bench.test', PASSWORD);
  const distributorToken = await signIn(base, 'distributor@bench.test', PASSWORD);
  const health = `${base}/api/health`;
  const filtered = `${base}/api/device?${new URLSearchParams({ filter: '{"status":"ALLOCATED"}', sort: '["imei","DESC"]', range: '[20,29]' })}`;
  const searched = `${base}/api/device?${new URLSearchParams({ filter: '{"q":"86000000000123"}', sort: '["imei","ASC"]', range: '[0,9]' })}`;
  const vehicles = `${base}/api/vehicle?${new URLSearchParams({ filter: '{"category":"TRUCK"}', sort: '["registrationNumber","ASC"]', range: '[20,29]' })}`;
  // warm-up: the first requests after a start cost twice the CPU of the next ones, health's too
  await latency(filtered, distributorToken, processes);
  await latency(health, distributorToken, processes);
  return {
    // the floor: an answer that reads nothing, fetched the same way in the same run
    health: await latency(health, distributorToken, processes),
    single: await latency(filtered, distributorToken, processes, 1),
    distributor: await latency(filtered, distributorToken, processes),
    superAdmin: await latency(filtered, superToken, processes),
    search: await latency(searched, distributorToken, processes),
    vehicles: await latency(vehicles, distributorToken, processes),
    vehiclesSuperAdmin: await latency(vehicles, superToken, processes),
    superToken,
  };
}

/** `waymark serve` on the seeded database for the length of `run`. */
async function served<T>(
  env: Record<string, string>,
  code: Code,
  run: (base: string, processes: Processes) => Promise<T>,
): Promise<T> {
  const port = 19000 + Math.floor(Math.random() * 1000);
  const database = env.DATABASE_URL ? await databaseBackends(env.DATABASE_URL) : null;
  try {
    const { stop, pid } = await startServer({ ...env, WAYMARK_DEMO: '0' }, port, [], code.dir);
    try {
      return await run(`http://127.0.0.1:${port}`, { server: pid, backends: database?.pids ?? null });
    } finally {
      await stop();
    }
  } finally {
    await database?.close();
  }
}

/**
 * The same figures with the list cache (server/resources/list-cache.ts) on, then off, on the same
 * seeded database; with two codes (BENCH_BEFORE), each code's server in turn, before then after.
 */
async function measure(kind: 'postgres' | 'pglite', codes: Code[]) {
  let databaseUrl: string | undefined;
  let dataDir: string | null = null;
  let cleanup = async () => {};
  if (kind === 'postgres') {
    const scratch = await createScratchDatabase(
      process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      'waymark_bench',
    );
    databaseUrl = scratch.url;
    cleanup = scratch.drop;
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-bench-lists-'));
    cleanup = async () => fs.rmSync(dataDir!, { recursive: true, force: true });
  }
  try {
    const seeded = await seed(databaseUrl, dataDir);
    const env: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir! };
    const cached = new Map<Code, Figures>();
    const uncached = new Map<Code, Figures>();
    for (const code of codes) cached.set(code, await served(env, code, listLatencies));
    for (const code of codes)
      uncached.set(code, await served({ ...env, WAYMARK_LIST_CACHE: '0' }, code, listLatencies));
    // the export is never cached: this tree's, once
    const after = codes.at(-1)!;
    const exported = await served(env, after, async (base) => exportCsv(base, cached.get(after)!.superToken));
    return { seeded, cached, uncached, exported };
  } finally {
    await cleanup();
  }
}

/**
 * Prints each database's figures as soon as they are measured. `BENCH_BEFORE=<rev>`: that
 * revision's server too (bench/before.ts), each figure measured with it and then with this tree's.
 */
export async function listFigures(
  print: (line: string) => void,
  // BENCH_KINDS=postgres: one database only
  kinds: readonly ('postgres' | 'pglite')[] = kindsToRun<'postgres' | 'pglite'>(['postgres', 'pglite']),
) {
  const { codes, remove } = codesToCompare(process.env.BENCH_BEFORE);
  try {
    for (const kind of kinds) {
      const f = await measure(kind, codes);
      for (const code of codes) {
        const cached = f.cached.get(code)!;
        const uncached = f.uncached.get(code)!;
        const tag = codes.length > 1 ? `[${kind} ${code.label} ${code.rev}]` : `[${kind}]`;
        // CPU ms per request: the clients (this process) + the server (+ the database's backends)
        const cpu = ({ cpu: c }: Latency) =>
          `CPU ${c.client.toFixed(2)}+${c.server.toFixed(2)}${c.database === null ? '' : `+${c.database.toFixed(2)}`} ms`;
        const fmt = (l: Latency) =>
          `p50 ${l.p50.toFixed(1)} ms, p95 ${l.p95.toFixed(1)} ms, ${l.rps.toFixed(0)} req/s, ${cpu(l)}`;
        // p95 against the same run's /api/health p95 (the issue's goal: ≤ 2× with the cache, ≤ 3× without)
        const ratio = (l: Latency, run: Figures) => `${(l.p95 / run.health.p95).toFixed(2)}× health`;
        const both = (figure: (figures: Figures) => Latency) =>
          `${fmt(figure(cached))}, ${ratio(figure(cached), cached)}  | cache off: ${fmt(figure(uncached))}, ${ratio(figure(uncached), uncached)}`;
        const lines = [
          `${tag} ${DEVICES} devices, ${f.seeded.organisations} organisations, ${CONCURRENCY} concurrent clients, ${REQUESTS} requests each figure; list cache on | off (WAYMARK_LIST_CACHE=0); CPU: ms per request of the clients + the server (+ PostgreSQL)`,
          `${tag} /api/health (the floor every list is divided by below)                          ${both((x) => x.health)}`,
          `${tag} device list, status filter + imei sort, page 3, distributor, 1 client         ${both((x) => x.single)}`,
          `${tag} device list, status filter + imei sort, page 3, distributor's subtree (22%)  ${both((x) => x.distributor)}`,
          `${tag} the same list as SUPER_ADMIN (every device)                                   ${both((x) => x.superAdmin)}`,
          `${tag} device list, q search over searchable fields, distributor                     ${both((x) => x.search)}`,
          `${tag} vehicle list, category filter + registration sort, page 3, distributor          ${both((x) => x.vehicles)}`,
          `${tag} the same vehicle list as SUPER_ADMIN (every vehicle)                            ${both((x) => x.vehiclesSuperAdmin)}`,
        ];
        for (const line of lines) print(line);
      }
      const e = f.exported;
      print(
        `[${kind}] CSV export of all ${e.rows} devices (pages of 5000 + papaparse, never cached)  ${e.totalMs.toFixed(0)} ms (fetch ${e.fetchMs.toFixed(0)} ms), ${(e.bytes / 1024 / 1024).toFixed(1)} MiB`,
      );
    }
  } finally {
    remove();
  }
}
