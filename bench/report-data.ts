// Report data: a fleet of N vehicles with D days of positions at one a minute, for the report figures (bench/reports.ts).
// `npm run bench -- report-data [--vehicles N] [--days D] [--db postgres|pglite] [--keep]` loads it alone and prints rows/s.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../server/db/client.ts';
import { createScratchDatabase } from '../server/db/scratch.ts';
import { ensureSystemRoles, systemRoleIds } from '../server/seed/roles.ts';
import { createOrganisation } from '../server/organisations/service.ts';
import { createUser } from '../server/users/service.ts';
import { createMonthPartition, kolkataMonth } from '../server/tracking/partitions.ts';
import { PACKET_EVENTS } from '../resources/tracking.ts';
import { query } from '../server/resources/sql.ts';
import { seededRandom } from '../tests/support/random.ts';

export const PASSWORD = 'Bench-pass-2026';
export const USERS = { superAdmin: 'super@reports.bench', customer: 'fleet@reports.bench' };
const FIRST_IMEI = '868000000000000';
/** Positions written per INSERT: big enough to be quick, small enough for PGlite's memory. */
const ROWS_PER_INSERT = 400_000;
const MINUTE = 60_000;

export interface ReportData {
  kind: 'postgres' | 'pglite';
  /** How the server reaches it: DATABASE_URL or DATA_DIR. */
  env: Record<string, string>;
  vehicles: number;
  days: number;
  /** The loaded period: D whole Asia/Kolkata days ending at the start of today. */
  from: string;
  to: string;
  positions: number;
  drop(): Promise<void>;
}

interface Segment {
  device_id: string;
  s: number;
  n: number;
  mv: boolean;
  lat0: number;
  lon0: number;
  lat1: number;
  lon1: number;
  v: number;
  h: number;
  idle: number;
  hb: number;
  os: number;
  k: number;
}

/**
 * One vehicle's days as segments: trips of 20–90 minutes (mean speed 20–55 km/h, 0–70 at each
 * fix, ignition on) between stops of 10–120 minutes (ignition off after 0–5 minutes of idling).
 * Some trips brake harshly or overspeed once; the minute numbers are from the period's start.
 */
function segmentsOf(deviceId: string, index: number, days: number): Segment[] {
  const next = seededRandom(index + 1);
  const total = days * 1440;
  let lat = 22 + next() * 5;
  let lon = 76 + next() * 8;
  let heading = next() * 360;
  let moving = next() < 0.3;
  const segments: Segment[] = [];
  for (let minute = 0; minute < total;) {
    const n = Math.min(total - minute, moving ? 20 + Math.floor(next() * 71) : 10 + Math.floor(next() * 111));
    if (moving) {
      const v = 20 + next() * 35;
      heading = (heading + (next() - 0.5) * 120 + 360) % 360;
      const km = (v * n) / 60;
      let lat1 = lat + (km * Math.cos((heading * Math.PI) / 180)) / 111;
      let lon1 = lon + (km * Math.sin((heading * Math.PI) / 180)) / (111 * Math.cos((lat * Math.PI) / 180));
      // stay inside central India: turn back at the edges
      if (lat1 < 20 || lat1 > 29 || lon1 < 74 || lon1 > 86) {
        heading = (heading + 180) % 360;
        lat1 = 2 * lat - lat1;
        lon1 = 2 * lon - lon1;
      }
      segments.push({
        device_id: deviceId,
        s: minute,
        n,
        mv: true,
        lat0: lat,
        lon0: lon,
        lat1,
        lon1,
        v,
        h: Math.round(heading),
        idle: 0,
        hb: next() < 0.2 ? Math.floor(next() * n) : -1,
        os: next() < 0.1 ? Math.floor(next() * n) : -1,
        k: next() * 6,
      });
      [lat, lon] = [lat1, lon1];
    } else {
      segments.push({
        device_id: deviceId,
        s: minute,
        n,
        mv: false,
        lat0: lat,
        lon0: lon,
        lat1: lat,
        lon1: lon,
        v: 0,
        h: Math.round(heading),
        idle: Math.floor(next() * 6),
        hb: -1,
        os: -1,
        k: 0,
      });
    }
    minute += n;
    moving = !moving;
  }
  return segments;
}

