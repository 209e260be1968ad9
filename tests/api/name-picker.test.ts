import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { call, demoWorld, type Api } from './resource-fixtures.ts';

/**
 * The item form's vehicle picker (issue 25, point 15): an INVENTORY_MANAGER may attach an item to
 * a vehicle but not read vehicles. It lists the vehicles of its organisation tree by id and
 * registration number alone, and nothing more: no other field, no row read, no filter or order on
 * another field, no vehicle of another tenant.
 */
let server: TestServer;
let as: Record<string, Api>;
let otherTenantVehicle: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ as } = await demoWorld(server.app, ['superadmin', 'inventory', 'manufacturer']));
  const root = (
    (await call(as.superadmin!, 'GET', '/organisation?range=[0,50]')).json() as { id: string; parentId: null }[]
  ).find((o) => !o.parentId)!;
  const ganga = await call(as.superadmin!, 'POST', '/organisation', {
    parentId: root.id,
    tradeName: 'Ganga Movers',
    brandName: 'Ganga Movers',
    email: 'ops@gangamovers.in',
  });
  const truck = await call(as.superadmin!, 'POST', '/vehicle', {
    name: 'Ganga 1',
    registrationNumber: 'UP32GT0001',
    category: 'TRUCK',
    organisationId: ganga.json().id,
  });
  expect(truck.statusCode).toBe(201);
  otherTenantVehicle = truck.json().id;
});
afterAll(async () => {
  await server?.close();
});

const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();

describe("the item form's vehicle picker, for a role that may not read vehicles", () => {
  it('lists the ids and registration numbers of the vehicles of its tree, and no other field', async () => {
    const picked = await call(as.inventory!, 'GET', '/vehicle?filter={}&range=[0,99]&sort=["id","DESC"]');
    expect(picked.statusCode).toBe(200);
    const rows = picked.json() as { id: string }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(['id', 'registrationNumber']);
    // the same vehicles the MANUFACTURER of the same organisation reads in full (its raw-logs report's picker)
    const full = (await call(as.manufacturer!, 'GET', '/vehicle?range=[0,99]')).json() as { id: string }[];
    expect(ids(rows)).toEqual(ids(full));
    expect(ids(rows)).not.toContain(otherTenantVehicle);
    expect(picked.headers['content-range']).toBe(`vehicle 0-${rows.length - 1}/${rows.length}`);
  });

  it('finds a vehicle by the text typed and shows the chosen one by its id, within its tree', async () => {
    const full = (await call(as.manufacturer!, 'GET', '/vehicle?range=[0,0]')).json() as {
      id: string;
      registrationNumber: string;
    }[];
    const typed = await call(as.inventory!, 'GET', `/vehicle?filter={"q":"${full[0]!.registrationNumber}"}`);
    expect(typed.json()).toEqual([{ id: full[0]!.id, registrationNumber: full[0]!.registrationNumber }]);
    const shown = await call(as.inventory!, 'GET', `/vehicle?filter={"id":["${full[0]!.id}","${otherTenantVehicle}"]}`);
    expect(shown.json()).toEqual([{ id: full[0]!.id, registrationNumber: full[0]!.registrationNumber }]);
  });

  it('refuses a read of one vehicle, a filter or an order on another field, and an export', async () => {
    const [vehicle] = (await call(as.manufacturer!, 'GET', '/vehicle?range=[0,0]')).json() as { id: string }[];
    expect((await call(as.inventory!, 'GET', `/vehicle/${vehicle!.id}`)).statusCode).toBe(403);
    expect((await call(as.inventory!, 'GET', '/vehicle?filter={"category":"TRUCK"}')).statusCode).toBe(403);
    expect((await call(as.inventory!, 'GET', '/vehicle?sort=["chassisNo","ASC"]')).statusCode).toBe(403);
    expect((await call(as.inventory!, 'GET', '/vehicle/export?range=[0,99]')).statusCode).toBe(403);
  });

  it('still gives a full reader every field', async () => {
    const [row] = (await call(as.manufacturer!, 'GET', '/vehicle?range=[0,0]')).json() as Record<string, unknown>[];
    expect(row).toHaveProperty('category');
    expect(row).toHaveProperty('organisationId');
  });
});
