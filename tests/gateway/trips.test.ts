import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bearer, signIn, startTestServer, ADMIN_EMAIL, ADMIN_PASSWORD, type TestServer } from '../api/harness.ts';
import { loginFrame, normalFrame, type DeviceState } from '../../server/simulator/frames.ts';
import { query } from '../../server/resources/sql.ts';
import { connectDevice, eventually } from './device-client.ts';
import { FITTED_EARLY, fittedSince } from '../support/tracked-from.ts';

/**
 * A hand-checked evening and night of one device, sent over the AIS-140 gateway as a device
 * would, then summarised (docs/reports.md has the rules). The vehicle drives due north, 0.01° of
 * latitude a minute: along a meridian each step is exactly 0.01° of arc, 1,111.95 m on the mean
 * Earth radius (6,371,008.8 m), 66.7 km/h.
 *
 * 30/09 (IST) 23:00–23:10 parked, ignition off, at 26.40
 *       23:11–23:59 driving north with the ignition on (26.41 → 26.89), the 23:20 fix missing
 *       23:30:30 a GPS jump a degree of longitude (≈100 km) away
 * 01/10 00:00–00:10 still driving (26.90 → 27.00): the trip crosses midnight
 *       00:11–00:30 ignition off while the GPS drifts at 8 km/h: a stop only the ignition reveals
 *       00:31–00:40 driving (27.01 → 27.10)
 *       00:41–01:00 parked, ignition off
 * Then the missing 23:20 fix arrives late as a history (H) frame.
 */
const STEP_M = 0.01 * (Math.PI / 180) * 6_371_008.8;
const IMEI = '868347070055501';
let server: TestServer;
let deviceId: string;
let vehicleId: string;
let admin: string;

