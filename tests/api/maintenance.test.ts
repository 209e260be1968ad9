import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from './harness.ts';
import { call, demoWorld, type Api } from './resource-fixtures.ts';
import { query } from '../../server/resources/sql.ts';

let server: TestServer;
let as: Record<string, Api>;
let orgs: Record<string, string>;
let vehicles: { id: string; registrationNumber: string; deviceId: string }[];
const DAY = 86_400_000;
let day = 0;

/** Adds a day of driving to a device's daily summaries, as the summariser writes them. */
async function drive(deviceId: string, km: number, engineHours = 0) {
  const when = new Date(Date.UTC(2030, 0, 1) + day++ * DAY).toISOString().slice(0, 10);
  await server.database.db.execute(sql`insert into daily_summaries (device_id, day, distance_meters, running_seconds)
    values (${deviceId}::uuid, ${when}::date, ${km * 1000}, ${Math.round(engineHours * 3600)})`);
}
const sweep = (at = new Date()) => server.app.sweep(at);
const read = async (who: string, id: string) => (await call(as[who]!, 'GET', `/maintenance-schedules/${id}`)).json();
async function dueEvents(scheduleId: string) {
  return query<{ type: string; attributes: { scheduleId: string; sinceStart: number } }>(
    server.database.db,
    sql`select type, attributes from events where type = 'MAINTENANCE_DUE' and attributes->>'scheduleId' = ${scheduleId}`,
  );
}
async function create(who: string, body: object) {
  const response = await call(as[who]!, 'POST', '/maintenance-schedules', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}

beforeAll(async () => {
  server = await startTestServer({ config: { sweep: false } });
  ({ as, orgs } = await demoWorld(server.app, ['superadmin', 'admin', 'customer', 'limited', 'fitter']));
  vehicles = (await call(as.superadmin!, 'GET', '/vehicle?range=[0,99]&sort=["registrationNumber","ASC"]'))
    .json()
    .filter((v: { deviceId: string | null; organisationId: string }) => v.deviceId);
});
afterAll(async () => {
  await server?.close();
});

describe('maintenance schedules', () => {
  it('is due by kilometres once the odometer has run the interval, raises MAINTENANCE_DUE once, and Done restarts it', async () => {
    const vehicle = vehicles[0]!;
    const { id } = await create('customer', {
      name: 'Oil change',
      vehicleId: vehicle.id,
      kind: 'DISTANCE',
      everyKm: 5000,
    });
    expect(await read('customer', id)).toMatchObject({
      dueState: 'OK',
      sinceStart: 0,
      organisationId: orgs['Sunrise Logistics'],
    });

    await drive(vehicle.deviceId, 4000);
    expect(await sweep()).toMatchObject({ maintenanceDue: 0 });
    expect(await read('customer', id)).toMatchObject({ dueState: 'OK', sinceStart: 4000 });

    await drive(vehicle.deviceId, 1200);
    expect(await sweep()).toMatchObject({ maintenanceDue: 1 });
    expect(await read('customer', id)).toMatchObject({ dueState: 'DUE', sinceStart: 5200 });
    // once per period, whatever the sweeps and processes
    await Promise.all([sweep(), sweep()]);
    await drive(vehicle.deviceId, 3000);
    await sweep();
    const events = await dueEvents(id);
    expect(events).toHaveLength(1);
    expect(events[0]!.attributes.sinceStart).toBe(5200);
    // the Alert report lists it with the others
    const report = await call(
      as.superadmin!,
      'GET',
      `/eventlogs?filter=${encodeURIComponent(JSON.stringify({ type: 'MAINTENANCE_DUE', deviceId: vehicle.deviceId }))}`,
    );
    expect(report.json()).toHaveLength(1);

    const done = await call(as.customer!, 'POST', `/maintenance-schedules/${id}/done`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe('Service recorded for Oil change: the next period starts now');
    expect(done.json().data).toMatchObject({ dueState: 'OK', sinceStart: 0 });
    expect(done.json().data.lastDoneAt).toBeTruthy();
    await drive(vehicle.deviceId, 4999);
    await sweep();
    expect(await read('customer', id)).toMatchObject({ dueState: 'OK', sinceStart: 4999 });
    expect(await dueEvents(id)).toHaveLength(1);
    // the next period's own due
    await drive(vehicle.deviceId, 1);
    expect(await sweep()).toMatchObject({ maintenanceDue: 1 });
    expect(await dueEvents(id)).toHaveLength(2);
  });

  it('is due by engine hours (ignition-on time)', async () => {
    const vehicle = vehicles[1]!;
    const { id } = await create('customer', {
      name: 'Engine check',
      vehicleId: vehicle.id,
      kind: 'ENGINE_HOURS',
      everyHours: 250,
    });
    await drive(vehicle.deviceId, 10, 249.5);
    await sweep();
    expect(await read('customer', id)).toMatchObject({ dueState: 'OK', sinceStart: 249.5 });
    await drive(vehicle.deviceId, 10, 1);
    expect(await sweep()).toMatchObject({ maintenanceDue: 1 });
    expect(await read('customer', id)).toMatchObject({ dueState: 'DUE', sinceStart: 250.5 });
    expect(await dueEvents(id)).toHaveLength(1);

    // a longer interval: not due any more, and due again once the new one is reached
    const edited = await call(as.customer!, 'PUT', `/maintenance-schedules/${id}`, { everyHours: 300 });
    expect(edited.statusCode, edited.body).toBe(200);
    await sweep();
    expect(await read('customer', id)).toMatchObject({ dueState: 'OK', sinceStart: 250.5 });
    await drive(vehicle.deviceId, 10, 50);
    expect(await sweep()).toMatchObject({ maintenanceDue: 1 });
    expect(await dueEvents(id)).toHaveLength(2);
  });

  it('is due by date, and Done starts the next period from now', async () => {
    const vehicle = vehicles[2]!;
    const { id } = await create('admin', {
      name: 'Fitness certificate',
      vehicleId: vehicle.id,
      kind: 'DATE',
      everyDays: 90,
      organisationId: orgs['Sunrise Logistics'],
    });
    const now = Date.now();
    expect(await sweep(new Date(now + 89 * DAY))).toMatchObject({ maintenanceDue: 0 });
    expect(await dueEvents(id)).toHaveLength(0);
    expect(await sweep(new Date(now + 90 * DAY + 60_000))).toMatchObject({ maintenanceDue: 1 });
    await sweep(new Date(now + 95 * DAY));
    expect(await dueEvents(id)).toHaveLength(1);
    expect((await call(as.customer!, 'POST', `/maintenance-schedules/${id}/done`)).statusCode).toBe(200);
    // the new period runs from the Done: 89 days on is not due again
    expect(await sweep(new Date(Date.now() + 89 * DAY))).toMatchObject({ maintenanceDue: 0 });
    expect(await read('customer', id)).toMatchObject({ dueState: 'OK', lastDoneAt: expect.any(String) });
    expect(await sweep(new Date(Date.now() + 90 * DAY + 60_000))).toMatchObject({ maintenanceDue: 1 });
    expect(await dueEvents(id)).toHaveLength(2);
  });

  it('requires the interval of its kind and changes nothing on bad input', async () => {
    const response = await call(as.customer!, 'POST', '/maintenance-schedules', {
      name: 'Tyres',
      vehicleId: vehicles[0]!.id,
      kind: 'DISTANCE',
      everyDays: 30,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ everyKm: 'Give the kilometres between services, a whole number' });
    const bad = await call(as.customer!, 'POST', '/maintenance-schedules', {
      name: 'Tyres',
      vehicleId: vehicles[0]!.id,
      kind: 'WEEKLY',
      everyKm: 100,
    });
    expect(bad.statusCode).toBe(400);
    const list = (await call(as.superadmin!, 'GET', '/maintenance-schedules?range=[0,99]')).json() as {
      name: string;
    }[];
    expect(list.map((s) => s.name)).not.toContain('Tyres');
  });

  it("keeps another tenant's schedules out of sight and reach, and refuses roles without its permission ids", async () => {
    const other = await create('superadmin', {
      name: 'Distributor van service',
      vehicleId: vehicles[3]!.id,
      kind: 'DATE',
      everyDays: 30,
      organisationId: orgs['Sharma Distributors'],
    });
    const listed = (await call(as.customer!, 'GET', '/maintenance-schedules?range=[0,99]')).json() as { id: string }[];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.map((s) => s.id)).not.toContain(other.id);
    expect((await call(as.customer!, 'GET', `/maintenance-schedules/${other.id}`)).statusCode).toBe(404);
    expect(
      (await call(as.customer!, 'PUT', `/maintenance-schedules/${other.id}`, { name: 'Mine now' })).statusCode,
    ).toBe(404);
    expect((await call(as.customer!, 'POST', `/maintenance-schedules/${other.id}/done`)).statusCode).toBe(404);
    expect((await call(as.customer!, 'DELETE', `/maintenance-schedules/${other.id}`)).statusCode).toBe(404);
    // nor may he put one in an organisation outside his tree
    const outside = await call(as.customer!, 'POST', '/maintenance-schedules', {
      name: 'Elsewhere',
      vehicleId: vehicles[0]!.id,
      kind: 'DATE',
      everyDays: 30,
      organisationId: orgs['Sharma Distributors'],
    });
    expect(outside.statusCode).toBe(403);
    expect((await read('superadmin', other.id)).name).toBe('Distributor van service');

    // a limited user and a fitter hold none of its permission ids
    for (const who of ['limited', 'fitter']) {
      expect((await call(as[who]!, 'GET', '/maintenance-schedules')).statusCode).toBe(403);
      expect(
        (
          await call(as[who]!, 'POST', '/maintenance-schedules', {
            name: 'Not mine',
            vehicleId: vehicles[0]!.id,
            kind: 'DATE',
            everyDays: 30,
          })
        ).statusCode,
      ).toBe(403);
      expect((await call(as[who]!, 'POST', `/maintenance-schedules/${other.id}/done`)).statusCode).toBe(403);
    }
  });
});
