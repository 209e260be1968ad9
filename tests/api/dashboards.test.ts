import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from './harness.ts';
import { call, demoWorld, type Api } from './resource-fixtures.ts';
import { indianIsoDay } from '../../core/format/date.ts';

/**
 * The dashboards' figures, by hand: daily summaries and alerts inserted as fixtures for Sunrise
 * Logistics (the customer), for a vehicle of Metro Auto (the dealer) and for Ganga Movers, another
 * tree under the root that only SUPER_ADMIN may count.
 */
let server: TestServer;
let as: Record<string, Api>;
let orgs: Record<string, string>;
const today = indianIsoDay();
const yesterday = indianIsoDay(Date.now() - 86_400_000);
const twoDaysAgo = indianIsoDay(Date.now() - 2 * 86_400_000);
let customerVehicles: { id: string; deviceId: string; registrationNumber: string }[];

const db = () => server.database.db;
const get = async (who: string, url: string) => call(as[who]!, 'GET', url);
const data = async (who: string, url: string) => {
  const response = await get(who, url);
  if (response.statusCode !== 200) throw new Error(`${who} GET ${url}: ${response.statusCode} ${response.body}`);
  return response.json().data;
};

async function summary(deviceId: string, day: string, distanceMeters: number, runningSeconds: number) {
  await db().execute(sql`insert into daily_summaries (device_id, day, distance_meters, running_seconds, max_speed)
    values (${deviceId}::uuid, ${day}::date, ${distanceMeters}, ${runningSeconds}, 62)`);
}
/** An alert a minute after today's midnight in Asia/Kolkata: today, and already past. */
async function alert(deviceId: string, organisationId: string, type: string) {
  await db().execute(sql`insert into events (type, device_id, organisation_id, event_time)
    values (${type}, ${deviceId}::uuid, ${organisationId}::uuid, (${today}::date::timestamp at time zone 'Asia/Kolkata') + interval '1 minute')`);
}
async function insertId(statement: ReturnType<typeof sql>): Promise<string> {
  const result = (await db().execute(statement)) as unknown as { rows: { id: string }[] };
  return result.rows[0]!.id;
}

beforeAll(async () => {
  server = await startTestServer();
  ({ as, orgs } = await demoWorld(server.app, [
    'superadmin',
    'dealer',
    'customer',
    'inventory',
    'manufacturer',
    'limited',
  ]));
  const root = (
    (await get('superadmin', '/organisation?range=[0,50]')).json() as { id: string; parentId: string | null }[]
  ).find((o) => !o.parentId)!;
  const ganga = (
    await call(as.superadmin!, 'POST', '/organisation', {
      parentId: root.id,
      tradeName: 'Ganga Movers',
      brandName: 'Ganga Movers',
      email: 'ops@gangamovers.in',
    })
  ).json() as { id: string };

  const vehicles = (
    await get('customer', '/vehicle/statuses?sort=["registrationNumber","ASC"]&range=[0,9]')
  ).json() as { id: string; deviceId: string; registrationNumber: string }[];
  customerVehicles = vehicles;
  // a dealer's own van with a dealer device, and Ganga's truck with a defective device of Ganga's
  const [dealerDevice] = (
    (await db().execute(
      sql`select id from devices where organisation_id = ${orgs['Metro Auto Dealers']}::uuid order by imei limit 1`,
    )) as unknown as { rows: { id: string }[] }
  ).rows;
  await db().execute(sql`insert into vehicles (name, registration_number, category, device_id, organisation_id)
    values ('Metro van', 'UP78ZZ0001', 'TRUCK', ${dealerDevice!.id}::uuid, ${orgs['Metro Auto Dealers']}::uuid)`);
  const gangaDevice = await insertId(
    sql`insert into devices (imei, status, organisation_id) values ('869000000000099', 'DEFECTED', ${ganga.id}::uuid) returning id`,
  );
  const gangaVehicle =
    await insertId(sql`insert into vehicles (name, registration_number, category, device_id, organisation_id)
    values ('Ganga 1', 'UP32GG0001', 'TRUCK', ${gangaDevice}::uuid, ${ganga.id}::uuid) returning id`);
  const superadmin = (
    (await db().execute(sql`select id from users order by created_at limit 1`)) as unknown as { rows: { id: string }[] }
  ).rows[0]!.id;
  await db()
    .execute(sql`insert into fitments (vehicle, device, customer, fitment_date, duration_in_days, imei, registration_number, customer_name, customer_phone,
      activation_status, expires_on, device_id, vehicle_id, customer_id, organisation_id)
    values ('{}', '{}', '{}', (${today}::date::timestamp at time zone 'Asia/Kolkata') + interval '1 minute', 365, '869000000000099', 'UP32GG0001', 'Ganga', '+919800000099',
      'PENDING', now() + interval '365 days', ${gangaDevice}::uuid, ${gangaVehicle}::uuid, ${superadmin}::uuid, ${ganga.id}::uuid)`);
  // every holder held its devices since before the period: a day row counts for who held the device as the day began
  await db().execute(
    sql`update device_ownership_periods set valid_from = valid_from - interval '5 days', valid_to = valid_to - interval '5 days'`,
  );

  const [v0, v1] = customerVehicles;
  await summary(v0!.deviceId, today, 12_000, 3_600);
  await summary(v1!.deviceId, today, 5_000, 1_800);
  await summary(v0!.deviceId, yesterday, 8_000, 2_400);
  await summary(dealerDevice!.id, today, 3_000, 600);
  await summary(gangaDevice, today, 50_000, 7_200);
  await alert(v0!.deviceId, orgs['Sunrise Logistics']!, 'OVERSPEED');
  await alert(v1!.deviceId, orgs['Sunrise Logistics']!, 'OVERSPEED');
  await alert(dealerDevice!.id, orgs['Metro Auto Dealers']!, 'TAMPER');
  await alert(gangaDevice, ganga.id, 'SOS');
}, 120_000);

