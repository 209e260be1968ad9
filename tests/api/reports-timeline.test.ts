import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { signIn, startTestServer, type TestServer } from './harness.ts';
import { call, demoWorld, type Api } from './resource-fixtures.ts';
import { FITTED_EARLY, fittedSince } from '../support/tracked-from.ts';

/**
 * The vehicle timeline and the duty report read the summariser's tables; the rows here are
 * inserted by hand (times in Asia/Kolkata, +05:30) so every figure is checked against a known day.
 */
let server: TestServer;
let as: Record<string, Api>;
let orgs: Record<string, string>;
let ganga: Api;
/** Sunrise's truck, its device held by Sunrise since 1 January 2026. */
let truck: { vehicle: string; device: string };
/** A device Sunrise held until 12 March 2026, Ganga Movers since, fitted to Ganga's vehicle. */
let moved: { vehicle: string; device: string };

const exec = (statement: ReturnType<typeof sql>) => server.database.db.execute(statement);
const ok = async (api: Api, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const response = await call(api, method, url, payload);
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
};

async function insertTrip(device: string, day: string, start: string, end: string, metres: number, open = false) {
  const seconds = (Date.parse(end) - Date.parse(start)) / 1000;
  await exec(sql`insert into trips (device_id, day, start_time, end_time, start_latitude, start_longitude, end_latitude, end_longitude,
      distance_meters, duration_seconds, max_speed, average_speed, ignition_on_seconds, open)
    values (${device}::uuid, ${day}::date, ${start}::timestamptz, ${end}::timestamptz, 26.45, 80.33, 26.5, 80.4,
      ${metres}, ${seconds}, 62, ${Math.round((metres / seconds) * 3.6)}, ${seconds}, ${open})`);
}
async function insertStop(device: string, day: string, start: string, end: string, open = false) {
  await exec(sql`insert into stops (device_id, day, start_time, end_time, latitude, longitude, duration_seconds, ignition, open)
    values (${device}::uuid, ${day}::date, ${start}::timestamptz, ${end}::timestamptz, 26.45, 80.33,
      ${(Date.parse(end) - Date.parse(start)) / 1000}, false, ${open})`);
}
async function insertSummary(
  device: string,
  day: string,
  figures: { metres: number; running: number; idle: number; trips: number; first?: string; last?: string },
) {
  await exec(sql`insert into daily_summaries (device_id, day, distance_meters, running_seconds, idle_seconds, stopped_seconds,
      first_ignition_on, last_ignition_off, max_speed, trips, stops, positions, alert_counts)
    values (${device}::uuid, ${day}::date, ${figures.metres}, ${figures.running}, ${figures.idle}, ${86_400 - figures.running - figures.idle},
      ${figures.first ?? null}::timestamptz, ${figures.last ?? null}::timestamptz, 62, ${figures.trips}, 2, 500, ${JSON.stringify({ OVERSPEED: 1 })}::jsonb)`);
}
async function insertEvent(device: string, organisation: string, type: string, time: string) {
  await exec(
    sql`insert into events (type, device_id, organisation_id, event_time) values (${type}, ${device}::uuid, ${organisation}::uuid, ${time}::timestamptz)`,
  );
}
/** Replaces the device's ownership history: [organisation, from, to | null] stretches. */
async function periods(device: string, stretches: [string, string, string | null][]) {
  await exec(sql`delete from device_ownership_periods where device_id = ${device}::uuid`);
  for (const [organisation, from, to] of stretches) {
    await exec(sql`insert into device_ownership_periods (device_id, organisation_id, valid_from, valid_to)
      values (${device}::uuid, ${organisation}::uuid, ${from}::timestamptz, ${to}::timestamptz)`);
  }
}

const timeline = (api: Api, vehicleId: string, day: string) =>
  call(api, 'GET', `/vehicle/trips/timelinev2?vehicleId=${vehicleId}&day=${day}`);
