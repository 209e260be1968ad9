import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { signIn, startTestServer, type TestServer } from './harness.ts';
import { call, demoWorld, type Api } from './resource-fixtures.ts';
import { FITTED_EARLY, fittedSince } from '../support/tracked-from.ts';

/**
 * The event reports over hand-made events: a Sunrise Logistics vehicle (the demo CUSTOMER's), a
 * Metro Auto Dealers vehicle (the dealer's own, above Sunrise) and a vehicle of another tenant.
 * The period is the first week of October 2026 in Asia/Kolkata, away from any demo data.
 */
let server: TestServer;
let as: Record<string, Api>;
let orgs: Record<string, string>;
let ganga: Api;
const vehicle: Record<string, string> = {};
const device: Record<string, string> = {};

const FROM = '2026-09-30T18:30:00.000Z'; // 01/10/2026 00:00 in Asia/Kolkata
const TO = '2026-10-07T18:30:00.000Z'; // 08/10/2026 00:00
const period = { from: FROM, to: TO };
const q = (filter: object, rest = '') => `filter=${encodeURIComponent(JSON.stringify(filter))}${rest}`;

async function ok(api: Api, url: string, method: 'GET' | 'POST' | 'PUT' = 'GET', payload?: object) {
  const response = await call(api, method, url, payload);
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response;
}

async function insertEvent(who: string, type: string, eventTime: string, attributes: object = {}) {
  await server.database.db
    .execute(sql`insert into events (type, device_id, vehicle_id, organisation_id, event_time, latitude, longitude, attributes)
    values (${type}, ${device[who]}::uuid, ${vehicle[who]}::uuid, (select organisation_id from devices where id = ${device[who]}::uuid),
      ${eventTime}::timestamptz, 26.4499, 80.3319, ${JSON.stringify(attributes)}::jsonb)`);
}

async function addVehicle(who: string, organisationId: string, imei: string, registrationNumber: string) {
  device[who] = (await ok(as.superadmin!, '/device', 'POST', { imei, status: 'NEW', organisationId })).json().id;
  vehicle[who] = (
    await ok(as.superadmin!, '/vehicle', 'POST', {
      name: `${who} truck`,
      registrationNumber,
      category: 'TRUCK',
      deviceId: device[who],
      organisationId,
    })
  ).json().id;
  await fittedSince(server.database.db, vehicle[who]!, FITTED_EARLY);
}

beforeAll(async () => {
  server = await startTestServer();
  ({ as, orgs } = await demoWorld(server.app, ['superadmin', 'customer', 'dealer']));
  const root = (await ok(as.superadmin!, '/organisation?range=[0,50]'))
    .json()
    .find((o: { parentId: string | null }) => !o.parentId);
  const other = (
    await ok(as.superadmin!, '/organisation', 'POST', {
      parentId: root.id,
      tradeName: 'Ganga Movers',
      brandName: 'Ganga Movers',
      email: 'ops@gangamovers.in',
    })
  ).json();
  const roles = (await ok(as.superadmin!, '/roles?range=[0,20]')).json() as { id: string; name: string }[];
  await ok(as.superadmin!, '/users', 'POST', {
    firstName: 'Gita',
    lastName: 'Rao',
    email: 'gita@gangamovers.in',
    phone: '9811111112',
    password: 'Ganga-pass-2026',
    roleId: roles.find((r) => r.name === 'CUSTOMER')!.id,
    organisationId: other.id,
  });
  ganga = {
    app: server.app,
    token: (await signIn(server.app, 'gita@gangamovers.in', 'Ganga-pass-2026')).token.access.token,
  };

  await addVehicle('sunrise', orgs['Sunrise Logistics']!, '868347075560001', 'UP78RP0001');
  await addVehicle('metro', orgs['Metro Auto Dealers']!, '868347075560002', 'UP78RP0002');
  await addVehicle('ganga', other.id, '868347075560003', 'UP78RP0003');

  await insertEvent('sunrise', 'SOS', '2026-10-02T04:30:00Z', { speed: 12 });
  await insertEvent('sunrise', 'SOS', '2026-10-03T04:30:00Z');
  await insertEvent('sunrise', 'OVERSPEED', '2026-10-02T05:00:00Z', { speed: 92 });
  await insertEvent('sunrise', 'OVERSPEED', '2026-10-04T05:00:00Z', { speed: 101 });
  await insertEvent('sunrise', 'OVERSPEED', '2026-10-05T05:00:00Z', { speed: 85 });
  await insertEvent('sunrise', 'GEOFENCE_ENTER', '2026-10-05T06:00:00Z', { geofenceName: 'Depot fence' });
  await insertEvent('sunrise', 'ROUTE_VIOLATION', '2026-10-06T06:00:00Z', { routeName: 'Kanpur loop', meters: 350 });
  // 23:59 on 30/09 in Asia/Kolkata, and 00:00 on 08/10: both outside the period
  await insertEvent('sunrise', 'SOS', '2026-09-30T18:29:00Z');
  await insertEvent('sunrise', 'SOS', TO);
  await insertEvent('metro', 'TAMPER', '2026-10-02T07:00:00Z');
  await insertEvent('metro', 'TAMPER', '2026-10-03T07:00:00Z');
  await insertEvent('ganga', 'SOS', '2026-10-02T08:00:00Z');
}, 120_000);