/** An instant given as Indian wall-clock time. */
const ist = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`);

const state = (latitude: number, speed: number, ignition: boolean, frameNumber: number): DeviceState => ({
  imei: IMEI,
  registration: 'UP78TR0001',
  latitude,
  longitude: 80.3,
  speed,
  heading: 0,
  ignition,
  frameNumber,
});

function plan(): { time: Date; device: DeviceState; live: boolean }[] {
  const frames: { time: Date; device: DeviceState; live: boolean }[] = [];
  let n = 1;
  const add = (time: Date, latitude: number, speed: number, ignition: boolean, longitude = 80.3) =>
    frames.push({ time, device: { ...state(latitude, speed, ignition, n++), longitude }, live: true });
  const minutes = (from: Date, count: number, each: (i: number, time: Date) => void) => {
    for (let i = 0; i < count; i++) each(i, new Date(from.getTime() + i * 60_000));
  };
  minutes(ist('2026-09-30', '23:00'), 11, (_i, t) => add(t, 26.4, 0, false));
  minutes(ist('2026-09-30', '23:11'), 49, (i, t) => {
    if (t.getTime() !== ist('2026-09-30', '23:20').getTime()) add(t, 26.41 + i * 0.01, 66.7, true);
    if (t.getTime() === ist('2026-09-30', '23:30').getTime())
      add(new Date(t.getTime() + 30_000), 26.6, 66.7, true, 81.3);
  });
  minutes(ist('2026-10-01', '00:00'), 11, (i, t) => add(t, 26.9 + i * 0.01, 66.7, true));
  minutes(ist('2026-10-01', '00:11'), 20, (_i, t) => add(t, 27.0, 8, false));
  minutes(ist('2026-10-01', '00:31'), 10, (i, t) => add(t, 27.01 + i * 0.01, 66.7, true));
  minutes(ist('2026-10-01', '00:41'), 20, (_i, t) => add(t, 27.1, 0, false));
  return frames;
}

const rows = <T = Record<string, unknown>>(statement: ReturnType<typeof sql>) =>
  query<T>(server.database.db, statement);

async function sendAll(frames: string[]) {
  const tracker = await connectDevice(server.gatewayPort);
  await tracker.send(loginFrame(state(26.4, 0, false, 0)));
  for (const frame of frames) await tracker.send(frame);
  const expected = frames.length;
  // the gateway answers each stored frame; wait until every one is stored
  await eventually(
    async () => {
      const [row] = await rows<{ n: number }>(
        sql`select count(*)::integer as n from raw_logs where imei = ${IMEI} and parse_result = 'OK'`,
      );
      return Number(row!.n) >= expected + 1;
    },
    15_000,
    'frames stored',
  );
  tracker.close();
}

const summaryOf = async (day: string) =>
  (
    await rows<Record<string, unknown>>(sql`select distance_meters::float8 as distance, running_seconds as running,
    idle_seconds as idle, stopped_seconds as stopped, to_json(first_ignition_on) #>> '{}' as "firstOn", to_json(last_ignition_off) #>> '{}' as "lastOff",
    max_speed::float8 as "maxSpeed", trips, stops, positions
  from daily_summaries where device_id = ${deviceId}::uuid and day = ${day}::date`)
  )[0];

const tripsOf = (day: string) =>
  rows<
    Record<string, unknown>
  >(sql`select id::text, to_json(start_time) #>> '{}' as start, to_json(end_time) #>> '{}' as "end",
    distance_meters::float8 as distance, duration_seconds as duration, open, start_latitude as "startLatitude", end_latitude as "endLatitude"
  from trips where device_id = ${deviceId}::uuid and day = ${day}::date order by start_time`);

const stopsOf = (day: string) =>
  rows<
    Record<string, unknown>
  >(sql`select id::text, to_json(start_time) #>> '{}' as start, to_json(end_time) #>> '{}' as "end",
    duration_seconds as duration, ignition, open, latitude from stops where device_id = ${deviceId}::uuid and day = ${day}::date order by start_time`);

const at = (day: string, time: string) => ist(day, time).toISOString().replace('.000Z', 'Z');
const iso = (value: unknown) => new Date(String(value)).toISOString().replace('.000Z', 'Z');

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
    payload: { imei: IMEI, status: 'INSTALLED', organisationId: sunrise.id },
  });
  expect(device.statusCode).toBeLessThan(300);
  deviceId = (device.json() as { id: string }).id;
  const vehicle = await server.app.inject({
    method: 'POST',
    url: '/api/vehicle',
    headers: bearer(admin),
    payload: {
      name: 'Night run',
      registrationNumber: 'UP78TR0001',
      category: 'TRUCK',
      deviceId,
      organisationId: sunrise.id,
    },
  });
  expect(vehicle.statusCode).toBeLessThan(300);
  vehicleId = (vehicle.json() as { id: string }).id;
  // fitted before the evening it drives (a vehicle fitted that day: fitted-midday.test.ts)
  await fittedSince(server.database.db, vehicleId, FITTED_EARLY);
  await sendAll(plan().map((f) => normalFrame(f.device, f.time)));
  await server.app.summariser.catchUp();
}, 180_000);

afterAll(async () => {
  await server?.close();
});

describe('trips, stops and daily summaries from ingested positions', () => {
  it('splits the trip that crosses midnight and ignores the GPS jump for distance', async () => {
    const evening = await tripsOf('2026-09-30');
    expect(evening).toHaveLength(1);
    // the trip starts when the vehicle moved (23:11), not at the parked report before it
    expect(iso(evening[0]!.start)).toBe(at('2026-09-30', '23:11'));
    expect(iso(evening[0]!.end)).toBe(at('2026-10-01', '00:00'));
    expect(evening[0]!.duration).toBe(49 * 60);
    expect(Number(evening[0]!.distance)).toBeCloseTo(49 * STEP_M, 1);
    expect(evening[0]!.open).toBe(false);

    const night = await tripsOf('2026-10-01');
    expect(night.map((t) => [iso(t.start), iso(t.end), t.duration])).toEqual([
      [at('2026-10-01', '00:00'), at('2026-10-01', '00:11'), 11 * 60],
      [at('2026-10-01', '00:31'), at('2026-10-01', '00:41'), 10 * 60],
    ]);
    expect(Number(night[0]!.distance)).toBeCloseTo(11 * STEP_M, 1);
    expect(Number(night[1]!.distance)).toBeCloseTo(10 * STEP_M, 1);
  });

  it('finds the stop the ignition reveals while the GPS drifts, and keeps the last stop open', async () => {
    const evening = await stopsOf('2026-09-30');
    expect(evening.map((s) => [iso(s.start), iso(s.end), s.duration, s.ignition])).toEqual([
      [at('2026-09-30', '23:00'), at('2026-09-30', '23:11'), 11 * 60, false],
    ]);
    const night = await stopsOf('2026-10-01');
    expect(night.map((s) => [iso(s.start), iso(s.end), s.duration, s.ignition, s.open])).toEqual([
      [at('2026-10-01', '00:11'), at('2026-10-01', '00:31'), 20 * 60, false, false],
      [at('2026-10-01', '00:41'), at('2026-10-01', '01:00'), 19 * 60, false, true],
    ]);
    expect(Number(night[0]!.latitude)).toBeCloseTo(27.0, 6);
  });

  it('sums each Indian day', async () => {
    expect(await summaryOf('2026-09-30')).toMatchObject({
      running: 49 * 60,
      idle: 0,
      stopped: 11 * 60,
      maxSpeed: expect.closeTo(66.7, 1),
      trips: 1,
      stops: 1,
      positions: 60,
      lastOff: null,
    });
    expect(iso((await summaryOf('2026-09-30'))!.firstOn)).toBe(at('2026-09-30', '23:11'));
    expect(Number((await summaryOf('2026-09-30'))!.distance)).toBeCloseTo(49 * STEP_M, 1);
    const night = (await summaryOf('2026-10-01'))!;
    expect(night).toMatchObject({ running: 21 * 60, idle: 0, stopped: 39 * 60, trips: 2, stops: 2, positions: 61 });
    expect(Number(night.distance)).toBeCloseTo(21 * STEP_M, 1);
    expect(iso(night.firstOn)).toBe(at('2026-10-01', '00:00'));
    expect(iso(night.lastOff)).toBe(at('2026-10-01', '00:41'));
  });

  it('recomputes only the day a late history frame falls into', async () => {
    const nightBefore = await tripsOf('2026-10-01');
    const tracker = await connectDevice(server.gatewayPort);
    await tracker.send(loginFrame(state(26.4, 0, false, 0)));
    await tracker.send(normalFrame(state(26.5, 66.7, true, 999), ist('2026-09-30', '23:20'), undefined, false));
    await eventually(
      async () => {
        const [row] = await rows<{ n: number }>(
          sql`select count(*)::integer as n from positions where device_id = ${deviceId}::uuid and live = false`,
        );
        return Number(row!.n) === 1;
      },
      10_000,
      'history frame stored',
    );
    tracker.close();
    await server.app.summariser.catchUp();

    const evening = (await summaryOf('2026-09-30'))!;
    expect(evening.positions).toBe(61);
    expect(Number(evening.distance)).toBeCloseTo(49 * STEP_M, 1);
    expect(await tripsOf('2026-09-30')).toHaveLength(1);
    // the night's rows were not rewritten: same ids
    expect((await tripsOf('2026-10-01')).map((t) => t.id)).toEqual(nightBefore.map((t) => t.id));
    expect((await summaryOf('2026-10-01'))!.positions).toBe(61);
  });

  it('summarises every day a device catching up after a gap sent in one pass, the day under way included', async () => {
    // two days the device was out of reach, 10 minutes' drive north each morning, sent together as history:
    const tracker = await connectDevice(server.gatewayPort);
    await tracker.send(loginFrame(state(26.4, 0, false, 0)));
    let n = 2000;
    // 26.20 → 26.30 on the first, 26.30 → 26.40 on the second, where the evening of the 30th finds it parked
    for (const [d, day] of ['2026-09-28', '2026-09-29'].entries())
      for (let i = 0; i <= 10; i += 1) {
        const time = new Date(ist(day, '10:00').getTime() + i * 60_000);
        const latitude = 26.2 + (d * 10 + i) * 0.01;
        await tracker.send(normalFrame(state(latitude, 66.7, true, n++), time, undefined, false));
      }
    // and in the same burst, a fix of the day under way it had missed: on its line north, half-way between two minutes
    await tracker.send(
      normalFrame(
        state(26.955, 66.7, true, n++),
        new Date(ist('2026-10-01', '00:05').getTime() + 30_000),
        undefined,
        false,
      ),
    );
    await eventually(
      async () => {
        const [row] = await rows<{ n: number }>(
          sql`select count(*)::integer as n from positions where device_id = ${deviceId}::uuid and live = false`,
        );
        return Number(row!.n) === 1 + 22 + 1;
      },
      10_000,
      'history frames stored',
    );
    tracker.close();
    await server.app.summariser.catchUp();

    for (const day of ['2026-09-28', '2026-09-29']) {
      const summary = await summaryOf(day);
      expect(summary, day).toMatchObject({ positions: 11, trips: 1 });
      expect(Number(summary!.distance), day).toBeCloseTo(10 * STEP_M, 1);
    }
    // the day under way counts its missed fix, with the same distance (it lay on the line driven)
    const night = (await summaryOf('2026-10-01'))!;
    expect(night.positions).toBe(62);
    expect(Number(night.distance)).toBeCloseTo(21 * STEP_M, 1);
    // the day between, which got nothing, was not rewritten
    expect((await summaryOf('2026-09-30'))!.positions).toBe(61);
  });

  it('gives the reports the same figures', async () => {
    const filter = encodeURIComponent(
      JSON.stringify({ from: at('2026-09-30', '00:00'), to: at('2026-10-02', '00:00'), vehicleId }),
    );
    const get = async (url: string) => {
      const response = await server.app.inject({ method: 'GET', url, headers: bearer(admin) });
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    const days = (await get(`/api/report/daily-run?filter=${filter}&sort=["day","ASC"]`)) as {
      day: string;
      distance: number;
      running: number;
      trips: number;
    }[];
    expect(days.map((d) => [d.day, d.running, d.trips])).toEqual([
      ['2026-09-30', 49 * 60, 1],
      ['2026-10-01', 21 * 60, 2],
    ]);
    expect(days[0]!.distance).toBeCloseTo(49 * STEP_M, 0);
    expect(days[1]!.distance).toBeCloseTo(21 * STEP_M, 0);
    const trips = (await get(`/api/report/ignition-trip?filter=${filter}&sort=["startTime","ASC"]`)) as {
      duration: number;
    }[];
    // the trips add up to the running time of each day
    expect(trips.map((t) => t.duration)).toEqual([49 * 60, 11 * 60, 10 * 60]);
    const timeline = (await get(`/api/vehicle/trips/timelinev2?vehicleId=${vehicleId}&day=2026-10-01`)) as {
      data: { items: { kind: string }[] };
    };
    expect(timeline.data.items.map((i) => i.kind)).toEqual(['trip', 'stop', 'trip', 'stop']);
  });
});
