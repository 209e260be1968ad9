import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn, startTestServer, ADMIN_EMAIL, ADMIN_PASSWORD, type TestServer } from './harness.ts';
import { indianIsoDay } from '../../core/format/date.ts';

/**
 * A fitment recorded late tracks its vehicle from the start of the fitment's day, but never from
 * before its device left another vehicle (docs/reports.md, "A vehicle's own history"). Seen on the
 * Fleet Dashboard: a vehicle is in a day's fleet (offline, with nothing sent) from the day it is
 * tracked from.
 */
let server: TestServer;
let admin: string;
let sunrise: string;
const yesterday = indianIsoDay(Date.now() - 86_400_000);
const dayBefore = indianIsoDay(Date.now() - 2 * 86_400_000);

const inject = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const response = await server.app.inject({ method, url, headers: bearer(admin), payload });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json() as Record<string, unknown> & { id: string };
};
/** Vehicles offline on the day before yesterday and yesterday. */
const offline = async () => {
  const { data } = (await inject('GET', `/api/dashboard/charts?from=${dayBefore}&to=${yesterday}`)) as unknown as {
    data: { days: { offlineVehicles: number }[] };
  };
  return data.days.map((d) => d.offlineVehicles);
};
const added = (before: number[], after: number[]) => after.map((n, i) => n - before[i]!);
const device = (imei: string) =>
  inject('POST', '/api/device', { imei, status: 'ALLOCATED', organisationId: sunrise }).then((d) => d.id);
const fit = (imei: string, registrationNumber: string) =>
  inject('POST', '/api/fitment', {
    vehicle: {
      category: 'TRUCK',
      registrationNumber,
      engineNo: 'ENG0401',
      chassisNo: 'CHS0401',
      regDate: '2025-01-15',
      rto: 'Kanpur Nagar-UP78',
      rtoCode: 'UP_UP78',
    },
    device: { imei },
    customer: {
      firstName: 'Priya',
      lastName: 'Singh',
      email: 'customer@demo.waymark.in',
      phone: '9876543210',
      address: '14/112 Civil Lines\nKanpur\nUttar Pradesh 208001',
    },
    fitmentDate: yesterday,
    durationInDays: 365,
    deviceActivate: false,
  });

beforeAll(async () => {
  server = await startTestServer();
  admin = (await signIn(server.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token.access.token;
  const organisations = (await server.app
    .inject({ method: 'GET', url: '/api/organisation?range=[0,50]', headers: bearer(admin) })
    .then((r) => r.json())) as { id: string; tradeName: string }[];
  sunrise = organisations.find((o) => o.tradeName.includes('Sunrise'))!.id;
});
afterAll(async () => {
  await server?.close();
});

describe('a fitment recorded the day after', () => {
  it("tracks a new device's vehicle from the start of the fitment's day", async () => {
    const before = await offline();
    await device('868347070060401');
    await fit('868347070060401', 'UP78FL0401');
    // in yesterday's fleet (it sent nothing: offline), not in the day's before
    expect(added(before, await offline())).toEqual([0, 1]);
  });

  it('tracks a vehicle no earlier than its device left another one, today', async () => {
    const before = await offline();
    const deviceId = await device('868347070060402');
    // the device was in another truck until now: the truck edited to no device
    const truck = await inject('POST', '/api/vehicle', {
      name: 'Old truck',
      registrationNumber: 'UP78FL0402',
      category: 'TRUCK',
      deviceId,
      organisationId: sunrise,
    });
    await inject('PUT', `/api/vehicle/${truck.id}`, { ...truck, deviceId: null });
    await fit('868347070060402', 'UP78FL0403');
    // neither truck is in yesterday's fleet: the old one has no device, the new one is tracked from today
    expect(added(before, await offline())).toEqual([0, 0]);
  });
});
