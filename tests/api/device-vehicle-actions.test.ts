import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from './harness.ts';
import { call, demoWorld, type Api } from './resource-fixtures.ts';

let server: TestServer;
let as: Record<string, Api>;
let devices: { id: string; imei: string; status: string; organisationId: string }[];
let vehicles: { id: string; registrationNumber: string; deviceId: string | null }[];
let orgs: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  ({ as, devices, orgs } = await demoWorld<(typeof devices)[number]>(server.app, [
    'superadmin',
    'distributer',
    'dealer',
    'customer',
    'manufacturer',
  ]));
  vehicles = (await call(as.superadmin!, 'GET', '/vehicle?sort=["registrationNumber","ASC"]&range=[0,99]')).json();
});
afterAll(async () => {
  await server?.close();
});

const device = (i: number) => devices[i]!;

describe('device actions', () => {
  it('allocates devices down the tree and rolls them back', async () => {
    const allocated = await call(as.superadmin!, 'PUT', '/device/allocate', {
      ids: [device(9).id, device(10).id],
      organisationId: orgs['Metro Auto Dealers'],
    });
    expect(allocated.json()).toMatchObject({ success: true, message: '2 devices allocated' });
    const after = (await call(as.dealer!, 'GET', `/device/${device(9).id}`)).json();
    expect(after).toMatchObject({ status: 'ALLOCATED', organisationId: orgs['Metro Auto Dealers'] });

    const rolledBack = await call(as.distributer!, 'PUT', '/device/rollback', { ids: [device(9).id] });
    expect(rolledBack.json().message).toBe('1 device rolled back');
    expect((await call(as.distributer!, 'GET', `/device/${device(9).id}`)).json()).toMatchObject({
      status: 'NEW',
      organisationId: orgs['Sharma Distributors'],
    });
    // now above the dealer: out of their sight
    expect((await call(as.dealer!, 'GET', `/device/${device(9).id}`)).statusCode).toBe(404);
  });

  it('refuses installed devices, devices out of sight, organisations above the caller and roles without the id', async () => {
    const installed = await call(as.superadmin!, 'PUT', '/device/allocate', {
      ids: [device(0).id],
      organisationId: orgs['Metro Auto Dealers'],
    });
    expect(installed.statusCode).toBe(400);
    expect(installed.json().message).toBe(`Installed devices cannot be allocated: ${device(0).imei}`);
    const hidden = await call(as.distributer!, 'PUT', '/device/allocate', {
      ids: [device(11).id],
      organisationId: orgs['Metro Auto Dealers'],
    });
    expect(hidden.statusCode).toBe(404);
    const above = await call(as.distributer!, 'PUT', '/device/allocate', {
      ids: [device(10).id],
      organisationId: orgs['Bharat Telematics Pvt Ltd'],
    });
    expect(above.statusCode).toBe(403);
    expect((await call(as.customer!, 'PUT', '/device/rollback', { ids: [device(0).id] })).statusCode).toBe(403);
    const empty = await call(as.superadmin!, 'PUT', '/device/allocate', {
      ids: [],
      organisationId: orgs['Metro Auto Dealers'],
    });
    expect(empty.json().message).toBe('Choose at least one device');
    // nothing changed by the refused calls
    expect((await call(as.superadmin!, 'GET', `/device/${device(10).id}`)).json().organisationId).toBe(
      orgs['Metro Auto Dealers'],
    );
  });

  it('queues commands and firmware updates for the gateway', async () => {
    const queued = await call(as.superadmin!, 'POST', `/device/${device(0).id}/command`, { command: 'GETSTATUS' });
    expect(queued.statusCode).toBe(201);
    expect(queued.json().data.status).toBe('QUEUED');
    await call(as.superadmin!, 'POST', `/device/${device(0).id}/firmware`, { firmwareVersion: '2.5.0' });
    const commands = (await call(as.superadmin!, 'GET', `/device/${device(0).id}/commands`)).json() as {
      kind: string;
      command: string;
    }[];
    expect(commands.map((c) => [c.kind, c.command])).toEqual([
      ['FIRMWARE', 'FOTA,2.5.0'],
      ['COMMAND', 'GETSTATUS'],
    ]);
    expect((await call(as.customer!, 'POST', `/device/${device(0).id}/command`, { command: 'RESET' })).statusCode).toBe(
      403,
    );
    expect(
      (await call(as.superadmin!, 'POST', `/device/${device(0).id}/command`, { command: '' })).json().message,
    ).toBe('Type the command to send');
  });
});

