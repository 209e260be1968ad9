import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../api/harness.ts';
import { query } from '../../server/resources/sql.ts';
import { rebuildAll, type Rebuild } from '../../server/reports/rebuilds.ts';
import { Writes } from '../../server/reports/summary-writes.ts';
import { thresholdsOf } from '../../server/reports/positions.ts';

/**
 * A round's rebuilds share their reads (server/reports/rebuilds.ts): each device's first positions
 * come in one statement, and a device with more than its share goes on by itself. Whether its
 * positions come in one read or in several, its trips, stops and days come out the same.
 */
let server: TestServer;
const ids: string[] = [];
/** 30/09 (IST) 23:30 to 01/10 00:30: a trip across midnight, then a stop. */
const start = Date.parse('2026-09-30T23:30:00+05:30');

beforeAll(async () => {
  server = await startTestServer({ config: { summarise: false } });
  const db = server.database.db;
  const [organisation] = await query<{ id: string }>(db, sql`select id from organisations order by created_at limit 1`);
  for (const imei of ['868347070077001', '868347070077002']) {
    const [device] = await query<{ id: string }>(
      db,
      sql`insert into devices (imei, status, organisation_id) values (${imei}, 'INSTALLED', ${organisation!.id}::uuid) returning id`,
    );
    ids.push(device!.id);
  }
  // a minute apart, driving north for 40 minutes and then parked; two fixes share each fifth minute
  const rows = ids.flatMap((deviceId, d) =>
    Array.from({ length: 60 }, (_, minute) => {
      const moving = minute < 40 + d * 5;
      return Array.from({ length: minute % 5 === 0 ? 2 : 1 }, () => ({
        deviceId,
        fixTime: new Date(start + minute * 60_000).toISOString(),
        latitude: 26.4 + 0.01 * Math.min(minute, 40 + d * 5),
        speed: moving ? 66.7 : 0,
        ignition: moving,
      }));
    }).flat(),
  );
  await db.execute(sql`insert into positions (device_id, fix_time, received_at, latitude, longitude, speed, heading, ignition, gps_fix, satellites, packet_type)
    select "deviceId", "fixTime", now(), latitude, 80.3, speed, 0, ignition, true, 9, 'NR'
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x("deviceId" uuid, "fixTime" timestamptz, latitude float8, speed real, ignition boolean)`);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

/** What a rebuild of both devices collects, its read taking `perDevice` positions of each at once. */
async function rebuilt(perDevice?: number) {
  const writes = new Writes();
  const rebuilds: Rebuild[] = ids.map((deviceId) => ({
    deviceId,
    thresholds: thresholdsOf(null),
    from: start + 10 * 60_000,
    floor: null,
  }));
  const detectors = await rebuildAll(server.database.db, writes, rebuilds, perDevice);
  return {
    positions: writes.positions,
    trips: writes.trips,
    stops: writes.stops,
    summaries: writes.summaries,
    detectors: ids.map((id) => detectors.get(id)?.snapshot()),
  };
}

describe("a round's rebuilds", () => {
  it('walk every position of each device once, in order, whether read at once or the first alone and then the rest', async () => {
    const whole = await rebuilt();
    expect(whole.positions).toBe(2 * (60 + 12));
    // 30/09 is finished by the first fix of 01/10: a trip for each device that day
    expect(whole.summaries.map((s) => [ids.indexOf(s.deviceId), s.day, s.trips])).toEqual([
      [0, '2026-09-30', 1],
      [1, '2026-09-30', 1],
    ]);
    expect(whole.detectors.every((d) => d?.day === '2026-10-01')).toBe(true);
    // one position of each at first: the next, which shares its fix time, comes with the rest
    const firstAlone = await rebuilt(1);
    expect(firstAlone).toEqual(whole);
  });
});
