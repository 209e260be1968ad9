import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { signIn, startTestServer, type TestServer } from './harness.ts';
import { call, demoWorld, type Api } from './resource-fixtures.ts';

/**
 * Positions and alerts are declared resources (resources/entities/position.ts and event-log.ts)
 * served by the generic routes: read-only, behind route-playback and report-alert, scoped by who
 * held the device at the row's time, with the filters and columns the hand-written routes had.
 */
let server: TestServer;
let as: Record<string, Api>;
let orgs: Record<string, string>;
let ganga: Api;
let alertsOnly: Api;
let deviceId: string;
let vehicleId: string;
/** Sunrise held the device for the first three positions, Ganga Movers for the last two. */
const fixTimes: string[] = [];
const eventIds: Record<string, string> = {};
const minute = 60_000;
const IMEI = '868347075551001';
const iso = (ms: number) => new Date(ms).toISOString();

const get = async (api: Api, url: string) => call(api, 'GET', url);
const rows = async <T = Record<string, unknown>>(api: Api, url: string): Promise<T[]> => {
  const response = await get(api, url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json() as T[];
};
const filter = (value: object) => `filter=${encodeURIComponent(JSON.stringify(value))}`;
const times = (list: { fixTime: string }[]) => list.map((p) => iso(Date.parse(p.fixTime)));

async function userWithRole(admin: Api, name: string, authScopes: unknown[], organisationId: string): Promise<Api> {
  const role = await call(admin, 'POST', '/roles', { name, authScopes, organisationId });
  expect(role.statusCode, role.body).toBe(201);
  const email = `${name.toLowerCase()}@history.test`;
  const user = await call(admin, 'POST', '/users', {
    firstName: name,
    email,
    phone: '9822222222',
    password: 'History-pass-1',
    roleId: role.json().id,
    organisationId,
  });
  expect(user.statusCode, user.body).toBe(201);
  return { app: server.app, token: (await signIn(server.app, email, 'History-pass-1')).token.access.token };
}

async function insertEvent(type: string, eventTime: string, organisationId: string, vehicle: string | null) {
  const result = (await server.database.db
    .execute(sql`insert into events (type, device_id, vehicle_id, organisation_id, event_time, latitude, longitude, attributes)
    values (${type}, ${deviceId}::uuid, ${vehicle}::uuid, ${organisationId}::uuid, ${eventTime}::timestamptz, 26.45, 80.33, ${JSON.stringify({ speed: 72 })}::jsonb) returning id`)) as unknown as {
    rows: { id: unknown }[];
  };
  eventIds[type] = String(result.rows[0]!.id);
}

beforeAll(async () => {
  server = await startTestServer();
  ({ as, orgs } = await demoWorld(server.app, ['superadmin', 'customer']));
  const admin = as.superadmin!;
  const organisations = (await call(admin, 'GET', '/organisation?range=[0,50]')).json() as {
    id: string;
    parentId: string | null;
  }[];
  const gangaOrg = (
    await call(admin, 'POST', '/organisation', {
      parentId: organisations.find((o) => !o.parentId)!.id,
      tradeName: 'Ganga Movers',
      brandName: 'Ganga Movers',
    })
  ).json().id as string;
  const roles = (await call(admin, 'GET', '/roles?range=[0,20]')).json() as { id: string; name: string }[];
  await call(admin, 'POST', '/users', {
    firstName: 'Gita',
    email: 'gita@gangamovers.in',
    phone: '9811111112',
    password: 'Ganga-pass-2026',
    roleId: roles.find((r) => r.name === 'CUSTOMER')!.id,
    organisationId: gangaOrg,
  });
  ganga = {
    app: server.app,
    token: (await signIn(server.app, 'gita@gangamovers.in', 'Ganga-pass-2026')).token.access.token,
  };
  // a lower role of Sunrise: the Alert report, not the playback
  alertsOnly = await userWithRole(
    admin,
    'ALERTS_ONLY',
    [{ id: 'report-alert', allowed: true, actions: {} }],
    orgs['Sunrise Logistics']!,
  );

  const sunrise = orgs['Sunrise Logistics']!;
  deviceId = (await call(admin, 'POST', '/device', { imei: IMEI, status: 'NEW', organisationId: sunrise })).json().id;
  vehicleId = (
    await call(admin, 'POST', '/vehicle', {
      name: 'Sunrise 21',
      registrationNumber: 'UP78ZT9021',
      category: 'TRUCK',
      deviceId,
      organisationId: sunrise,
    })
  ).json().id;
  const insertPosition = async (at: number, speed: number) => {
    fixTimes.push(iso(at));
    await server.database.db
      .execute(sql`insert into positions (device_id, fix_time, latitude, longitude, speed, heading, packet_type, satellites, ignition)
      values (${deviceId}::uuid, ${iso(at)}::timestamptz, 26.45, 80.33, ${speed}, 90, 'NR', 9, true)`);
  };
  const start = Date.now() - 120 * minute;
  for (const [i, speed] of [10, 40, 70].entries()) await insertPosition(start + i * minute, speed);
  await insertEvent('SOS', fixTimes[0]!, sunrise, vehicleId);
  expect((await call(admin, 'PUT', '/device/allocate', { ids: [deviceId], organisationId: gangaOrg })).statusCode).toBe(
    200,
  );
  // recorded while Sunrise held the device, arriving after the move stamped with Ganga's organisation
  await insertEvent('TAMPER', fixTimes[2]!, gangaOrg, null);
  await insertPosition(Date.now() + 1000, 20);
  await insertPosition(Date.now() + 2000, 20);
  await insertEvent('OVERSPEED', fixTimes[4]!, gangaOrg, null);
});
afterAll(async () => {
  await server?.close();
});

describe('the list contract the hand-written routes had', () => {
  it('answers positions with their columns and the IMEI, no labels, and a Content-Range', async () => {
    const response = await get(as.superadmin!, `/positions?${filter({ deviceId })}&sort=["fixTime","ASC"]&range=[0,1]`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-range']).toBe('positions 0-1/5');
    const [first] = response.json() as Record<string, unknown>[];
    expect(Object.keys(first!)).toEqual([
      'id',
      'deviceId',
      'fixTime',
      'receivedAt',
      'latitude',
      'longitude',
      'speed',
      'heading',
      'altitude',
      'satellites',
      'ignition',
      'gpsFix',
      'live',
      'packetType',
      'attributes',
      'imei',
    ]);
    expect(first).toMatchObject({
      deviceId,
      imei: IMEI,
      speed: 10,
      heading: 90,
      satellites: 9,
      ignition: true,
      gpsFix: true,
      live: true,
      packetType: 'NR',
      attributes: {},
    });
    expect(Date.parse(first!.fixTime as string)).toBe(Date.parse(fixTimes[0]!));
  });

  it("answers alerts with their columns, the IMEI and the vehicle's registration number", async () => {
    const response = await get(as.superadmin!, `/eventlogs?${filter({ deviceId })}&sort=["eventTime","ASC"]`);
    expect(response.headers['content-range']).toBe('eventlogs 0-2/3');
    const list = response.json() as Record<string, unknown>[];
    expect(Object.keys(list[0]!)).toEqual([
      'id',
      'type',
      'deviceId',
      'vehicleId',
      'eventTime',
      'latitude',
      'longitude',
      'attributes',
      'imei',
      'registrationNumber',
    ]);
    expect(list.map((e) => [e.type, e.registrationNumber, e.imei])).toEqual([
      ['SOS', 'UP78ZT9021', IMEI],
      ['TAMPER', null, IMEI],
      ['OVERSPEED', null, IMEI],
    ]);
    expect(list[0]!.attributes).toEqual({ speed: 72 });
  });

  it('reads one row by its serial id, as the list shows it', async () => {
    const [listed] = await rows(as.superadmin!, `/eventlogs?${filter({ type: 'SOS', deviceId })}`);
    const one = await get(as.superadmin!, `/eventlogs/${eventIds.SOS}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(listed);
    expect((await get(as.superadmin!, '/eventlogs/999999999')).statusCode).toBe(404);
  });

  it('serves pages larger than other lists (up to an export page), as the playback reads them', async () => {
    await server.database.db
      .execute(sql`insert into positions (device_id, fix_time, latitude, longitude, speed, packet_type)
      select ${deviceId}::uuid, now() - interval '3 days' + n * interval '1 second', 26.45, 80.33, 5, 'NR' from generate_series(1, 1200) n`);
    const response = await get(as.superadmin!, `/positions?${filter({ deviceId, speed_lte: 5 })}&range=[0,1199]`);
    expect(response.headers['content-range']).toBe('positions 0-1199/1200');
    await server.database.db.execute(sql`delete from positions where device_id = ${deviceId}::uuid and speed = 5`);
  });
});

describe('read-only', () => {
  it.each([['/positions'], ['/eventlogs'], ['/raw-logs']])(
    'refuses every write to %s as raw logs do: no such route',
    async (api) => {
      const [row] = await rows<{ id: string }>(as.superadmin!, `${api}?range=[0,0]`);
      const id = row?.id ?? '1';
      const attempts = [
        await call(as.superadmin!, 'POST', api, { type: 'SOS', deviceId, fixTime: iso(Date.now()) }),
        await call(as.superadmin!, 'PUT', `${api}/${id}`, { speed: 1 }),
        await call(as.superadmin!, 'DELETE', `${api}/${id}`),
      ];
      expect(attempts.map((r) => r.statusCode)).toEqual([404, 404, 404]);
    },
  );

  it('leaves the rows as they were', async () => {
    expect(times(await rows(as.superadmin!, `/positions?${filter({ deviceId })}&sort=["fixTime","ASC"]`))).toEqual(
      fixTimes,
    );
    expect((await rows(as.superadmin!, `/eventlogs?${filter({ deviceId })}`)).length).toBe(3);
  });
});

describe('who may read', () => {
  it('answers 403 to a role without the module, and lets the Alert report read alerts but not positions', async () => {
    const [position] = await rows<{ id: string }>(as.superadmin!, `/positions?${filter({ deviceId })}`);
    expect((await get(alertsOnly, '/positions')).statusCode).toBe(403);
    expect((await get(alertsOnly, `/positions/${position!.id}`)).statusCode).toBe(403);
    expect((await get(alertsOnly, `/positions?imei=${IMEI}`)).json()).toMatchObject({ success: false });
    expect(
      (await rows<{ type: string }>(alertsOnly, `/eventlogs?${filter({ deviceId })}&sort=["eventTime","ASC"]`)).map(
        (e) => e.type,
      ),
    ).toEqual(['SOS', 'TAMPER']);
  });

  it('shows each organisation the rows of its own time with the device, whatever organisation an alert was stamped with', async () => {
    expect(times(await rows(as.customer!, `/positions?${filter({ deviceId })}&sort=["fixTime","ASC"]`))).toEqual(
      fixTimes.slice(0, 3),
    );
    expect(times(await rows(ganga, `/positions?${filter({ deviceId })}&sort=["fixTime","ASC"]`))).toEqual(
      fixTimes.slice(3),
    );
    expect((await rows<{ type: string }>(ganga, `/eventlogs?${filter({ deviceId })}`)).map((e) => e.type)).toEqual([
      'OVERSPEED',
    ]);
    // TAMPER carries Ganga's organisation but happened while Sunrise held the device
    expect((await get(as.customer!, `/eventlogs/${eventIds.TAMPER}`)).statusCode).toBe(200);
    expect((await get(ganga, `/eventlogs/${eventIds.TAMPER}`)).statusCode).toBe(404);
    expect(await rows(ganga, `/eventlogs?${filter({ id: [eventIds.SOS, eventIds.TAMPER] })}`)).toEqual([]);
    expect(await rows(ganga, `/positions?imei=${IMEI}&to=${encodeURIComponent(fixTimes[2]!)}`)).toEqual([]);
  });
});

describe('filters', () => {
  it('takes imei, vehicleId, from and to for positions, as plain parameters or in the filter', async () => {
    const admin = as.superadmin!;
    expect(times(await rows(admin, `/positions?imei=${IMEI}&sort=["fixTime","ASC"]`))).toEqual(fixTimes);
    expect(
      times(
        await rows(
          admin,
          `/positions?${filter({ imei: IMEI, from: fixTimes[1], to: fixTimes[3] })}&sort=["fixTime","ASC"]`,
        ),
      ),
    ).toEqual(fixTimes.slice(1, 4));
    expect(times(await rows(admin, `/positions?from=${encodeURIComponent(fixTimes[3]!)}&imei=${IMEI}`))).toEqual([
      fixTimes[4],
      fixTimes[3],
    ]);
    // by the device the vehicle names now: all of the device's positions
    expect(times(await rows(admin, `/positions?vehicleId=${vehicleId}&sort=["fixTime","ASC"]`))).toEqual(fixTimes);
    expect(await rows(admin, `/positions?vehicleId=${deviceId}`)).toEqual([]);
    expect(times(await rows(admin, `/positions?${filter({ deviceId, speed_gte: 40 })}&sort=["speed","DESC"]`))).toEqual(
      [fixTimes[2], fixTimes[1]],
    );
    expect(await rows(admin, `/positions?imei=000000000000000`)).toEqual([]);
  });

  it('takes type, vehicleId, from and to for alerts', async () => {
    const admin = as.superadmin!;
    expect((await rows<{ type: string }>(admin, `/eventlogs?${filter({ vehicleId })}`)).map((e) => e.type)).toEqual([
      'SOS',
    ]);
    const period = `from=${encodeURIComponent(fixTimes[1]!)}&to=${encodeURIComponent(fixTimes[4]!)}`;
    expect(
      (
        await rows<{ type: string }>(admin, `/eventlogs?${period}&${filter({ deviceId })}&sort=["eventTime","ASC"]`)
      ).map((e) => e.type),
    ).toEqual(['TAMPER', 'OVERSPEED']);
    expect(
      (await rows<{ type: string }>(admin, `/eventlogs?${filter({ deviceId, type: 'OVERSPEED' })}`)).map((e) => e.type),
    ).toEqual(['OVERSPEED']);
  });

  it.each([
    ['a time that is no time', `/positions?from=yesterday`, 'The from parameter must be an ISO date and time'],
    [
      'year 0 as the end of alerts',
      `/eventlogs?${filter({ to: '0000-01-01T00:00:00Z' })}`,
      'The to parameter must be an ISO date and time',
    ],
    ['a vehicle id that is no uuid', '/positions?vehicleId=42', 'The vehicleId parameter is not valid'],
    ['a device id that is no uuid', `/eventlogs?${filter({ deviceId: 'abc' })}`, 'The filter deviceId is not valid'],
    ['a row id that is no serial', `/positions?${filter({ id: ['abc'] })}`, 'The filter id is not valid'],
    [
      'a filter by the joined IMEI of alerts',
      `/eventlogs?${filter({ imei: IMEI })}`,
      'Filtering by imei is not allowed',
    ],
    [
      'a sort by the joined registration number',
      '/eventlogs?sort=["registrationNumber","ASC"]',
      'Sorting by registrationNumber is not allowed',
    ],
    [
      'a sort by a creation time positions do not have',
      '/positions?sort=["createdAt","ASC"]',
      'Sorting by createdAt is not allowed',
    ],
    ['a speed that is no number', `/positions?${filter({ speed_gte: 'fast' })}`, 'The filter speed_gte is not valid'],
    ['an id path that is no serial', '/eventlogs/not-a-number', 'The id is not valid'],
  ])('answers %s with a 400 that says what is wrong, and no stack', async (_what, url, message) => {
    const response = await get(as.superadmin!, url);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message });
    expect(response.body).not.toMatch(/stack|\.ts:\d+|at \w+ \(/);
  });
});