afterAll(async () => server?.close());

describe('GET /dashboard/summary', () => {
  it("counts each caller's own vehicles, distance and alerts of today, and never another tenant's", async () => {
    const [admin, dealer, customer] = await Promise.all(
      ['superadmin', 'dealer', 'customer'].map((who) => data(who, '/dashboard/summary')),
    );
    expect(customer.vehicles.total).toBe(6);
    expect(dealer.vehicles.total).toBe(7);
    expect(admin.vehicles.total).toBe(8);
    for (const figures of [admin, dealer, customer]) {
      expect(Object.keys(figures.vehicles).sort()).toEqual([
        'idle',
        'noData',
        'offline',
        'running',
        'stopped',
        'total',
      ]);
      expect(figures.today.day).toBe(today);
    }
    expect(customer.today.distanceMeters).toBe(17_000);
    expect(dealer.today.distanceMeters).toBe(20_000);
    expect(admin.today.distanceMeters).toBe(70_000);
    expect(customer.today.runningSeconds).toBe(5_400);
    expect(customer.today.alerts).toBe(2);
    expect(customer.today.alertsByType).toEqual([{ key: 'OVERSPEED', count: 2 }]);
    expect(dealer.today.alertsByType).toEqual([
      { key: 'OVERSPEED', count: 2 },
      { key: 'TAMPER', count: 1 },
    ]);
    expect(admin.today.alerts).toBe(4);
    // the ten that went furthest, furthest first
    expect(
      customer.today.topVehicles.map((v: { registrationNumber: string; distanceMeters: number }) => [
        v.registrationNumber,
        v.distanceMeters,
      ]),
    ).toEqual([
      [customerVehicles[0]!.registrationNumber, 12_000],
      [customerVehicles[1]!.registrationNumber, 5_000],
    ]);
    expect(admin.today.topVehicles[0].registrationNumber).toBe('UP32GG0001');
    expect(dealer.today.topVehicles.map((v: { registrationNumber: string }) => v.registrationNumber)).not.toContain(
      'UP32GG0001',
    );
  });

  it('gives devices by status to the device module only', async () => {
    const [admin, dealer, customer] = await Promise.all(
      ['superadmin', 'dealer', 'customer'].map((who) => data(who, '/dashboard/summary')),
    );
    expect(customer.devices).toBeNull();
    expect(dealer.devices).toEqual({ NEW: 0, ALLOCATED: 3, INSTALLED: 6, DEFECTED: 0, total: 9 });
    expect(admin.devices).toEqual({ NEW: 3, ALLOCATED: 3, INSTALLED: 6, DEFECTED: 1, total: 13 });
  });

  it('answers no fleet figures to a role that may not see the fleet (INVENTORY_MANAGER and MANUFACTURER, who get 403 on Vehicle Status)', async () => {
    for (const who of ['inventory', 'manufacturer']) {
      expect((await get(who, '/vehicle/statuses')).statusCode).toBe(403);
      const figures = await data(who, '/dashboard/summary');
      expect(figures.vehicles).toBeNull();
      expect(figures.today).toBeNull();
      const charts = await data(who, `/dashboard/charts?from=${twoDaysAgo}&to=${today}`);
      expect(charts.vehicles).toBeNull();
      expect(charts.alertsByType).toBeNull();
      expect(charts.days).toHaveLength(3);
      for (const day of charts.days) {
        expect(Object.keys(day).filter((k) => k !== 'key' && k !== 'fitments')).toEqual([]);
      }
      expect(JSON.stringify([figures, charts])).not.toMatch(/UP\d{2}[A-Z]{2}\d{4}/);
    }
  });

  it('answers 403 to a role without a dashboard and 401 without a token', async () => {
    expect((await get('limited', '/dashboard/summary')).statusCode).toBe(403);
    expect((await server.app.inject({ method: 'GET', url: '/api/dashboard/summary' })).statusCode).toBe(401);
  });
});