afterAll(async () => server?.close());

describe('the alert report', () => {
  it('lists the caller’s alerts of the period, newest first, with vehicle, type, place and speed', async () => {
    const response = await ok(as.customer!, `/report/alertv2?${q(period)}&range=[0,49]`);
    expect(response.headers['content-range']).toBe('alert 0-6/7');
    const rows = response.json() as Record<string, unknown>[];
    expect(rows.map((r) => r.type)).toEqual([
      'ROUTE_VIOLATION',
      'GEOFENCE_ENTER',
      'OVERSPEED',
      'OVERSPEED',
      'SOS',
      'OVERSPEED',
      'SOS',
    ]);
    expect(rows[0]).toMatchObject({
      registrationNumber: 'UP78RP0001',
      place: '26.449900,80.331900',
      details: 'Kanpur loop',
    });
    expect(rows.find((r) => r.type === 'OVERSPEED')!.speed).toBe(85);
    expect(new Date(rows[0]!.eventTime as string).toISOString()).toBe('2026-10-06T06:00:00.000Z');
  });

  it('scopes to the caller: the dealer sees its own and its customer’s vehicles, another tenant nothing', async () => {
    const dealer = await ok(
      as.dealer!,
      `/report/alertv2?${q({ ...period, vehicleId: [vehicle.sunrise, vehicle.metro, vehicle.ganga] })}`,
    );
    expect(dealer.headers['content-range']).toBe('alert 0-8/9');
    const other = await ok(ganga, `/report/alertv2?${q({ ...period, vehicleId: [vehicle.sunrise, vehicle.metro] })}`);
    expect(other.headers['content-range']).toBe('alert */0');
    const own = (await ok(ganga, `/report/alertv2?${q(period)}`)).json() as { registrationNumber: string }[];
    expect(own.map((r) => r.registrationNumber)).toEqual(['UP78RP0003']);
    const totals = (await ok(ganga, `/report/alertv2/totals?${q({ ...period, vehicleId: vehicle.sunrise })}`)).json();
    expect(totals.data.registrationNumber).toBe(0);
  });

  it('filters by type, vehicle and search, and counts and charts every matching row', async () => {
    const sos = await ok(as.customer!, `/report/alertv2?${q({ ...period, type: 'SOS' })}`);
    expect(sos.headers['content-range']).toBe('alert 0-1/2');
    const byVehicle = await ok(as.dealer!, `/report/alertv2?${q({ ...period, vehicleId: vehicle.metro })}`);
    expect((byVehicle.json() as { type: string }[]).map((r) => r.type)).toEqual(['TAMPER', 'TAMPER']);
    const searched = await ok(as.dealer!, `/report/alertv2?${q({ ...period, q: 'rp0002' })}`);
    expect(searched.headers['content-range']).toBe('alert 0-1/2');

    const totals = (await ok(as.customer!, `/report/alertv2/totals?${q(period)}`)).json();
    expect(totals).toEqual({ success: true, data: { registrationNumber: 7, speed: 101 } });
    const chart = (await ok(as.customer!, `/report/alertv2/chart?${q(period)}`)).json();
    expect(chart.data).toEqual([
      { key: 'OVERSPEED', count: 3 },
      { key: 'SOS', count: 2 },
      { key: 'GEOFENCE_ENTER', count: 1 },
      { key: 'ROUTE_VIOLATION', count: 1 },
    ]);
  });

  it('pages the list and exports every row in large pages', async () => {
    const page = await ok(as.customer!, `/report/alertv2?${q(period)}&range=[2,3]&sort=["eventTime","ASC"]`);
    expect(page.headers['content-range']).toBe('alert 2-3/7');
    expect((page.json() as { type: string }[]).map((r) => r.type)).toEqual(['SOS', 'OVERSPEED']);
    const exported = await ok(as.customer!, `/report/alertv2/export?${q(period)}&range=[0,4999]`);
    expect(exported.json()).toHaveLength(7);
    expect(exported.headers['content-range']).toBe('alert 0-6/7');
  });

  it('answers a bad filter with a 400 that says what is wrong', async () => {
    const bad = async (filter: object, rest = '') => {
      const response = await call(as.customer!, 'GET', `/report/alertv2?${q(filter, rest)}`);
      expect(response.statusCode).toBe(400);
      return response.json().message as string;
    };
    expect(await bad({ from: '2026-01-01T00:00:00Z', to: '2026-06-01T00:00:00Z' })).toBe(
      'The period may be at most 92 days long',
    );
    expect(await bad({ from: TO, to: FROM })).toBe('The end of the period must come after its start');
    expect(await bad({ from: FROM })).toBe('Give both the start and the end of the period');
    expect(await bad({ ...period, vehicleId: 'nope' })).toBe('The filter vehicleId is not valid');
    expect(await bad({ ...period, type: 'PARTY' })).toBe('The filter type is not valid');
    expect(await bad({ ...period, colour: 'red' })).toBe('Filtering by colour is not allowed');
    expect(await bad({ preset: 'someday' })).toMatch(/preset/);
    expect(await bad(period, '&sort=["place","ASC"]')).toBe('Sorting by place is not allowed');
    const tooLong = await call(
      as.customer!,
      'GET',
      `/report/alertv2/totals?${q({ from: '2026-01-01T00:00:00Z', to: '2026-06-01T00:00:00Z' })}`,
    );
    expect(tooLong.statusCode).toBe(400);
  });

  it('gives a role holding only the SOS report the SOS alerts alone, its vehicles to pick, and nothing more', async () => {
    const authScopes = [{ id: 'report-sosalert', allowed: true, actions: {} }];
    const role = (
      await ok(as.superadmin!, '/roles', 'POST', {
        name: 'SOS_WATCH',
        authScopes,
        organisationId: orgs['Sunrise Logistics'],
      })
    ).json();
    await ok(as.superadmin!, '/users', 'POST', {
      firstName: 'Sona',
      email: 'sona@sunrise.test',
      phone: '9811111113',
      password: 'Sona-pass-2026',
      roleId: role.id,
      organisationId: orgs['Sunrise Logistics'],
    });
    const watcher = {
      app: server.app,
      token: (await signIn(server.app, 'sona@sunrise.test', 'Sona-pass-2026')).token.access.token,
    };
    const rows = (await ok(watcher, `/report/alertv2?${q({ ...period, type: 'OVERSPEED' })}`)).json() as {
      type: string;
    }[];
    expect(rows.map((r) => r.type)).toEqual(['SOS', 'SOS']);
    expect((await ok(watcher, `/report/alertv2/totals?${q(period)}`)).json().data.registrationNumber).toBe(2);
    expect((await call(watcher, 'GET', `/report/alertv2/export?${q(period)}`)).statusCode).toBe(403);
    expect((await call(watcher, 'GET', `/report/route-violation?${q(period)}`)).statusCode).toBe(403);
    const picker = (await ok(watcher, '/vehicle?range=[0,99]')).json() as { registrationNumber: string }[];
    expect(picker.map((v) => v.registrationNumber)).toContain('UP78RP0001');
    expect(picker.map((v) => v.registrationNumber)).not.toContain('UP78RP0002');
  });

  it('takes a preset for the period, and today without one', async () => {
    const today = await ok(as.customer!, `/report/alertv2?${q({ vehicleId: vehicle.sunrise })}`);
    expect(today.headers['content-range']).toBe('alert */0');
    const lastMonth = await call(as.customer!, 'GET', `/report/alertv2?${q({ preset: 'lastMonth' })}`);
    expect(lastMonth.statusCode).toBe(200);
  });
});

