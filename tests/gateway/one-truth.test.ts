import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bearer, signIn, startTestServer, ADMIN_EMAIL, ADMIN_PASSWORD, type TestServer } from '../api/harness.ts';
import { loginFrame, normalFrame } from '../../server/simulator/frames.ts';
import { query } from '../../server/resources/sql.ts';
import { connectDevice, eventually } from './device-client.ts';
import { fittedSince } from '../support/tracked-from.ts';
import { at, DAY, DAY_METERS, frameText, heldOutDay, IMEI, ist, NEXT_DAY, REGISTRATION } from './held-out-day.ts';

/**
 * Issue 25, "One truth on every screen": one vehicle's day (tests/gateway/held-out-day.ts) sent
 * over the AIS-140 gateway, then read on every screen that shows it. The vehicle's organisation
 * says "moving above 10 km/h".
 */
let server: TestServer;
let admin: string;
let vehicleId: string;
let deviceId: string;

const get = async <T = Record<string, unknown>>(url: string): Promise<T> => {
  const response = await server.app.inject({ method: 'GET', url, headers: bearer(admin) });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json() as T;
};
const dayFilter = (more: Record<string, unknown> = {}) =>
  encodeURIComponent(JSON.stringify({ from: at(DAY, '00:00'), to: at(NEXT_DAY, '00:00'), vehicleId, ...more }));
const minutes = (seconds: unknown) => Number(seconds) / 60;
const iso = (value: unknown) => new Date(String(value)).toISOString().replace('.000Z', 'Z');

async function sendLive(texts: string[], expected: number) {
  const tracker = await connectDevice(server.gatewayPort);
  await tracker.send(loginFrame({ ...heldOutDay()[0]!.device, frameNumber: 0 }));
  for (const text of texts) await tracker.send(text);
  await eventually(
    async () => {
      const [row] = await query<{ n: number }>(
        server.database.db,
        sql`select count(*)::integer as n from positions where device_id = ${deviceId}::uuid`,
      );
      return Number(row!.n) >= expected;
    },
    20_000,
    'frames stored',
  );
  tracker.close();
}