const items = async (api: Api, vehicleId: string, day: string) => {
  const response = await timeline(api, vehicleId, day);
  expect(response.statusCode).toBe(200);
  const data = response.json().data as {
    summary: Record<string, unknown> | null;
    items: { kind: string; start: string; end?: string; type?: string; distanceMeters?: number; open?: boolean }[];
  };
  // instants as ISO strings in UTC, whatever offset notation the database wrote
  for (const item of data.items) {
    item.start = new Date(item.start).toISOString();
    if (item.end) item.end = new Date(item.end).toISOString();
  }
  return data;
};
const ist = (day: string, time: string) => new Date(`${day}T${time}+05:30`).toISOString();

beforeAll(async () => {
  server = await startTestServer();
  ({ as, orgs } = await demoWorld(server.app, ['superadmin', 'customer', 'limited']));
  const admin = as.superadmin!;
  const root = (
    (await ok(admin, 'GET', '/organisation?range=[0,50]')) as { id: string; parentId: string | null }[]
  ).find((o) => !o.parentId)!;
  orgs['Ganga Movers'] = (
    await ok(admin, 'POST', '/organisation', {
      parentId: root.id,
      tradeName: 'Ganga Movers',
      brandName: 'Ganga Movers',
      email: 'ops@gangamovers.in',
    })
  ).id;
  const roles = (await ok(admin, 'GET', '/roles?range=[0,20]')) as { id: string; name: string }[];
  await ok(admin, 'POST', '/users', {
    firstName: 'Gita',
    lastName: 'Rao',
    email: 'gita@gangamovers.in',
    phone: '9811111111',
    password: 'Ganga-pass-2026',
    roleId: roles.find((r) => r.name === 'CUSTOMER')!.id,
    organisationId: orgs['Ganga Movers'],
  });
  ganga = {
    app: server.app,
    token: (await signIn(server.app, 'gita@gangamovers.in', 'Ganga-pass-2026')).token.access.token,
  };

  const sunrise = orgs['Sunrise Logistics']!;
  const device = (
    await ok(admin, 'POST', '/device', { imei: '868347075560001', status: 'NEW', organisationId: sunrise })
  ).id as string;
  const vehicle = (
    await ok(admin, 'POST', '/vehicle', {
      name: 'Timeline 1',
      registrationNumber: 'UP78TL0001',
      category: 'TRUCK',
      deviceId: device,
      organisationId: sunrise,
    })
  ).id as string;
  truck = { vehicle, device };
  await fittedSince(server.database.db, vehicle, FITTED_EARLY);
  await periods(device, [[sunrise, '2026-01-01T00:00:00+05:30', null]]);

  const movedDevice = (
    await ok(admin, 'POST', '/device', { imei: '868347075560002', status: 'NEW', organisationId: orgs['Ganga Movers'] })
  ).id as string;
  const gangaVehicle = (
    await ok(admin, 'POST', '/vehicle', {
      name: 'Ganga 1',
      registrationNumber: 'UP32TL0002',
      category: 'TRUCK',
      deviceId: movedDevice,
      organisationId: orgs['Ganga Movers'],
    })
  ).id as string;
  moved = { vehicle: gangaVehicle, device: movedDevice };
  await fittedSince(server.database.db, gangaVehicle, FITTED_EARLY);
  await periods(movedDevice, [
    [sunrise, '2026-01-01T00:00:00+05:30', '2026-03-12T00:00:00+05:30'],
    [orgs['Ganga Movers']!, '2026-03-12T00:00:00+05:30', null],
  ]);

  // 10 March: parked overnight, a morning run with an overspeed, a halt, an evening run that crosses midnight
  const d = '2026-03-10';
  await insertStop(device, d, ist(d, '00:00:00'), ist(d, '06:00:00'));
  await insertTrip(device, d, ist(d, '06:00:00'), ist(d, '07:30:00'), 42_300);
  await insertEvent(device, sunrise, 'OVERSPEED', ist(d, '07:00:00'));
  await insertStop(device, d, ist(d, '07:30:00'), ist(d, '23:30:00'));
  await insertTrip(device, d, ist(d, '23:30:00'), ist('2026-03-11', '00:00:00'), 20_000);
  await insertTrip(device, '2026-03-11', ist('2026-03-11', '00:00:00'), ist('2026-03-11', '00:45:00'), 30_000, true);
  await insertEvent(device, sunrise, 'SOS', ist('2026-03-11', '00:10:00'));
  await insertSummary(device, d, {
    metres: 62_300,
    running: 7200,
    idle: 900,
    trips: 2,
    first: ist(d, '05:58:00'),
    last: ist('2026-03-11', '00:00:00'),
  });

  // the moved device: a day while Sunrise held it, and one since Ganga does
  await insertTrip(movedDevice, d, ist(d, '09:00:00'), ist(d, '10:00:00'), 10_000);
  await insertSummary(movedDevice, d, { metres: 10_000, running: 3600, idle: 0, trips: 1 });
  await insertTrip(movedDevice, '2026-03-13', ist('2026-03-13', '09:00:00'), ist('2026-03-13', '11:00:00'), 55_000);
  await insertSummary(movedDevice, '2026-03-13', { metres: 55_000, running: 7200, idle: 1800, trips: 1 });
});
afterAll(async () => {
  await server?.close();
});

