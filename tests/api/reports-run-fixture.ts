/**
 * The run reports' fixture, hand-checked: three days (30 and 31 October, 1 November 2026, across a
 * month end) of daily_summaries, trips and stops for three devices, inserted directly.
 *  - Sunrise 1 (UP78RR0001, Sunrise Logistics), device D1: all three days.
 *  - Ganga 2 (UP32RR0002, Ganga Movers, another tenant), device D2: 31 October and 1 November.
 *  - Sunrise 3 (UP78RR0003, Sunrise's vehicle), device D3: Sunrise held it until midnight starting
 *    1 November (Asia/Kolkata), Ganga Movers from then; a row on 30 October and one on 1 November.
 */
import { sql } from 'drizzle-orm';
import type { TestServer } from './harness.ts';
import { signIn } from './harness.ts';
import { call, demoWorld, type Api } from './resource-fixtures.ts';
import { FITTED_EARLY, fittedSince } from '../support/tracked-from.ts';

export interface RunWorld {
  as: { superadmin: Api; customer: Api; ganga: Api };
  orgs: { sunrise: string; ganga: string };
  vehicles: { v1: string; v2: string; v3: string };
  devices: { d1: string; d2: string; d3: string };
  imei3: string;
}

const ok = async (api: Api, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const response = await call(api, method, url, payload);
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
};

/** When Ganga Movers took D3: midnight starting 1 November 2026 in Asia/Kolkata. */
export const MOVED_AT = '2026-10-31T18:30:00Z';

interface Day {
  day: string;
  distance: number;
  running: number;
  idle: number;
  stopped: number;
  firstOn: string | null;
  lastOff: string | null;
  maxSpeed: number;
  trips: number;
  alerts: Record<string, number>;
}