describe('GET /erp/fitment-counts and /erp/stock-counts', () => {
  it("counts fitments by activation status in the caller's organisations", async () => {
    const [admin, dealer] = await Promise.all(['superadmin', 'dealer'].map((who) => data(who, '/erp/fitment-counts')));
    expect(Object.keys(admin)).toEqual(['today', 'thisMonth', 'total']);
    expect(admin.today.PENDING).toBe(1);
    expect(dealer.today.total).toBe(0);
    expect(admin.total.total).toBe(dealer.total.total + 1);
    expect(dealer.total.ACTIVE).toBe(6);
  });

  it('answers 403 to a role without the fitment module', async () => {
    const response = await get('inventory', '/erp/fitment-counts');
    expect(response.statusCode).toBe(403);
    expect(response.json().success).toBe(false);
  });

  it('counts devices and item units by status, each only with its module', async () => {
    const admin = await data('superadmin', '/erp/stock-counts');
    expect(admin.devices.DEFECTED).toBe(1);
    expect(admin.items).toEqual({ IN_STOCK: 25, ISSUED: 1, RETURNED: 0, total: 26 });
    const inventory = await data('inventory', '/erp/stock-counts');
    // Bharat Telematics is above the dealer and the customer: all the demo's stock, none of Ganga's
    expect(inventory.items.total).toBe(26);
    expect(inventory.devices).toEqual({ NEW: 3, ALLOCATED: 3, INSTALLED: 6, DEFECTED: 0, total: 12 });
    const dealer = await data('dealer', '/erp/stock-counts');
    expect(dealer.items).toBeNull();
    expect(dealer.devices.DEFECTED).toBe(0);
    expect((await get('customer', '/erp/stock-counts')).statusCode).toBe(403);
  });
});

describe('GET /dashboard/charts', () => {
  it('gives distance, utilisation and offline vehicles per day, and alerts by type', async () => {
    const customer = await data('customer', `/dashboard/charts?from=${twoDaysAgo}&to=${today}`);
    expect(customer.vehicles).toBe(6);
    expect(customer.days.map((d: { key: string }) => d.key)).toEqual([twoDaysAgo, yesterday, today]);
    const [first, second, third] = customer.days;
    expect(first).toMatchObject({
      distanceMeters: 0,
      runningSeconds: 0,
      utilisation: 0,
      reportingVehicles: 0,
      offlineVehicles: 6,
    });
    expect(second).toMatchObject({
      distanceMeters: 8_000,
      runningSeconds: 2_400,
      reportingVehicles: 1,
      offlineVehicles: 5,
    });
    // 5,400 s of running over 6 vehicles × 86,400 s = 1.04 %
    expect(third).toMatchObject({
      distanceMeters: 17_000,
      runningSeconds: 5_400,
      utilisation: 1,
      reportingVehicles: 2,
      offlineVehicles: 4,
    });
    expect(customer.alertsByType).toEqual([{ key: 'OVERSPEED', count: 2 }]);
    expect(typeof third.fitments).toBe('number');

    const admin = await data('superadmin', `/dashboard/charts?from=${today}&to=${today}`);
    expect(admin.days).toHaveLength(1);
    expect(admin.days[0].distanceMeters).toBe(70_000);
    expect(admin.days[0].fitments).toBe(1);
    expect(admin.alertsByType.map((a: { key: string }) => a.key).sort()).toEqual(['OVERSPEED', 'SOS', 'TAMPER']);
  });

  it('leaves fitments out for a role without the fitment module', async () => {
    const inventory = await data('inventory', `/dashboard/charts?from=${today}&to=${today}`);
    expect(inventory.days[0]).not.toHaveProperty('fitments');
  });

  it('shows the last seven days by default', async () => {
    const figures = await data('customer', '/dashboard/charts');
    expect(figures.days).toHaveLength(7);
    expect(figures.to).toBe(today);
  });

  it.each([
    ['from=2026-03-10&to=2026-03-01', 'The period must start on or before the day it ends'],
    ['from=2026-01-01&to=2026-04-03', 'The period may cover at most 92 days'],
    ['from=2026-02-30&to=2026-03-01', 'The from day is not a real date'],
    ['from=yesterday', 'Days are written yyyy-MM-dd'],
  ])('answers 400 to %s', async (period, message) => {
    const response = await get('customer', `/dashboard/charts?${period}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it('accepts 92 days', async () => {
    const figures = await data('customer', '/dashboard/charts?from=2026-01-01&to=2026-04-02');
    expect(figures.days).toHaveLength(92);
    expect(figures.days[91].key).toBe('2026-04-02');
  });
});