describe('the vehicle timeline', () => {
  it("lists the day's stops, trips and alerts in time order with the day's summary", async () => {
    const data = await items(as.customer!, truck.vehicle, '2026-03-10');
    expect(data.items.map((i) => `${i.kind}${i.type ? `:${i.type}` : ''}@${i.start}`)).toEqual([
      `stop@${ist('2026-03-10', '00:00:00')}`,
      `trip@${ist('2026-03-10', '06:00:00')}`,
      `event:OVERSPEED@${ist('2026-03-10', '07:00:00')}`,
      `stop@${ist('2026-03-10', '07:30:00')}`,
      `trip@${ist('2026-03-10', '23:30:00')}`,
    ]);
    expect(data.items[1]).toMatchObject({ distanceMeters: 42_300, durationSeconds: 5400, open: false });
    expect(data.summary).toMatchObject({
      distanceMeters: 62_300,
      runningSeconds: 7200,
      idleSeconds: 900,
      trips: 2,
      alertCounts: { OVERSPEED: 1 },
    });
  });

  it('shows a trip across midnight on both days, each day its own part, the open one marked', async () => {
    const before = (await items(as.customer!, truck.vehicle, '2026-03-10')).items.at(-1)!;
    expect(before).toMatchObject({ kind: 'trip', end: ist('2026-03-11', '00:00:00'), distanceMeters: 20_000 });
    const after = await items(as.customer!, truck.vehicle, '2026-03-11');
    expect(after.items.map((i) => [i.kind, i.start, i.distanceMeters, i.open])).toEqual([
      ['trip', ist('2026-03-11', '00:00:00'), 30_000, true],
      ['event', ist('2026-03-11', '00:10:00'), undefined, undefined],
    ]);
    expect(after.summary).toBeNull();
  });

  it("answers 404 for another organisation's vehicle and 403 without the report", async () => {
    expect((await timeline(ganga, truck.vehicle, '2026-03-10')).statusCode).toBe(404);
    expect((await timeline(as.customer!, moved.vehicle, '2026-03-13')).statusCode).toBe(404);
    expect((await timeline(as.limited!, truck.vehicle, '2026-03-10')).statusCode).toBe(403);
  });

  it("hides a moved device's days from before the move from its new owner", async () => {
    const earlier = await items(ganga, moved.vehicle, '2026-03-10');
    expect(earlier).toMatchObject({ items: [], summary: null });
    const since = await items(ganga, moved.vehicle, '2026-03-13');
    expect(since.items.map((i) => [i.kind, i.distanceMeters])).toEqual([['trip', 55_000]]);
    expect(since.summary).toMatchObject({ distanceMeters: 55_000 });
    // SUPER_ADMIN reads every stretch
    expect((await items(as.superadmin!, moved.vehicle, '2026-03-10')).items).toHaveLength(1);
  });

  it('answers 400 for a day that is not a yyyy-MM-dd date, or no vehicle', async () => {
    for (const day of ['2026-02-30', '10/03/2026', 'today', '']) {
      const response = await timeline(as.customer!, truck.vehicle, day);
      expect(response.statusCode, day).toBe(400);
      expect(response.json().message).toBe('The day must be a date written yyyy-MM-dd');
    }
    expect((await call(as.customer!, 'GET', '/vehicle/trips/timelinev2?day=2026-03-10')).statusCode).toBe(400);
  });

  it("gives the day's path for the map, the day's positions only", async () => {
    for (const [time, lat] of [
      ['2026-03-09T23:59:00', 1],
      ['2026-03-10T06:10:00', 26.46],
      ['2026-03-10T07:00:00', 26.48],
      ['2026-03-11T00:05:00', 2],
    ] as const) {
      await exec(sql`insert into positions (device_id, fix_time, latitude, longitude, speed, packet_type)
        values (${truck.device}::uuid, ${new Date(`${time}+05:30`).toISOString()}::timestamptz, ${lat}, 80.33, 40, 'NR')`);
    }
    const path = (
      await ok(as.customer!, 'GET', `/vehicle/trips/timelinev2/path?vehicleId=${truck.vehicle}&day=2026-03-10`)
    ).data as { points: { latitude: number }[] };
    expect(path.points.map((p) => p.latitude)).toEqual([26.46, 26.48]);
  });
});