/** IST wall time on a fixture day as an instant. */
export const ist = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`).toISOString();

const summaries: Record<'d1' | 'd2' | 'd3', Day[]> = {
  d1: [
    {
      day: '2026-10-30',
      distance: 120000,
      running: 10800,
      idle: 1800,
      stopped: 73800,
      firstOn: ist('2026-10-30', '08:00'),
      lastOff: ist('2026-10-30', '19:00'),
      maxSpeed: 72,
      trips: 3,
      alerts: { OVERSPEED: 2, SOS: 1 },
    },
    {
      day: '2026-10-31',
      distance: 80000,
      running: 7200,
      idle: 3600,
      stopped: 75600,
      firstOn: ist('2026-10-31', '09:00'),
      lastOff: ist('2026-10-31', '18:00'),
      maxSpeed: 65,
      trips: 2,
      alerts: {},
    },
    {
      day: '2026-11-01',
      distance: 0,
      running: 0,
      idle: 0,
      stopped: 86400,
      firstOn: null,
      lastOff: null,
      maxSpeed: 0,
      trips: 0,
      alerts: { TAMPER: 1 },
    },
  ],
  d2: [
    {
      day: '2026-10-31',
      distance: 50000,
      running: 5400,
      idle: 600,
      stopped: 80400,
      firstOn: ist('2026-10-31', '10:00'),
      lastOff: ist('2026-10-31', '11:30'),
      maxSpeed: 55,
      trips: 1,
      alerts: { SOS: 2 },
    },
    {
      day: '2026-11-01',
      distance: 30000,
      running: 3600,
      idle: 0,
      stopped: 82800,
      firstOn: ist('2026-11-01', '07:00'),
      lastOff: ist('2026-11-01', '08:00'),
      maxSpeed: 50,
      trips: 1,
      alerts: {},
    },
  ],
  d3: [
    {
      day: '2026-10-30',
      distance: 40000,
      running: 3600,
      idle: 900,
      stopped: 81900,
      firstOn: ist('2026-10-30', '10:00'),
      lastOff: ist('2026-10-30', '11:00'),
      maxSpeed: 60,
      trips: 1,
      alerts: {},
    },
    {
      day: '2026-11-01',
      distance: 60000,
      running: 4500,
      idle: 300,
      stopped: 81600,
      firstOn: ist('2026-11-01', '10:00'),
      lastOff: ist('2026-11-01', '11:15'),
      maxSpeed: 70,
      trips: 2,
      alerts: { OVERSPEED: 1 },
    },
  ],
};

interface Trip {
  day: string;
  start: string;
  end: string;
  from: [number, number];
  to: [number, number];
  distance: number;
  duration: number;
  max: number;
  avg: number;
  open?: boolean;
}

/** Trips by device; times IST. */
const trips: Record<'d1' | 'd2' | 'd3', Trip[]> = {
  d1: [
    {
      day: '2026-10-30',
      start: '08:00',
      end: '09:30',
      from: [26.449923, 80.331871],
      to: [26.5, 80.4],
      distance: 45000,
      duration: 5400,
      max: 72,
      avg: 30,
    },
    {
      day: '2026-10-30',
      start: '12:00',
      end: '12:20',
      from: [26.5, 80.4],
      to: [26.52, 80.41],
      distance: 3000,
      duration: 1200,
      max: 40,
      avg: 9,
    },
    {
      day: '2026-10-31',
      start: '09:00',
      end: '10:00',
      from: [26.52, 80.41],
      to: [26.8, 80.9],
      distance: 40000,
      duration: 3600,
      max: 65,
      avg: 40,
      open: true,
    },
  ],
  d2: [
    {
      day: '2026-10-31',
      start: '10:00',
      end: '11:30',
      from: [25.3, 82.9],
      to: [25.6, 83.2],
      distance: 50000,
      duration: 5400,
      max: 55,
      avg: 33.3,
    },
  ],
  d3: [
    {
      day: '2026-10-30',
      start: '10:00',
      end: '11:00',
      from: [26.4, 80.3],
      to: [26.7, 80.5],
      distance: 40000,
      duration: 3600,
      max: 60,
      avg: 40,
    },
    {
      day: '2026-11-01',
      start: '10:00',
      end: '11:15',
      from: [26.7, 80.5],
      to: [27.1, 80.9],
      distance: 60000,
      duration: 4500,
      max: 70,
      avg: 48,
    },
  ],
};

/** D1's stops on 30 October: between its two trips, and after the second. */
const stops = [
  { day: '2026-10-30', start: '09:30', end: '12:00', at: [26.5, 80.4], duration: 9000, ignitionOn: 0 },
  { day: '2026-10-30', start: '12:20', end: '18:00', at: [26.52, 80.41], duration: 20400, ignitionOn: 600 },
];

export async function runWorld(server: TestServer): Promise<RunWorld> {
  const { as, orgs } = await demoWorld(server.app, ['superadmin', 'customer']);
  const admin = as.superadmin!;
  const root = (
    (await ok(admin, 'GET', '/organisation?range=[0,50]')) as { id: string; parentId: string | null }[]
  ).find((o) => !o.parentId)!;
  const ganga = (
    await ok(admin, 'POST', '/organisation', {
      parentId: root.id,
      tradeName: 'Ganga Movers',
      brandName: 'Ganga Movers',
      email: 'ops@gangamovers.in',
    })
  ).id as string;
  const roles = (await ok(admin, 'GET', '/roles?range=[0,20]')) as { id: string; name: string }[];
  await ok(admin, 'POST', '/users', {
    firstName: 'Gita',
    lastName: 'Rao',
    email: 'gita@gangamovers.in',
    phone: '9811111111',
    password: 'Ganga-pass-2026',
    roleId: roles.find((r) => r.name === 'CUSTOMER')!.id,
    organisationId: ganga,
  });
  const gangaApi = {
    app: server.app,
    token: (await signIn(server.app, 'gita@gangamovers.in', 'Ganga-pass-2026')).token.access.token,
  };
  const sunrise = orgs['Sunrise Logistics']!;

  const fit = async (imei: string, registrationNumber: string, name: string, organisationId: string) => {
    const device = (await ok(admin, 'POST', '/device', { imei, status: 'NEW', organisationId })).id as string;
    const vehicle = (
      await ok(admin, 'POST', '/vehicle', {
        name,
        registrationNumber,
        category: 'TRUCK',
        deviceId: device,
        organisationId,
      })
    ).id as string;
    await fittedSince(server.database.db, vehicle, FITTED_EARLY);
    return { device, vehicle };
  };
  const one = await fit('868347075560001', 'UP78RR0001', 'Sunrise 1', sunrise);
  const two = await fit('868347075560002', 'UP32RR0002', 'Ganga 2', ganga);
  const three = await fit('868347075560003', 'UP78RR0003', 'Sunrise 3', sunrise);

  const db = server.database.db;
  // D3 went to Ganga Movers at MOVED_AT (still fitted to Sunrise's vehicle): its periods say so
  await db.execute(sql`update devices set organisation_id = ${ganga}::uuid where id = ${three.device}::uuid`);
  await db.execute(sql`delete from device_ownership_periods where device_id = ${three.device}::uuid`);
  await db.execute(sql`insert into device_ownership_periods (device_id, organisation_id, valid_from, valid_to) values
    (${three.device}::uuid, ${sunrise}::uuid, '-infinity', ${MOVED_AT}::timestamptz),
    (${three.device}::uuid, ${ganga}::uuid, ${MOVED_AT}::timestamptz, null)`);

  const devices = { d1: one.device, d2: two.device, d3: three.device };
  for (const [key, days] of Object.entries(summaries) as ['d1' | 'd2' | 'd3', Day[]][]) {
    for (const d of days) {
      await db.execute(sql`insert into daily_summaries (device_id, day, distance_meters, running_seconds, idle_seconds, stopped_seconds,
          first_ignition_on, last_ignition_off, max_speed, trips, alert_counts)
        values (${devices[key]}::uuid, ${d.day}::date, ${d.distance}, ${d.running}, ${d.idle}, ${d.stopped},
          ${d.firstOn}::timestamptz, ${d.lastOff}::timestamptz, ${d.maxSpeed}, ${d.trips}, ${JSON.stringify(d.alerts)}::jsonb)`);
    }
  }
  for (const [key, list] of Object.entries(trips) as ['d1' | 'd2' | 'd3', Trip[]][]) {
    for (const t of list) {
      await db.execute(sql`insert into trips (device_id, day, start_time, end_time, start_latitude, start_longitude, end_latitude, end_longitude,
          distance_meters, duration_seconds, max_speed, average_speed, ignition_on_seconds, open)
        values (${devices[key]}::uuid, ${t.day}::date, ${ist(t.day, t.start)}::timestamptz, ${ist(t.day, t.end)}::timestamptz,
          ${t.from[0]}, ${t.from[1]}, ${t.to[0]}, ${t.to[1]}, ${t.distance}, ${t.duration}, ${t.max}, ${t.avg}, ${t.duration}, ${t.open ?? false})`);
    }
  }
  for (const s of stops) {
    await db.execute(sql`insert into stops (device_id, day, start_time, end_time, latitude, longitude, duration_seconds, ignition, ignition_on_seconds)
      values (${devices.d1}::uuid, ${s.day}::date, ${ist(s.day, s.start)}::timestamptz, ${ist(s.day, s.end)}::timestamptz,
        ${s.at[0]}, ${s.at[1]}, ${s.duration}, false, ${s.ignitionOn})`);
  }
  return {
    as: { superadmin: admin, customer: as.customer!, ganga: gangaApi },
    orgs: { sunrise, ganga },
    vehicles: { v1: one.vehicle, v2: two.vehicle, v3: three.vehicle },
    devices,
    imei3: '868347075560003',
  };
}
