import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { signIn, startTestServer, type TestServer } from './harness.ts';
import { call, demoWorld, type Api } from './resource-fixtures.ts';
import { FITTED_EARLY, fittedSince } from '../support/tracked-from.ts';

/**
 * A device's history belongs to whoever held it at the time: a device of Sunrise Logistics moves
 * to Ganga Movers (another tree) and back; each organisation reads only its own stretches.
 */
let server: TestServer;
let as: Record<string, Api>;
let orgs: Record<string, string>;
let ganga: Api;
let deviceId: string;
let sunriseVehicle: string;
let gangaVehicle: string;
const minute = 60_000;
/** Fix times of the positions, by who held the device when they were recorded. */
const times = { sunrise: [] as string[], ganga: [] as string[], back: [] as string[] };

const iso = (ms: number) => new Date(ms).toISOString();
const at = (value: string) => Date.parse(value);

/** `count` positions `step` ms apart, `spread` degrees of latitude apart (a plausible drive at a minute's step). */
async function insertPositions(list: string[], count: number, start: number, step = minute, spread = 1 / 1000) {
  for (let i = 0; i < count; i++) {
    const fixTime = iso(start + i * step);
    list.push(fixTime);
    await server.database.db
      .execute(sql`insert into positions (device_id, fix_time, latitude, longitude, speed, packet_type)
      values (${deviceId}::uuid, ${fixTime}::timestamptz, ${26.4 + i * spread}, 80.33, 30, 'NR')`);
  }
}

/** An alert as the gateway stores it: stamped with the organisation its directory named on arrival. */
async function insertEvent(type: string, eventTime: string, organisationId: string) {
  await server.database.db.execute(sql`insert into events (type, device_id, organisation_id, event_time)
    values (${type}, ${deviceId}::uuid, ${organisationId}::uuid, ${eventTime}::timestamptz)`);
}

const ok = async (api: Api, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const response = await call(api, method, url, payload);
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
};
const positionTimes = async (api: Api) =>
  (
    (await ok(
      api,
      'GET',
      `/positions?filter=${encodeURIComponent(JSON.stringify({ deviceId }))}&sort=["fixTime","ASC"]`,
    )) as { fixTime: string }[]
  ).map((p) => iso(at(p.fixTime)));
const eventTypes = async (api: Api) =>
  (
    (await ok(
      api,
      'GET',
      `/eventlogs?filter=${encodeURIComponent(JSON.stringify({ deviceId }))}&sort=["eventTime","ASC"]`,
    )) as { type: string }[]
  ).map((e) => e.type);
const period = () => `from=${iso(at(times.sunrise[0]!) - minute)}&to=${iso(Date.now() + 60 * minute)}`;
const playbackTimes = async (api: Api, vehicleId: string) => {
  const data = (await ok(api, 'GET', `/vehicle/position/playback?vehicleId=${vehicleId}&${period()}`)).data as {
    points: { fixTime: string }[];
    summary: { points: number };
  };
  expect(data.summary.points).toBe(data.points.length);
  return data.points.map((p) => iso(at(p.fixTime)));
};

beforeAll(async () => {
  server = await startTestServer();
  ({ as, orgs } = await demoWorld(server.app, ['superadmin', 'customer']));
  const admin = as.superadmin!;
  const root = (
    (await ok(admin, 'GET', '/organisation?range=[0,50]')) as { id: string; parentId: string | null }[]
  ).find((o) => !o.parentId)!;
  const other = await ok(admin, 'POST', '/organisation', {
    parentId: root.id,
    tradeName: 'Ganga Movers',
    brandName: 'Ganga Movers',
    email: 'ops@gangamovers.in',
  });
  orgs['Ganga Movers'] = other.id;
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

  const sunrise = orgs['Sunrise Logistics']!;
  deviceId = (await ok(admin, 'POST', '/device', { imei: '868347075550001', status: 'NEW', organisationId: sunrise }))
    .id;
  sunriseVehicle = (
    await ok(admin, 'POST', '/vehicle', {
      name: 'Sunrise 9',
      registrationNumber: 'UP78ZT9001',
      category: 'TRUCK',
      deviceId,
      organisationId: sunrise,
    })
  ).id;
  await fittedSince(server.database.db, sunriseVehicle, FITTED_EARLY);
  await insertPositions(times.sunrise, 3, Date.now() - 120 * minute);
  await insertEvent('SOS', times.sunrise[0]!, sunrise);

  await ok(admin, 'PUT', '/device/allocate', { ids: [deviceId], organisationId: other.id });
  // a history frame recorded while Sunrise held the device, arriving after the move (stamped Ganga)
  await insertEvent('TAMPER', times.sunrise[2]!, other.id);
  // just after the move (and before the move back in the last test)
  // a millisecond apart, so at one place: 111 m in a millisecond would be a GPS jump, left out of playback
  await insertPositions(times.ganga, 2, Date.now() + 1, 1, 0);
  await insertEvent('OVERSPEED', times.ganga[1]!, other.id);
});
afterAll(async () => {
  await server?.close();
});

