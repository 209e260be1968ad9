import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bearer, signIn, startTestServer, ADMIN_EMAIL, ADMIN_PASSWORD, type TestServer } from '../api/harness.ts';
import { emergencyFrame, loginFrame, normalFrame, type DeviceState } from '../../server/simulator/frames.ts';
import { query } from '../../server/resources/sql.ts';
import { indianDayRange, indianIsoDay } from '../../core/format/date.ts';
import { connectDevice, eventually } from './device-client.ts';
import { ARC_M } from './held-out-day.ts';

/**
 * Issue 25, point 11: "A vehicle inherits its device's past." A device drives for a minute with no
 * vehicle (and raises an SOS), is linked to a new vehicle, and drives a minute more. The vehicle's
 * day on every screen starts when it got the device and counts only the later distance; the
 * Fleet Dashboard leaves every vehicle out of the days before it was tracked (point 13).
 */
const IMEI = '868347070055611';
const REGISTRATION = 'UP78HD0611';
const STEP = 0.0002; // 22 m in 2 s: 40 km/h
const FRAMES = 30;
/** The distance driven after the link: 29 steps between its 30 fixes. */
const OWN_METERS = ARC_M((FRAMES - 1) * STEP);

let server: TestServer;
let admin: string;
let deviceId: string;
let vehicleId: string;
let lastBefore: number;
let day: string;
let dayFrom: string;
let dayTo: string;
let chartsBefore: { key: string; offlineVehicles: number }[];

