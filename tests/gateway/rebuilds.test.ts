import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../api/harness.ts';
import { query } from '../../server/resources/sql.ts';
import { rebuildAll, walk, type Rebuild } from '../../server/reports/rebuilds.ts';
import { Writes } from '../../server/reports/summary-writes.ts';
import { neighbour, positionsOf, thresholdsOf } from '../../server/reports/positions.ts';
import { DayDetector, indianDay } from '../../server/reports/detector.ts';

/**
 * A round's rebuilds share their statements (server/reports/rebuilds.ts): each page of positions
 * takes the next share of every device still being read. Whatever the share, each device's trips,
 * stops and days come out as a rebuild of that device alone (its seed before the day, then its
 * positions in order) makes them, and only its own rows from the day's start are deleted.
 */
let server: TestServer;
const ids: string[] = [];
let other: string;
/** 30/09 (IST) 23:30 to 01/10 00:30: a trip across midnight, then a stop. */
const start = Date.parse('2026-09-30T23:30:00+05:30');
const dayStart = indianDay(start).start;
/** The second device's vehicle was fitted at 23:40: its history starts there. */
const floors = [null, start + 10 * 60_000];

beforeAll(async () => {
  server = await startTestServer({ config: { summarise: false } });
  const db = server.database.db;
  const [organisation] = await query<{ id: string }>(db, sql`select id from organisations order by created_at limit 1`);
  for (const imei of ['868347070077001', '868347070077002', '868347070077003']) {
    const [device] = await query<{ id: string }>(
      db,
      sql`insert into devices (imei, status, organisation_id) values (${imei}, 'INSTALLED', ${organisation!.id}::uuid) returning id`,
    );
    ids.push(device!.id);
  }
  other = ids.pop()!;
  // a minute apart, driving north and then parked; two fixes (a little apart) share each fifth
  // minute; and one the evening before, the seed of the day
  const rows = ids.flatMap((deviceId, d) => [
    { deviceId, fixTime: new Date(dayStart - 3_600_000).toISOString(), latitude: 26.3, speed: 0, ignition: false },
    ...Array.from({ length: 60 }, (_, minute) => {
      const moving = minute < 40 + d * 5;
      return Array.from({ length: minute % 5 === 0 ? 2 : 1 }, (_, twin) => ({
        deviceId,
        fixTime: new Date(start + minute * 60_000).toISOString(),
        latitude: 26.4 + 0.01 * Math.min(minute, 40 + d * 5) + twin * 0.001,
        speed: moving ? 66.7 : 0,
        ignition: moving,
      }));
    }).flat(),
  ]);
  await db.execute(sql`insert into positions (device_id, fix_time, received_at, latitude, longitude, speed, heading, ignition, gps_fix, satellites, packet_type)
    select "deviceId", "fixTime", now(), latitude, 80.3, speed, 0, ignition, true, 9, 'NR'
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x("deviceId" uuid, "fixTime" timestamptz, latitude float8, speed real, ignition boolean)`);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const rebuilds = (): Rebuild[] =>
  ids.map((deviceId, d) => ({
    deviceId,
    thresholds: thresholdsOf(null),
    from: start + 20 * 60_000,
    floor: floors[d]!,
  }));

/** Each device's rows in the order it collected them (the devices' turns may interleave). */
const byDevice = <T extends { deviceId: string }>(rows: T[]) =>
  ids.flatMap((id) => rows.filter((row) => row.deviceId === id));

const collected = (writes: Writes, detectors: (DayDetector | null | undefined)[]) => ({
  positions: writes.positions,
  trips: byDevice(writes.trips),
  stops: byDevice(writes.stops),
  summaries: byDevice(writes.summaries),
  detectors: detectors.map((d) => d?.snapshot()),
});

/** What the rebuild of both devices collects, each page taking `perDevice` positions of each. */
async function rebuilt(perDevice?: (devices: number) => number) {
  const writes = new Writes();
  const detectors = await rebuildAll(server.database.db, writes, rebuilds(), perDevice);
  return collected(
    writes,
    ids.map((id) => detectors.get(id)),
  );
}

/** The same, one device at a time: its seed, then its positions in time order. */
async function alone() {
  const db = server.database.db;
  const writes = new Writes();
  const detectors = [];
  for (const { deviceId, thresholds, from, floor } of rebuilds()) {
    const { start: day } = indianDay(from);
    let detector = DayDetector.forDay(thresholds, day, await neighbour(db, deviceId, day, 'before', floor));
    for await (const chunk of positionsOf(db, deviceId, Math.max(day, floor ?? day), null))
      detector = walk(writes, deviceId, thresholds, detector, chunk)!;
    detectors.push(detector);
  }
  return collected(writes, detectors);
}

describe("a round's rebuilds", () => {
  it('walk each device from its seed through every position once, in order, whatever the page', async () => {
    const expected = await alone();
    // the first device from the evening before's seed, the second from its floor (23:40)
    expect(expected.positions).toBe(72 + 60);
    expect(expected.summaries.map((s) => [ids.indexOf(s.deviceId), s.day, s.trips])).toEqual([
      [0, '2026-09-30', 1],
      [1, '2026-09-30', 1],
    ]);
    expect(await rebuilt()).toEqual(expected);
    // one position of each a page: the twin of a fix comes on the next page
    expect(await rebuilt(() => 1)).toEqual(expected);
  });

  it("delete the devices' trips, stops and cut day from the day's start, and nothing else", async () => {
    const db = server.database.db;
    const before = new Date(dayStart - 600_000).toISOString();
    const after = new Date(start).toISOString();
    for (const deviceId of [...ids, other])
      for (const at of [before, after]) {
        await db.execute(sql`insert into trips (device_id, day, start_time, end_time, start_latitude, start_longitude, end_latitude,
            end_longitude, distance_meters, duration_seconds, max_speed, average_speed, ignition_on_seconds, open)
          values (${deviceId}::uuid, (${at}::timestamptz at time zone 'Asia/Kolkata')::date, ${at}, ${at}, 26.4, 80.3, 26.4, 80.3, 0, 0, 0, 0, 0, false)`);
        await db.execute(sql`insert into stops (device_id, day, start_time, end_time, latitude, longitude, duration_seconds, ignition,
            ignition_on_seconds, open)
          values (${deviceId}::uuid, (${at}::timestamptz at time zone 'Asia/Kolkata')::date, ${at}, ${at}, 26.4, 80.3, 0, false, 0, false)`);
      }
    for (const deviceId of [...ids, other])
      await db.execute(sql`insert into daily_summaries (device_id, day, distance_meters, running_seconds, idle_seconds, stopped_seconds,
          max_speed, trips, stops, positions, alert_counts)
        values (${deviceId}::uuid, '2026-09-30', 0, 0, 0, 0, 0, 0, 0, 0, '{}'::jsonb)`);

    await rebuildAll(db, new Writes(), rebuilds());
    const left = async (table: 'trips' | 'stops') =>
      (
        await query<{ device: number; before: boolean }>(
          db,
          sql`select array_position(${`{${[...ids, other].join(',')}}`}::uuid[], device_id) - 1 as device,
            start_time < ${after}::timestamptz as before from ${sql.raw(table)} order by 1, 2`,
        )
      ).map((r) => [r.device, r.before]);
    // the day's rows of the rebuilt devices go; the evening before, and the other device, stay
    const expected = [
      [0, true],
      [1, true],
      [2, false],
      [2, true],
    ];
    expect(await left('trips')).toEqual(expected);
    expect(await left('stops')).toEqual(expected);
    // the floor cuts the second device's 30/09: its summary goes, to be written again
    const days = await query<{ device: number }>(
      db,
      sql`select array_position(${`{${[...ids, other].join(',')}}`}::uuid[], device_id) - 1 as device from daily_summaries order by 1`,
    );
    expect(days.map((r) => r.device)).toEqual([0, 2]);
  });
});