beforeAll(async () => {
  server = await startTestServer({ gateway: true });
  admin = (await signIn(server.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token.access.token;
  const organisations = (
    await server.app.inject({ method: 'GET', url: '/api/organisation?range=[0,50]', headers: bearer(admin) })
  ).json() as { id: string; tradeName: string }[];
  const sunrise = organisations.find((o) => o.tradeName.includes('Sunrise'))!;
  const settings = await server.app.inject({
    method: 'PUT',
    url: `/api/organisation/settings/${sunrise.id}`,
    headers: bearer(admin),
    payload: { minMovingKmph: 10 },
  });
  expect(settings.statusCode, settings.body).toBeLessThan(300);
  const device = await server.app.inject({
    method: 'POST',
    url: '/api/device',
    headers: bearer(admin),
    payload: { imei: IMEI, status: 'INSTALLED', organisationId: sunrise.id },
  });
  deviceId = (device.json() as { id: string }).id;
  const vehicle = await server.app.inject({
    method: 'POST',
    url: '/api/vehicle',
    headers: bearer(admin),
    payload: {
      name: 'Held-out day',
      registrationNumber: REGISTRATION,
      category: 'TRUCK',
      deviceId,
      organisationId: sunrise.id,
    },
  });
  expect(vehicle.statusCode, vehicle.body).toBeLessThan(300);
  vehicleId = (vehicle.json() as { id: string }).id;
  // fitted before the day it drives (tests/gateway/fitted-midday.test.ts: a vehicle fitted that day)
  await fittedSince(server.database.db, vehicleId, ist(DAY, '00:00'));

  const frames = heldOutDay();
  const live = frames.filter((f) => f.live);
  await sendLive(live.map(frameText), live.length);
  // the device catches up: the withheld minutes arrive together, as history frames in one read
  await sendLive(
    [
      frames
        .filter((f) => !f.live)
        .map(frameText)
        .join(''),
    ],
    frames.length,
  );
  await server.app.summariser.catchUp();
}, 240_000);

afterAll(async () => {
  await server?.close();
});

describe('one vehicle and day, the same on every screen (issue 25)', () => {
  it('starts each trip at its first moving fix, so the trips add up to the running time', async () => {
    const trips = await get<{ startTime: string; endTime: string; duration: number; averageSpeed: number }[]>(
      `/api/report/ignition-trip?filter=${dayFilter()}&sort=["startTime","ASC"]`,
    );
    expect(trips.map((t) => [iso(t.startTime), iso(t.endTime)])).toEqual([
      [at(DAY, '06:00'), at(DAY, '06:40')],
      [at(DAY, '08:00'), at(DAY, '08:30')],
      [at(DAY, '23:40'), at(NEXT_DAY, '00:00')],
    ]);
    const [day] = await get<{ running: number; idle: number; distance: number; trips: number }[]>(
      `/api/report/daily-run?filter=${dayFilter()}`,
    );
    expect(minutes(day!.running)).toBe(90);
    expect(trips.reduce((sum, t) => sum + minutes(t.duration), 0)).toBe(90);
    // trip C's part before midnight: 10 km in 20 minutes
    expect(trips[2]!.averageSpeed).toBeCloseTo(30, 0);
  });

  it("lists the custom trip's stops as route playback shows them", async () => {
    const rows = await get<{ kind: string; startTime: string; endTime: string; duration: number }[]>(
      `/api/custom-trip?filter=${dayFilter()}&sort=["startTime","ASC"]`,
    );
    const stops = rows.filter((r) => r.kind === 'STOP');
    expect(stops.map((s) => [iso(s.startTime), iso(s.endTime), minutes(s.duration)])).toEqual([
      [at(DAY, '00:00'), at(DAY, '06:00'), 360],
      [at(DAY, '06:40'), at(DAY, '08:00'), 80],
      [at(DAY, '08:30'), at(DAY, '23:40'), 910],
    ]);
    const playback = await get<{ data: { stops: { from: string; to: string; minutes: number }[] } }>(
      `/api/vehicle/position/playback?vehicleId=${vehicleId}&from=${at(DAY, '00:00')}&to=${at(NEXT_DAY, '00:00')}`,
    );
    expect(playback.data.stops.map((s) => [iso(s.from), iso(s.to), s.minutes])).toEqual(
      stops.map((s) => [iso(s.startTime), iso(s.endTime), minutes(s.duration)]),
    );
  });

  it('gives one distance on playback, every report, the dashboards and the timeline, leaving the GPS jump out', async () => {
    const km = Math.round(DAY_METERS / 100) / 10;
    const playback = await get<{ data: { summary: { distanceKm: number }; points: { longitude: number }[] } }>(
      `/api/vehicle/position/playback?vehicleId=${vehicleId}&from=${at(DAY, '00:00')}&to=${at(NEXT_DAY, '00:00')}`,
    );
    expect(playback.data.summary.distanceKm).toBe(km);
    expect(playback.data.points.filter((p) => p.longitude > 81)).toEqual([]);
    // the timeline's map draws the same path
    const path = await get<{ data: { points: { longitude: number }[] } }>(
      `/api/vehicle/trips/timelinev2/path?vehicleId=${vehicleId}&day=${DAY}`,
    );
    // the day's 288 fixes but the jump
    expect(path.data.points).toHaveLength(287);
    expect(path.data.points.filter((p) => p.longitude > 81)).toEqual([]);

    const daily = await get<{ distance: number; running: number; idle: number; trips: number }[]>(
      `/api/report/daily-run?filter=${dayFilter()}`,
    );
    const exported = await get<{ distance: number }[]>(`/api/report/daily-run/export?filter=${dayFilter()}`);
    const operation = await get<{ running: number; idle: number }[]>(
      `/api/report/daily-vehicle-operation?filter=${dayFilter()}`,
    );
    const total = await get<{ distance: number; running: number; idle: number; trips: number }[]>(
      `/api/report/total-run?filter=${dayFilter()}`,
    );
    const monthly = await get<{ distance: number; running: number; trips: number }[]>(
      `/api/report/monthly-summary?filter=${dayFilter()}`,
    );
    const { data: charts } = await get<{
      data: { days: { key: string; distanceMeters: number; runningSeconds: number }[] };
    }>(`/api/dashboard/charts?from=${DAY}&to=${DAY}`);
    const timeline = await get<{
      data: { summary: { distanceMeters: number; runningSeconds: number; idleSeconds: number; trips: number } };
    }>(`/api/vehicle/trips/timelinev2?vehicleId=${vehicleId}&day=${DAY}`);
    const kmOf = (meters: unknown) => Math.round(Number(meters) / 100) / 10;
    expect([
      kmOf(daily[0]!.distance),
      kmOf(exported[0]!.distance),
      kmOf(total[0]!.distance),
      kmOf(monthly[0]!.distance),
      kmOf(charts.days[0]!.distanceMeters),
      kmOf(timeline.data.summary.distanceMeters),
    ]).toEqual([km, km, km, km, km, km]);
    expect([daily[0]!.running, operation[0]!.running, total[0]!.running, monthly[0]!.running].map(minutes)).toEqual([
      90, 90, 90, 90,
    ]);
    expect(minutes(charts.days[0]!.runningSeconds)).toBe(90);
    expect(minutes(timeline.data.summary.runningSeconds)).toBe(90);
    expect([daily[0]!.idle, operation[0]!.idle, timeline.data.summary.idleSeconds].map(minutes)).toEqual([20, 20, 20]);
    expect([daily[0]!.trips, total[0]!.trips, monthly[0]!.trips, timeline.data.summary.trips]).toEqual([3, 3, 3, 3]);
  });

  it('raises EXCESS_IDLE from the history frames that arrived together, at the time of the position', async () => {
    const alerts = await get<{ type: string; eventTime?: string; time?: string }[]>(
      `/api/report/alertv2?filter=${dayFilter({ type: 'EXCESS_IDLE' })}`,
    );
    expect(alerts).toHaveLength(1);
    expect(iso(alerts[0]!.eventTime ?? alerts[0]!.time)).toBe(at(DAY, '08:35'));
  });

  it('shows on Vehicle Status the state the reports use, with the organisation\'s "moving above 10"', async () => {
    // crawling at 8 km/h with the ignition on: standing for the reports, so idle on Vehicle Status
    const [last] = heldOutDay().slice(-1);
    await sendLive(
      [normalFrame({ ...last!.device, speed: 8, ignition: true }, ist(NEXT_DAY, '00:35'))],
      heldOutDay().length + 1,
    );
    const statuses = await get<{ id: string; status: string }[]>(
      `/api/vehicle/statuses?filter=${encodeURIComponent(JSON.stringify({ q: REGISTRATION }))}`,
    );
    expect(statuses.find((s) => s.id === vehicleId)?.status).toBe('idle');
    await server.app.summariser.catchUp();
    const [night] = await get<{ running: number; idle: number }[]>(
      `/api/report/daily-run?filter=${encodeURIComponent(JSON.stringify({ from: at(NEXT_DAY, '00:00'), to: at(NEXT_DAY, '01:00'), vehicleId }))}`,
    );
    expect(minutes(night!.running)).toBe(20);
  });
});