describe('the offline and route violation reports', () => {
  it('lists the vehicles not heard from for longer than the threshold, with last place and how long', async () => {
    await server.database.db.execute(sql`insert into device_states (device_id, last_seen_at, last_position)
      values (${device.sunrise}::uuid, now() - interval '2 hours', ${JSON.stringify({ latitude: 26.5, longitude: 80.25, speed: 0 })}::jsonb)`);
    const filter = { vehicleId: [vehicle.sunrise, vehicle.metro] };
    const rows = (await ok(as.dealer!, `/report/device-offline?${q(filter)}`)).json() as Record<string, unknown>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: vehicle.sunrise,
      registrationNumber: 'UP78RP0001',
      place: '26.500000,80.250000',
    });
    expect(Math.round((rows[0]!.offlineSeconds as number) / 60)).toBe(120);
    const notYet = await ok(as.dealer!, `/report/device-offline?${q({ ...filter, minutes: 180 })}`);
    expect(notYet.headers['content-range']).toBe('offline */0');
    const totals = (
      await ok(as.customer!, `/report/device-offline/totals?${q({ vehicleId: vehicle.sunrise })}`)
    ).json();
    expect(totals.data.registrationNumber).toBe(1);
    const other = await ok(ganga, `/report/device-offline?${q(filter)}`);
    expect(other.headers['content-range']).toBe('offline */0');
    expect((await call(as.customer!, 'GET', `/report/device-offline?${q({ minutes: 'soon' })}`)).statusCode).toBe(400);
    const huge = await call(as.customer!, 'GET', `/report/device-offline?${q({ minutes: 1e12 })}`);
    expect(huge.json().message).toBe('The filter minutes must be from 1 to 132480');
  });

  it('lists the route violations with the route and the distance off it', async () => {
    const rows = (await ok(as.customer!, `/report/route-violation?${q(period)}`)).json() as Record<string, unknown>[];
    expect(rows).toEqual([
      expect.objectContaining({ registrationNumber: 'UP78RP0001', routeName: 'Kanpur loop', metersOffRoute: 350 }),
    ]);
    expect((await ok(ganga, `/report/route-violation?${q(period)}`)).headers['content-range']).toBe(
      'route-violation */0',
    );
  });
});

describe('an alert of a device fitted to no vehicle', () => {
  it('names the device, its IMEI and name, instead of an empty vehicle', async () => {
    const spare = (
      await ok(as.superadmin!, '/device', 'POST', {
        imei: '868347075560009',
        name: 'Spare tracker 9',
        status: 'NEW',
        organisationId: orgs['Metro Auto Dealers'],
      })
    ).json().id as string;
    await server.database.db
      .execute(sql`insert into events (type, device_id, organisation_id, event_time, latitude, longitude, attributes)
      values ('TAMPER', ${spare}::uuid, ${orgs['Metro Auto Dealers']}::uuid, '2026-10-04T07:00:00Z', 26.4499, 80.3319, '{}'::jsonb)`);
    const rows = (
      await ok(as.dealer!, `/report/alertv2?${q({ ...period, q: '868347075560009' })}&range=[0,49]`)
    ).json() as Record<string, unknown>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      registrationNumber: '868347075560009',
      vehicleName: 'Spare tracker 9',
      imei: '868347075560009',
      type: 'TAMPER',
    });
  });
});