describe('the duty report', () => {
  const summaryUrl = '/report/patrol-duty/summary';
  let group: string;
  const q = (filter: object, extra = '') => `?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`;
  const period = { from: ist('2026-03-10', '00:00:00'), to: ist('2026-03-12', '00:00:00') };
  type Row = {
    day: string;
    registrationNumber: string;
    onDutySeconds: number;
    distanceMeters: number;
    firstStart: string | null;
    lastStop: string | null;
    trips: number;
    status: string;
  };
  const rows = async (api: Api, filter: object) => {
    const response = await call(
      api,
      'GET',
      `${summaryUrl}${q(filter, '&sort=["registrationNumber","ASC"]&range=[0,99]')}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as Row[]).sort(
      (a, b) => a.day.localeCompare(b.day) || a.registrationNumber.localeCompare(b.registrationNumber),
    );
  };

  beforeAll(async () => {
    const admin = as.superadmin!;
    const sunrise = orgs['Sunrise Logistics']!;
    group = (await ok(admin, 'POST', '/group', { name: 'Patrol A', organisationId: sunrise })).id;
    for (const [n, figures] of [
      [1, { metres: 80_000, running: 25_200, idle: 5400, trips: 3 }],
      [2, { metres: 20_000, running: 10_800, idle: 0, trips: 1 }],
    ] as const) {
      const device = (
        await ok(admin, 'POST', '/device', { imei: `86834707557000${n}`, status: 'NEW', organisationId: sunrise })
      ).id as string;
      const patrol = await ok(admin, 'POST', '/vehicle', {
        name: `Patrol ${n}`,
        registrationNumber: `UP78PD000${n}`,
        category: 'SUV',
        deviceId: device,
        organisationId: sunrise,
        groupId: group,
      });
      await fittedSince(server.database.db, patrol.id as string, FITTED_EARLY);
      await periods(device, [[sunrise, '2026-01-01T00:00:00+05:30', null]]);
      await insertSummary(device, '2026-03-10', { ...figures, first: ist('2026-03-10', '08:00:00') });
      if (n === 2)
        await insertTrip(device, '2026-03-10', ist('2026-03-10', '09:00:00'), ist('2026-03-10', '12:00:00'), 20_000);
    }
  });

  it("gives each vehicle of the group a row per day, MET with the duty's hours, SHORT without (or with nothing sent)", async () => {
    const list = await rows(as.customer!, { ...period, groupId: group });
    expect(
      list.map((r) => [r.day, r.registrationNumber, r.onDutySeconds, r.distanceMeters, r.trips, r.status]),
    ).toEqual([
      ['2026-03-10', 'UP78PD0001', 30_600, 80_000, 3, 'MET'],
      ['2026-03-10', 'UP78PD0002', 10_800, 20_000, 1, 'SHORT'],
      ['2026-03-11', 'UP78PD0001', 0, 0, 0, 'SHORT'],
      ['2026-03-11', 'UP78PD0002', 0, 0, 0, 'SHORT'],
    ]);
    expect(new Date(list[0]!.firstStart!).toISOString()).toBe(ist('2026-03-10', '08:00:00'));
    // no ignition-off recorded: the last finished trip's end
    expect(new Date(list[1]!.lastStop!).toISOString()).toBe(ist('2026-03-10', '12:00:00'));
  });

  it('applies the duty hours and distance asked for, and filters by status', async () => {
    expect((await rows(as.customer!, { ...period, groupId: group, dutyHours: 3 })).map((r) => r.status)).toEqual([
      'MET',
      'MET',
      'SHORT',
      'SHORT',
    ]);
    expect((await rows(as.customer!, { ...period, groupId: group, dutyKm: 100 })).map((r) => r.status)).toEqual([
      'SHORT',
      'SHORT',
      'SHORT',
      'SHORT',
    ]);
    expect(
      (await rows(as.customer!, { ...period, groupId: group, status: 'MET' })).map((r) => r.registrationNumber),
    ).toEqual(['UP78PD0001']);
  });

  it('totals every matching row and charts met and short vehicles by day', async () => {
    const totals = (await ok(as.customer!, 'GET', `${summaryUrl}/totals${q({ ...period, groupId: group })}`)).data;
    expect(totals).toMatchObject({ registrationNumber: 4, onDutySeconds: 41_400, distanceMeters: 100_000, trips: 4 });
    const chart = (await ok(as.customer!, 'GET', `${summaryUrl}/chart${q({ ...period, groupId: group })}`)).data;
    expect(chart).toEqual([
      { key: '2026-03-10', met: 1, short: 1 },
      { key: '2026-03-11', met: 0, short: 2 },
    ]);
  });

  it("counts a device's first day from the moment it got an owner, and no day before", async () => {
    const admin = as.superadmin!;
    const sunrise = orgs['Sunrise Logistics']!;
    const device = (
      await ok(admin, 'POST', '/device', { imei: '868347075570009', status: 'NEW', organisationId: sunrise })
    ).id as string;
    const vehicle = (
      await ok(admin, 'POST', '/vehicle', {
        name: 'Patrol 9',
        registrationNumber: 'UP78PD0009',
        category: 'SUV',
        deviceId: device,
        organisationId: sunrise,
      })
    ).id as string;
    // fitted at 10:00 on 11 March: midnight of that day it was no one's
    await periods(device, [[sunrise, ist('2026-03-11', '10:00:00'), null]]);
    await fittedSince(server.database.db, vehicle, ist('2026-03-11', '10:00:00'));
    await insertSummary(device, '2026-03-11', { metres: 5000, running: 1800, idle: 0, trips: 1 });
    expect((await rows(as.customer!, { ...period, vehicleId: vehicle })).map((r) => [r.day, r.distanceMeters])).toEqual(
      [['2026-03-11', 5000]],
    );
    expect((await items(as.customer!, vehicle, '2026-03-11')).summary).toMatchObject({ distanceMeters: 5000 });
  });

  it('shows another organisation nothing of the group, and refuses bad thresholds', async () => {
    expect(await rows(ganga, { ...period, groupId: group })).toEqual([]);
    const bad = await call(as.customer!, 'GET', `${summaryUrl}${q({ ...period, dutyHours: 30 })}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The duty hours must be a number from 0 to 24');
    expect((await call(as.limited!, 'GET', `${summaryUrl}${q(period)}`)).statusCode).toBe(403);
  });
});