/** Exactly the columns the gateway's ingest writes (server/gateway/store.ts), one fix a minute along the segments. */
function insertPositions(start: string, segments: Segment[]) {
  return sql`
    insert into positions (device_id, fix_time, received_at, latitude, longitude, speed, heading, altitude, satellites, ignition, gps_fix, live, packet_type, attributes)
    select s.device_id, f.t, f.t + interval '2 seconds',
      s.lat0 + (s.lat1 - s.lat0) * i / s.n, s.lon0 + (s.lon1 - s.lon0) * i / s.n,
      case when i = s.os then 68 when s.mv then greatest(3, least(66, s.v + 12 * sin(i / 4.0 + s.k))) else 0 end,
      s.h, 120 + (i % 7), 10 + (i % 6), s.mv or i < s.idle, true, true,
      case when s.mv and i = 0 then 'IN' when not s.mv and i = s.idle then 'IF' when i = s.hb then 'HB' when i = s.os then 'OS' else 'NR' end,
      '{"mainPower": true, "mainVoltage": 12.6, "batteryVoltage": 4.1, "gsmSignal": 22, "checksum": "BENCH"}'::jsonb
    from jsonb_to_recordset(${JSON.stringify(segments)}::jsonb)
      as s(device_id uuid, s integer, n integer, mv boolean, lat0 float8, lon0 float8, lat1 float8, lon1 float8, v float8, h real, idle integer, hb integer, os integer, k float8)
    cross join lateral generate_series(0, s.n - 1) i
    cross join lateral (select ${start}::timestamptz + make_interval(mins => s.s + i) as t) f`;
}

/** The alerts those packet types raise, as the gateway stores them (type, vehicle, organisation at the time). */
function insertEvents(deviceIds: string[]) {
  const types = Object.entries(PACKET_EVENTS)
    .filter(([, type]) => type)
    .map(([packet, type]) => sql`(${packet}, ${type})`);
  return sql`
    insert into events (type, device_id, vehicle_id, organisation_id, event_time, latitude, longitude, attributes)
    select e.type, p.device_id, v.id, d.organisation_id, p.fix_time, p.latitude, p.longitude,
      jsonb_build_object('packetType', p.packet_type, 'live', true, 'speed', p.speed)
    from positions p join (values ${sql.join(types, sql`, `)}) as e(packet, type) on e.packet = p.packet_type
    join devices d on d.id = p.device_id left join vehicles v on v.device_id = p.device_id
    where p.device_id = any(${`{${deviceIds.join(',')}}`}::uuid[]) and p.packet_type <> 'NR'`;
}

/** Each device's latest position and first fix, as the ingest leaves them: the summariser starts from summary_from. */
function setDeviceStates(deviceIds: string[]) {
  return sql`
    insert into device_states (device_id, last_seen_at, last_position, last_attributes, summary_from)
    select d.id, l.received_at, jsonb_build_object('fixTime', to_json(l.fix_time) #>> '{}', 'latitude', l.latitude, 'longitude', l.longitude,
        'speed', l.speed, 'heading', l.heading, 'altitude', l.altitude, 'satellites', l.satellites, 'ignition', l.ignition, 'gpsFix', l.gps_fix,
        'receivedAt', to_json(l.received_at) #>> '{}', 'packetType', l.packet_type, 'live', true), l.attributes::json,
      (select min(fix_time) from positions f where f.device_id = d.id)
    from unnest(${`{${deviceIds.join(',')}}`}::uuid[]) as d(id)
    cross join lateral (select * from positions p where p.device_id = d.id order by p.fix_time desc limit 1) l
    on conflict (device_id) do update set last_seen_at = excluded.last_seen_at, last_position = excluded.last_position,
      last_attributes = excluded.last_attributes, summary_from = excluded.summary_from`;
}