const get = async <T = Record<string, unknown>>(url: string): Promise<T> => {
  const response = await server.app.inject({ method: 'GET', url, headers: bearer(admin) });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json() as T;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Fixes every 2 s from `start`, driving north from `latitude`. */
function drive(start: number, latitude: number, frameNumber: number): { device: DeviceState; time: Date }[] {
  return Array.from({ length: FRAMES }, (_, i) => ({
    time: new Date(start + i * 2000),
    device: {
      imei: IMEI,
      registration: REGISTRATION,
      latitude: latitude + i * STEP,
      longitude: 80.3,
      speed: 40,
      heading: 0,
      ignition: true,
      frameNumber: frameNumber + i,
    },
  }));
}

const stored = async () => {
  const [row] = await query<{ n: number }>(
    server.database.db,
    sql`select count(*)::integer as n from positions where device_id = ${deviceId}::uuid`,
  );
  return Number(row!.n);
};

/** Sends the frames (the last `positions` of them positions) and waits until they are stored and summarised. */
async function send(texts: string[], positions: number) {
  const expected = (await stored()) + positions;
  const tracker = await connectDevice(server.gatewayPort);
  await tracker.send(loginFrame({ ...drive(Date.now(), 26, 0)[0]!.device, frameNumber: 0 }));
  for (const text of texts) await tracker.send(text);
  await eventually(async () => (await stored()) >= expected, 20_000, 'frames stored');
  tracker.close();
  await server.app.summariser.catchUp();
}

const charts = async (from: string, to: string) =>
  (
    await get<{ data: { days: { key: string; offlineVehicles: number }[] } }>(
      `/api/dashboard/charts?from=${from}&to=${to}`,
    )
  ).data.days;

beforeAll(async () => {
  server = await startTestServer({ gateway: true });
  admin = (await signIn(server.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token.access.token;
  const organisations = (
    await server.app.inject({ method: 'GET', url: '/api/organisation?range=[0,50]', headers: bearer(admin) })
  ).json() as { id: string; tradeName: string }[];
  const sunrise = organisations.find((o) => o.tradeName.includes('Sunrise'))!;
  const device = await server.app.inject({
    method: 'POST',
    url: '/api/device',
    headers: bearer(admin),
    payload: { imei: IMEI, status: 'ALLOCATED', organisationId: sunrise.id },
  });
  expect(device.statusCode, device.body).toBeLessThan(300);
  deviceId = (device.json() as { id: string }).id;
  chartsBefore = await charts('2026-09-29', '2026-10-02');

  // the whole test within one Asia/Kolkata day: not in its first or last two minutes
  const range = () => indianDayRange(indianIsoDay(new Date()))!;
  if (Date.now() - range().from.getTime() < 120_000) await sleep(120_000 - (Date.now() - range().from.getTime()));
  if (range().to.getTime() - Date.now() < 120_000) await sleep(range().to.getTime() - Date.now() + 120_000);
  day = indianIsoDay(new Date());
  dayFrom = range().from.toISOString();
  dayTo = range().to.toISOString();

  // the device drives its last minute before the fitment with no vehicle, and its SOS is pressed
  const before = drive(Date.now() - 75_000, 26, 1);
  lastBefore = before[FRAMES - 1]!.time.getTime();
  await send(
    [
      emergencyFrame(before[FRAMES - 1]!.device, new Date(lastBefore + 1000)),
      ...before.map((f) => normalFrame(f.device, f.time)),
    ],
    FRAMES,
  );

  const vehicle = await server.app.inject({
    method: 'POST',
    url: '/api/vehicle',
    headers: bearer(admin),
    payload: { name: 'Fitted today', registrationNumber: REGISTRATION, category: 'TRUCK', organisationId: sunrise.id },
  });
  expect(vehicle.statusCode, vehicle.body).toBeLessThan(300);
  vehicleId = (vehicle.json() as { id: string }).id;
  const linked = await server.app.inject({
    method: 'PUT',
    url: `/api/vehicle/device/${vehicleId}/${deviceId}`,
    headers: bearer(admin),
    payload: { action: 'link' },
  });
  expect(linked.statusCode, linked.body).toBe(200);

  // and its first minute in the vehicle
  const after = drive(Date.now() + 3000, 26 + FRAMES * STEP, FRAMES + 2);
  await send(
    after.map((f) => normalFrame(f.device, f.time)),
    FRAMES,
  );
}, 360_000);

afterAll(async () => {
  await server?.close();
});

describe("a vehicle's figures start at its fitment (issue 25, point 11)", () => {
  const dayFilter = () => encodeURIComponent(JSON.stringify({ from: dayFrom, to: dayTo, vehicleId }));

  it("counts on the run reports only the distance driven since it got the device, and none of the device's earlier alerts", async () => {
    const [daily, ...more] = await get<{ distance: number; alerts: number }[]>(
      `/api/report/daily-run?filter=${dayFilter()}`,
    );
    expect(more).toEqual([]);
    expect(daily!.distance).toBeCloseTo(OWN_METERS, 0);
    expect(daily!.alerts).toBe(0);
    const [total] = await get<{ distance: number }[]>(`/api/report/total-run?filter=${dayFilter()}`);
    expect(total!.distance).toBeCloseTo(OWN_METERS, 0);
    const alerts = await get<unknown[]>(`/api/report/alertv2?filter=${dayFilter()}`);
    expect(alerts).toEqual([]);
  });

  it('is "Furthest today" on the dashboard by its own distance', async () => {
    const summary = await get<{
      data: { today: { topVehicles: { vehicleId: string; distanceMeters: number }[] } };
    }>('/api/dashboard/summary');
    const mine = summary.data.today.topVehicles.find((v) => v.vehicleId === vehicleId);
    expect(mine?.distanceMeters).toBeCloseTo(OWN_METERS, 0);
  });

  it('replays and draws its day from the fitment on, on route playback and the timeline', async () => {
    const playback = await get<{
      data: { from: string; points: { fixTime: string }[]; summary: { distanceKm: number; points: number } };
    }>(
      `/api/vehicle/position/playback?vehicleId=${vehicleId}&from=${dayFrom}&to=${new Date(Date.now() + 600_000).toISOString()}`,
    );
    expect(Date.parse(playback.data.from)).toBeGreaterThan(lastBefore);
    expect(playback.data.points).toHaveLength(FRAMES);
    expect(playback.data.summary.distanceKm).toBe(Math.round(OWN_METERS / 100) / 10);
    const timeline = await get<{
      data: { summary: { distanceMeters: number } | null; items: { kind: string; type?: string }[] };
    }>(`/api/vehicle/trips/timelinev2?vehicleId=${vehicleId}&day=${day}`);
    expect(timeline.data.summary?.distanceMeters).toBeCloseTo(OWN_METERS, 0);
    expect(timeline.data.items.filter((i) => i.kind === 'event')).toEqual([]);
    const path = await get<{ data: { points: unknown[] } }>(
      `/api/vehicle/trips/timelinev2/path?vehicleId=${vehicleId}&day=${day}`,
    );
    expect(path.data.points).toHaveLength(FRAMES);
  });
});

describe('the Fleet Dashboard (issue 25, point 13)', () => {
  it('counts no vehicle offline on the days before it was tracked', async () => {
    // the demo's six vehicles are fitted on 1 to 6 October; this one today
    const after = await charts('2026-09-29', '2026-10-02');
    expect(after.map((d) => [d.key, d.offlineVehicles])).toEqual([
      ['2026-09-29', 0],
      ['2026-09-30', 0],
      ['2026-10-01', 1],
      ['2026-10-02', 2],
    ]);
    expect(after).toEqual(chartsBefore);
  });
});