describe('vehicle actions', () => {
  it('unlinks and links devices, refusing a device linked elsewhere', async () => {
    const [first, second] = vehicles;
    const unlinked = await call(as.dealer!, 'PUT', `/vehicle/device/${first!.id}/${first!.deviceId}`, {});
    expect(unlinked.json()).toMatchObject({
      message: 'Device unlinked from the vehicle',
      data: { deviceId: null, isTrackingActivated: false },
    });
    const taken = await call(as.dealer!, 'PUT', `/vehicle/device/${first!.id}/${second!.deviceId}`, {});
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(`This device is already linked to ${second!.registrationNumber}`);
    const activate = await call(as.dealer!, 'POST', `/vehicle/activate-tracking/${first!.id}`);
    expect(activate.json().message).toBe('Link a device to the vehicle before activating tracking');
    const linked = await call(as.dealer!, 'PUT', `/vehicle/device/${first!.id}/${first!.deviceId}`, { action: 'link' });
    expect(linked.json().data.deviceId).toBe(first!.deviceId);
    expect(
      (await call(as.dealer!, 'POST', `/vehicle/activate-tracking/${first!.id}`)).json().data.isTrackingActivated,
    ).toBe(true);
    expect((await call(as.dealer!, 'POST', `/vehicle/deactivate-tracking/${first!.id}`)).json()).toMatchObject({
      message: 'Tracking discontinued',
      data: { isTrackingActivated: false },
    });
  });

  it('assigns geofences the caller can see', async () => {
    const geofences = (await call(as.superadmin!, 'GET', '/geofences')).json() as { id: string; name: string }[];
    const vehicle = vehicles[2]!;
    const assigned = await call(as.superadmin!, 'PUT', `/vehicle/${vehicle.id}/geofences`, {
      geofenceIds: geofences.map((g) => g.id),
    });
    expect(assigned.json().message).toBe('2 geofences assigned');
    expect(
      ((await call(as.superadmin!, 'GET', `/vehicle/${vehicle.id}/geofences`)).json() as { name: string }[]).map(
        (g) => g.name,
      ),
    ).toEqual(['Depot fence', 'Lucknow city']);
    const root = (await call(as.superadmin!, 'GET', '/organisation?filter={"q":"Waymark"}')).json()[0].id;
    const foreign = await call(as.superadmin!, 'POST', '/geofences', {
      name: 'Root fence',
      type: 'POINT',
      area: { type: 'Point', coordinates: [77.2, 28.6] },
      organisationId: root,
    });
    const refused = await call(as.dealer!, 'PUT', `/vehicle/${vehicle.id}/geofences`, {
      geofenceIds: [foreign.json().id],
    });
    expect(refused.json().message).toBe('Some of the chosen geofences were not found');
  });

  it('lets a role that may assign geofences without their screen (the customer, from Vehicle Status) read what its dialog shows, and no more', async () => {
    const own = (await call(as.customer!, 'GET', '/vehicle/statuses')).json() as { id: string }[];
    expect(own.length).toBeGreaterThan(0);
    const fences = await call(as.customer!, 'GET', '/geofences');
    expect(fences.statusCode, fences.body).toBe(200);
    const assigned = await call(as.customer!, 'GET', `/vehicle/${own[0]!.id}/geofences`);
    expect(assigned.statusCode, assigned.body).toBe(200);
    const ids = (fences.json() as { id: string }[]).map((g) => g.id);
    expect((await call(as.customer!, 'PUT', `/vehicle/${own[0]!.id}/geofences`, { geofenceIds: ids })).statusCode).toBe(
      200,
    );
    // picking is not managing: no new geofence, no export, and another tenant's vehicle is not found
    expect(
      (
        await call(as.customer!, 'POST', '/geofences', {
          name: 'Mine',
          type: 'POINT',
          area: { type: 'Point', coordinates: [80.3, 26.4] },
        })
      ).statusCode,
    ).toBe(403);
    expect((await call(as.customer!, 'GET', '/geofences/export')).statusCode).toBe(403);
    const foreign = await call(as.dealer!, 'POST', '/vehicle', {
      name: "Dealer's own",
      registrationNumber: 'MH12ZZ9902',
      category: 'BUS',
    });
    expect(foreign.statusCode, foreign.body).toBe(201);
    expect((await call(as.customer!, 'GET', `/vehicle/${foreign.json().id}/geofences`)).statusCode).toBe(404);
    // a role holding neither the vehicle screen nor assign-geofence is refused
    expect((await call(as.manufacturer!, 'GET', `/vehicle/${own[0]!.id}/geofences`)).statusCode).toBe(403);
    expect((await call(as.manufacturer!, 'GET', '/geofences')).statusCode).toBe(403);
  });

  it("e-mails the vehicle's details to its owner through the outbox", async () => {
    const vehicle = vehicles[3]!;
    const sent = await call(as.dealer!, 'POST', `/vehicle/${vehicle.id}/send-mail`, {});
    expect(sent.json().message).toBe("The vehicle's details are on their way to customer@demo.waymark.in");
    const result = (await server.database.db.execute(
      sql`select subject, body from outbox where recipient = 'customer@demo.waymark.in' order by created_at desc limit 1`,
    )) as unknown as { rows: { subject: string; body: string }[] };
    expect(result.rows[0]!.subject).toBe(`Vehicle ${vehicle.registrationNumber}`);
    expect(result.rows[0]!.body).toContain(`Registration Number: ${vehicle.registrationNumber}`);
    expect((await call(as.customer!, 'POST', `/vehicle/${vehicle.id}/send-mail`, {})).statusCode).toBe(403);
  });
});