/** The lead's summariser, when this branch has it. */
async function summarise(db: Db, print: (line: string) => void) {
  const file = '../server/reports/summariser.ts';
  let summariser: { summariseAll?: (db: Db) => Promise<{ devices: number; positions: number }> };
  try {
    summariser = (await import(file)) as typeof summariser;
  } catch {
    print('  summariser not available: trips, stops and daily summaries stay empty');
    return;
  }
  if (!summariser.summariseAll) {
    print('  summariser not available (no summariseAll)');
    return;
  }
  const t = performance.now();
  const done = await summariser.summariseAll(db);
  const seconds = (performance.now() - t) / 1000;
  print(
    `  summarised ${done.devices} devices, ${done.positions.toLocaleString('en')} positions in ${seconds.toFixed(1)} s (${Math.round(done.positions / seconds).toLocaleString('en')} positions/s)`,
  );
}

/** Creates the fleet in a fresh database and loads its history; prints how fast. */
export async function loadReportData(
  options: { kind: 'postgres' | 'pglite'; vehicles: number; days: number; adminUrl?: string },
  print: (line: string) => void,
): Promise<ReportData> {
  const { kind, vehicles, days } = options;
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  let databaseUrl: string | undefined;
  let dataDir: string | null = null;
  if (kind === 'postgres') {
    const scratch = await createScratchDatabase(
      options.adminUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      'waymark_reports',
    );
    databaseUrl = scratch.url;
    env = { DATABASE_URL: scratch.url };
    drop = scratch.drop;
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-reports-'));
    env = { DATA_DIR: dataDir };
    const dir = dataDir;
    drop = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const database = await openDatabase({ databaseUrl, dataDir });
  const { db } = database;

  // the fleet: the bulk path of bench/ingest.ts (one statement per table; the ownership triggers run as on any insert)
  await ensureSystemRoles(db);
  const roles = await systemRoleIds(db);
  const root = await createOrganisation(db, { tradeName: 'Reports root', brandName: 'Reports' });
  const fleet = await createOrganisation(db, { tradeName: 'Reports fleet', brandName: 'Fleet', parentId: root.id });
  await db.execute(sql`insert into devices (imei, status, organisation_id)
    select (${FIRST_IMEI}::bigint + g)::text, 'INSTALLED', ${fleet.id}::uuid from generate_series(0, ${vehicles - 1}) g`);
  await db.execute(sql`insert into vehicles (name, registration_number, category, device_id, organisation_id)
    select 'Truck ' || g, 'RP' || lpad(g::text, 6, '0'), 'TRUCK', d.id, ${fleet.id}::uuid
    from devices d, lateral (select (d.imei::bigint - ${FIRST_IMEI}::bigint) as g) n`);
  await createUser(db, {
    firstName: 'Bench',
    email: USERS.superAdmin,
    password: PASSWORD,
    roleId: roles.SUPER_ADMIN!,
    organisationId: root.id,
  });
  await createUser(db, {
    firstName: 'Fleet',
    email: USERS.customer,
    password: PASSWORD,
    roleId: roles.CUSTOMER!,
    organisationId: fleet.id,
  });
  const devices = await query<{ id: string }>(db, sql`select id from devices order by imei`);

  // D whole Kolkata days up to the start of today, in the partitions of their months
  const today = new Date(Date.now() + 330 * MINUTE).toISOString().slice(0, 10);
  const end = Date.parse(`${today}T00:00:00+05:30`);
  const start = end - days * 1440 * MINUTE;
  for (
    let m = kolkataMonth(new Date(start));
    m.year * 12 + m.month <= kolkataMonth(new Date(end)).year * 12 + kolkataMonth(new Date(end)).month;
  ) {
    await createMonthPartition(db, m);
    m = m.month === 12 ? { year: m.year + 1, month: 1 } : { year: m.year, month: m.month + 1 };
  }
  const perInsert = Math.max(1, Math.floor(ROWS_PER_INSERT / (days * 1440)));
  const t0 = performance.now();
  const stages = { positions: 0, alertsAndStates: 0 };
  let written = 0;
  for (let i = 0; i < devices.length; i += perInsert) {
    const batch = devices.slice(i, i + perInsert);
    const segments = batch.flatMap((d, k) => segmentsOf(d.id, i + k, days));
    let t = performance.now();
    await db.execute(insertPositions(new Date(start).toISOString(), segments));
    stages.positions += performance.now() - t;
    t = performance.now();
    await db.execute(insertEvents(batch.map((d) => d.id)));
    await db.execute(setDeviceStates(batch.map((d) => d.id)));
    stages.alertsAndStates += performance.now() - t;
    written += batch.length * days * 1440;
    const seconds = (performance.now() - t0) / 1000;
    if (i + perInsert >= devices.length || i % (perInsert * 10) === 0) {
      print(
        `  [${kind}] ${written.toLocaleString('en')} positions, ${Math.round(written / seconds).toLocaleString('en')} rows/s`,
      );
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  const [events] = await query<{ n: number }>(db, sql`select count(*)::integer as n from events`);
  print(
    `[${kind}] loaded ${vehicles} vehicles × ${days} days: ${written.toLocaleString('en')} positions and ${events!.n.toLocaleString('en')} alerts in ${seconds.toFixed(1)} s, ${Math.round(written / seconds).toLocaleString('en')} rows/s`,
  );
  print(
    `  of which inserting positions ${(stages.positions / 1000).toFixed(1)} s, alerts and device states ${(stages.alertsAndStates / 1000).toFixed(1)} s`,
  );
  const v = performance.now();
  await db.execute(sql`vacuum analyze`);
  print(`  vacuum analyze ${((performance.now() - v) / 1000).toFixed(1)} s`);
  await summarise(db, print);
  await database.close();
  return {
    kind,
    env,
    vehicles,
    days,
    from: new Date(start).toISOString(),
    to: new Date(end).toISOString(),
    positions: written,
    drop,
  };
}

export interface ReportBenchOptions {
  vehicles?: number;
  days?: number;
  db?: 'postgres' | 'pglite';
  keep?: boolean;
}

/** Reads --vehicles, --days, --db and --keep after the bench's name. */
export function reportBenchOptions(argv: string[]): ReportBenchOptions {
  const options: ReportBenchOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const [name, value] = [argv[i], argv[i + 1]];
    if (name === '--vehicles' || name === '--days') {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1) throw new Error(`${name} needs a whole number, got "${value}"`);
      options[name === '--vehicles' ? 'vehicles' : 'days'] = n;
      i++;
    } else if (name === '--db') {
      if (value !== 'postgres' && value !== 'pglite') throw new Error(`--db is postgres or pglite, got "${value}"`);
      options.db = value;
      i++;
    } else if (name === '--keep') options.keep = true;
    else throw new Error(`unknown option ${name}: --vehicles N --days D --db postgres|pglite --keep`);
  }
  return options;
}

/** Defaults: PostgreSQL 1,000 vehicles × 30 days (about 43 M positions), PGlite 100 × 30. */
export const sizeFor = (kind: 'postgres' | 'pglite', options: ReportBenchOptions) => ({
  vehicles: options.vehicles ?? (kind === 'postgres' ? 1000 : 100),
  days: options.days ?? 30,
});

export const adminUrl = () =>
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** `npm run bench -- report-data`: loads, prints, and drops the database unless --keep. */
export async function reportDataFigures(argv: string[], print: (line: string) => void) {
  const options = reportBenchOptions(argv);
  for (const kind of options.db ? [options.db] : (['postgres', 'pglite'] as const)) {
    const data = await loadReportData({ kind, ...sizeFor(kind, options), adminUrl: adminUrl() }, print);
    if (options.keep)
      print(
        `  kept: ${Object.entries(data.env)
          .map(([k, v]) => `${k}=${v}`)
          .join(' ')} (users ${USERS.customer}, ${USERS.superAdmin}, password ${PASSWORD})`,
      );
    else await data.drop();
  }
}
