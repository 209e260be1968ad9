import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { signIn, startTestServer, type TestServer } from './harness.ts';
import { call, demoWorld, type Api } from './resource-fixtures.ts';
import { FITTED_EARLY, fittedSince } from '../support/tracked-from.ts';

/**
 * The collection reports from hand-made positions: a daily job (06:00 to 10:00 Asia/Kolkata,
 * ward A only) whose vehicle passes three of ward A's five points inside the window, one after it,
 * and comes 56 m (inside the box, outside the 50 m circle) from the fifth. Ward B's household is
 * passed too, but no job schedules it. Another tenant sees none of it.
 */
let server: TestServer;
let customer: Api;
let ganga: Api;
let vehicleId: string;
let deviceId: string;
const DAY = '2026-11-10';
const period = { from: '2026-11-09T18:30:00.000Z', to: '2026-11-10T18:30:00.000Z' };
/** Metres to degrees of latitude at Kanpur (and of longitude: cos 26.5° ≈ 0.895). */
const north = (m: number) => m / 111_195;
const east = (m: number) => m / (111_195 * Math.cos((26.5 * Math.PI) / 180));

const ok = async (api: Api, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const response = await call(api, method, url, payload);
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
};
const q = (filter: object, extra = '') => `?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`;
const rows = async (api: Api, path: string, filter: object, sort = '') =>
  ok(api, 'GET', `${path}${q(filter, sort)}&range=[0,99]`) as Promise<Record<string, unknown>[]>;

/** The points: [name, kind, tag, ward, latitude, longitude]. */
const P = (i: number): [number, number] => [26.5 + i * 0.01, 80.2];

async function position(time: string, [latitude, longitude]: [number, number]) {
  await server.database.db
    .execute(sql`insert into positions (device_id, fix_time, latitude, longitude, speed, packet_type)
    values (${deviceId}::uuid, ${time}::timestamptz, ${latitude}, ${longitude}, 12, 'NR')`);
}

beforeAll(async () => {
  server = await startTestServer();
  const world = await demoWorld(server.app, ['superadmin', 'customer']);
  const admin = world.as.superadmin!;
  customer = world.as.customer!;
  const sunrise = world.orgs['Sunrise Logistics']!;
  const root = (
    (await ok(admin, 'GET', '/organisation?range=[0,50]')) as { id: string; parentId: string | null }[]
  ).find((o) => !o.parentId)!;
  const other = await ok(admin, 'POST', '/organisation', {
    parentId: root.id,
    tradeName: 'Ganga Movers',
    brandName: 'Ganga Movers',
    email: 'ops@gangamovers.in',
  });
  const roles = (await ok(admin, 'GET', '/roles?range=[0,20]')) as { id: string; name: string }[];
  await ok(admin, 'POST', '/users', {
    firstName: 'Gita',
    lastName: 'Rao',
    email: 'gita@gangamovers.in',
    phone: '9811111111',
    password: 'Ganga-pass-2026',
    roleId: roles.find((r) => r.name === 'CUSTOMER')!.id,
    organisationId: other.id,
  });
  ganga = {
    app: server.app,
    token: (await signIn(server.app, 'gita@gangamovers.in', 'Ganga-pass-2026')).token.access.token,
  };

  const circle = await ok(admin, 'POST', '/admin-divisions', {
    name: 'Test Circle',
    code: 'TC',
    kind: 'CIRCLE',
    organisationId: sunrise,
  });
  const wardA = await ok(admin, 'POST', '/admin-divisions', {
    name: 'Ward A',
    code: 'TC-A',
    kind: 'WARD',
    parentId: circle.id,
    organisationId: sunrise,
  });
  const wardB = await ok(admin, 'POST', '/admin-divisions', {
    name: 'Ward B',
    code: 'TC-B',
    kind: 'WARD',
    parentId: circle.id,
    organisationId: sunrise,
  });
  const points: [string, string, string | null, string, [number, number]][] = [
    ['House 1', 'HOUSEHOLD', 'QR', wardA.id, P(1)],
    ['House 2', 'HOUSEHOLD', 'RFID', wardA.id, P(2)],
    ['Bin 3', 'BIN', 'RFID', wardA.id, P(3)],
    ['House 4', 'HOUSEHOLD', 'QR', wardA.id, P(4)],
    ['Bin 5', 'BIN', null, wardA.id, P(5)],
    ['House 6', 'HOUSEHOLD', 'QR', wardB.id, P(6)],
  ];
  for (const [name, kind, tagType, wardId, [lat, lon]] of points) {
    await ok(admin, 'POST', '/POI', {
      name,
      kind,
      tagType,
      wardId,
      location: { type: 'Point', coordinates: [lon, lat] },
      organisationId: sunrise,
    });
  }
  deviceId = (await ok(admin, 'POST', '/device', { imei: '868347075559901', status: 'NEW', organisationId: sunrise }))
    .id;
  vehicleId = (
    await ok(admin, 'POST', '/vehicle', {
      name: 'Tipper 1',
      registrationNumber: 'UP78ZT9901',
      category: 'TRUCK',
      deviceId,
      organisationId: sunrise,
    })
  ).id;
  await fittedSince(server.database.db, vehicleId, FITTED_EARLY);
  await ok(admin, 'POST', '/job-schedule', {
    name: 'Ward A morning round',
    vehicleId,
    department: 'SWM',
    isRecurring: true,
    frequency: 'daily',
    wardId: wardA.id,
    startDate: '2026-11-01T06:00:00+05:30',
    endDate: '2026-11-30T10:00:00+05:30',
    organisationId: sunrise,
  });
  // 10 November, Asia/Kolkata: houses 1 and 2 and bin 3 inside the window, house 4 after it
  await position('2026-11-10T07:00:00+05:30', P(1));
  await position('2026-11-10T07:10:00+05:30', [P(2)[0] + north(30), P(2)[1]]);
  await position('2026-11-10T07:20:00+05:30', [P(3)[0], P(3)[1] + east(45)]);
  await position('2026-11-10T07:25:00+05:30', [P(3)[0], P(3)[1]]);
  await position('2026-11-10T07:30:00+05:30', [P(5)[0] + north(40), P(5)[1] + east(40)]);
  await position('2026-11-10T07:40:00+05:30', P(6));
  await position('2026-11-10T11:00:00+05:30', P(4));
  // 11 November: only house 1, at 09:59
  await position('2026-11-11T09:59:00+05:30', P(1));
});