describe('a device that moves between organisations', () => {
  it('shows each organisation the positions of its own time with the device, and SUPER_ADMIN all', async () => {
    expect(await positionTimes(ganga)).toEqual(times.ganga);
    expect(await positionTimes(as.customer!)).toEqual(times.sunrise);
    expect(await positionTimes(as.superadmin!)).toEqual([...times.sunrise, ...times.ganga]);
  });

  it('shows each organisation the alerts of its own time, whatever organisation they were stamped with', async () => {
    expect(await eventTypes(ganga)).toEqual(['OVERSPEED']);
    expect(await eventTypes(as.customer!)).toEqual(['SOS', 'TAMPER']);
    expect(await eventTypes(as.superadmin!)).toEqual(['SOS', 'TAMPER', 'OVERSPEED']);
  });

  it("replays a vehicle with the positions of the reader's periods only", async () => {
    // Sunrise's vehicle still names the device: it replays only Sunrise's stretch
    expect(await playbackTimes(as.customer!, sunriseVehicle)).toEqual(times.sunrise);
    await ok(as.superadmin!, 'PUT', `/vehicle/device/${sunriseVehicle}/${deviceId}`, {});
    gangaVehicle = (
      await ok(as.superadmin!, 'POST', '/vehicle', {
        name: 'Ganga 9',
        registrationNumber: 'UP32GT9001',
        category: 'TRUCK',
        deviceId,
        organisationId: orgs['Ganga Movers'],
      })
    ).id;
    // fitted back then: what this test reads is the organisations' periods (a vehicle's own history: fitted-midday.test.ts)
    await fittedSince(server.database.db, gangaVehicle, FITTED_EARLY);
    expect(await playbackTimes(ganga, gangaVehicle)).toEqual(times.ganga);
    expect(await playbackTimes(as.superadmin!, gangaVehicle)).toEqual([...times.sunrise, ...times.ganga]);
  });

  it("shares a playback with the positions of the sharer's organisation only", async () => {
    const from = iso(at(times.sunrise[0]!) - minute);
    const shared = await ok(ganga, 'POST', '/share-playback', {
      kind: 'playback',
      vehicleId: gangaVehicle,
      expiresInHours: 2,
      from,
      to: iso(Date.now() + 60 * minute),
    });
    const open = await server.app.inject({
      method: 'GET',
      url: `/api/public/share-playback?token=${shared.data.token}`,
    });
    expect(open.json().data.playback.points.map((p: { fixTime: string }) => iso(at(p.fixTime)))).toEqual(times.ganga);
  });

  it('records a move made by a plain edit of the device too', async () => {
    await ok(as.superadmin!, 'PUT', `/device/${deviceId}`, { organisationId: orgs['Sunrise Logistics'] });
    await insertPositions(times.back, 1, Date.now() + 1);
    expect(await positionTimes(ganga)).toEqual(times.ganga);
    expect(await positionTimes(as.customer!)).toEqual([...times.sunrise, ...times.back]);
  });
});

describe("a dealer's device fitted to a customer's vehicle", () => {
  it("lets the customer read the device from the fitting on, not before, and stops when the device leaves the dealer's tree", async () => {
    const admin = as.superadmin!;
    const dealerOrg = orgs['Metro Auto Dealers']!;
    const device = (
      await ok(admin, 'POST', '/device', { imei: '868347075550077', status: 'NEW', organisationId: dealerOrg })
    ).id as string;
    const insertAt = async (ms: number) =>
      server.database.db
        .execute(sql`insert into positions (device_id, fix_time, latitude, longitude, speed, packet_type)
      values (${device}::uuid, ${iso(ms)}::timestamptz, 26.45, 80.33, 20, 'NR')`);
    const customerSees = async () =>
      (
        (await ok(
          as.customer!,
          'GET',
          `/positions?filter=${encodeURIComponent(JSON.stringify({ deviceId: device }))}`,
        )) as unknown[]
      ).length;
    await insertAt(Date.now() - 30 * minute);
    expect(await customerSees()).toBe(0);
    await ok(admin, 'POST', '/vehicle', {
      name: 'Sunrise 12',
      registrationNumber: 'UP78ZT9012',
      category: 'TRUCK',
      deviceId: device,
      organisationId: orgs['Sunrise Logistics'],
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await insertAt(Date.now() - 10);
    expect(await customerSees()).toBe(1);
    await ok(admin, 'PUT', '/device/allocate', { ids: [device], organisationId: orgs['Ganga Movers'] });
    await insertAt(Date.now() + 2 * minute);
    expect(await customerSees()).toBe(1);
  });
});