afterAll(async () => server?.close());

describe('collection reports', () => {
  it('counts per vehicle per day the points scheduled, collected and missed', async () => {
    const list = await rows(customer, '/report/collection', { ...period, vehicleId });
    expect(list).toEqual([
      expect.objectContaining({
        day: DAY,
        vehicleId,
        vehicleName: 'Tipper 1',
        scheduled: 5,
        collected: 3,
        missed: 2,
        percent: 60,
      }),
    ]);
    const two = await rows(
      customer,
      '/report/collection',
      { from: period.from, to: '2026-11-11T18:30:00.000Z', vehicleId },
      '&sort=["day","ASC"]',
    );
    expect(two.map((r) => [r.day, r.collected, r.percent])).toEqual([
      [DAY, 3, 60],
      ['2026-11-11', 1, 20],
    ]);
    const totals = await ok(
      customer,
      'GET',
      `/report/collection/totals${q({ from: period.from, to: '2026-11-11T18:30:00.000Z', vehicleId })}`,
    );
    expect(totals.data).toMatchObject({ scheduled: 10, collected: 4, missed: 6 });
    const chart = await ok(
      customer,
      'GET',
      `/report/collection/chart${q({ from: period.from, to: '2026-11-11T18:30:00.000Z', vehicleId })}`,
    );
    expect(chart.data).toEqual([
      { key: DAY, collected: 3, missed: 2 },
      { key: '2026-11-11', collected: 1, missed: 4 },
    ]);
    // the bins alone
    expect(await rows(customer, '/report/collection', { ...period, vehicleId, kind: 'BIN' })).toEqual([
      expect.objectContaining({ scheduled: 2, collected: 1, percent: 50 }),
    ]);
  });

  it('lists each household of the day: collected or not, when and by which vehicle', async () => {
    const list = await rows(customer, '/report/d2d-collection', { ...period, vehicleId }, '&sort=["poiName","ASC"]');
    expect(
      list.map((r) => [
        r.poiName,
        r.wardName,
        r.circleName,
        r.collected,
        r.collectedAt && new Date(String(r.collectedAt)).toISOString(),
        r.vehicleName,
      ]),
    ).toEqual([
      ['House 1', 'Ward A', 'Test Circle', 'YES', '2026-11-10T01:30:00.000Z', 'Tipper 1'],
      ['House 2', 'Ward A', 'Test Circle', 'YES', '2026-11-10T01:40:00.000Z', 'Tipper 1'],
      ['House 4', 'Ward A', 'Test Circle', 'NO', null, 'Tipper 1'], // missed: the vehicle that was to collect it
    ]);
    expect(
      (await rows(customer, '/report/d2d-collection', { ...period, vehicleId, tagType: 'QR' }))
        .map((r) => r.poiName)
        .sort(),
    ).toEqual(['House 1', 'House 4']);
    expect(
      (await rows(customer, '/report/d2d-collection', { ...period, vehicleId, collected: 'NO' })).map((r) => r.poiName),
    ).toEqual(['House 4']);
    expect(await rows(customer, '/report/d2d-collection', { ...period, ward: 'Ward B' })).toEqual([]);
  });

  it('covers each ward and each circle: households and bins, covered, %', async () => {
    const wards = await rows(customer, '/report/collection-cover', { ...period, ward: 'TC-' }, '&sort=["name","ASC"]');
    expect(
      wards.map((r) => [r.name, r.parentName, r.households, r.householdsCovered, r.bins, r.binsCovered, r.percent]),
    ).toEqual([
      ['Ward A', 'Test Circle', 3, 2, 2, 1, 60],
      ['Ward B', 'Test Circle', 1, 0, 0, 0, 0],
    ]);
    const circles = await rows(customer, '/report/collection-cover', {
      ...period,
      level: 'CIRCLE',
      ward: 'Test Circle',
    });
    expect(circles.map((r) => [r.name, r.households, r.householdsCovered, r.bins, r.binsCovered, r.percent])).toEqual([
      ['Test Circle', 4, 2, 2, 1, 50],
    ]);
    const chart = await ok(customer, 'GET', `/report/collection-cover/chart${q({ ...period, ward: 'TC-' })}`);
    expect(chart.data).toEqual([
      { key: 'Ward A', percent: 60 },
      { key: 'Ward B', percent: 0 },
    ]);
  });

  it('shows another tenant nothing, and refuses a period longer than 92 days', async () => {
    expect(await rows(ganga, '/report/collection', period)).toEqual([]);
    expect(await rows(ganga, '/report/d2d-collection', period)).toEqual([]);
    expect(await rows(ganga, '/report/collection-cover', period)).toEqual([]);
    const long = await call(
      customer,
      'GET',
      `/report/collection${q({ from: '2026-01-01T00:00:00Z', to: '2026-11-01T00:00:00Z' })}`,
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/92 days/);
  });
});
