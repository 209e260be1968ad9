import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../api/harness.ts';
import { normalFrame, type DeviceState } from '../../server/simulator/frames.ts';
import { parseFrame } from '../../server/gateway/ais140.ts';
import { FrameStore } from '../../server/gateway/store.ts';
import { RecentFixes } from '../../server/reports/recent-fixes.ts';
import { Summariser } from '../../server/reports/summariser.ts';
import { query } from '../../server/resources/sql.ts';
import { fittedSince, FITTED_EARLY } from '../support/tracked-from.ts';

/**
 * Issue 28: the summariser walks the positions its own process's ingest handed it instead of
 * reading them back. Two devices send the same fixes: one through a store that hands them over,
 * the other through a store that does not (as another process would), summarised by the same
 * summariser. Their trips, stops, daily summaries and trip states must be the same, and the
 * device whose fixes are not all held falls back to the database.
 */
const HELD = { imei: '868347070028001', registration: 'UP78RF0001' };
const READ = { imei: '868347070028002', registration: 'UP78RF0002' };

let server: TestServer;
let holder: RecentFixes;
let summariser: Summariser;
let handing: FrameStore;
let plain: FrameStore;
const ids = new Map<string, string>();

const ist = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`).getTime();

/** A drive across midnight, a fix a minute: parked, driving, a GPS jump, two fixes at one instant, a stop with the ignition off, driving, parked. */
function drive(): { time: number; latitude: number; longitude: number; speed: number; ignition: boolean }[] {
  const fixes: { time: number; latitude: number; longitude: number; speed: number; ignition: boolean }[] = [];
  let time = ist('2026-09-30', '23:00');
  let latitude = 26.4;
  const minutes = (count: number, speed: number, ignition: boolean, step: number) => {
    for (let i = 0; i < count; i++, time += 60_000) {
      latitude += step;
      fixes.push({ time, latitude, longitude: 80.3, speed, ignition });
    }
  };
  minutes(10, 0, false, 0);
  minutes(25, 66.7, true, 0.01);
  fixes.push({ time: time - 30_000, latitude: latitude, longitude: 81.3, speed: 66.7, ignition: true });
  fixes.push({ time: time - 30_000, latitude: latitude + 0.001, longitude: 80.3, speed: 66.7, ignition: true });
  minutes(30, 66.7, true, 0.01);
  minutes(20, 8, false, 0);
  minutes(15, 66.7, true, 0.01);
  minutes(20, 0, false, 0);
  return fixes;
}

const frame = (device: typeof HELD, fix: ReturnType<typeof drive>[number], n: number) => {
  const state: DeviceState = { ...device, heading: 0, frameNumber: n, ...fix };
  const text = normalFrame(state, new Date(fix.time));
  return { text, receivedAt: new Date(), outcome: parseFrame(text) };
};

async function send(store: FrameStore, device: typeof HELD, fixes: ReturnType<typeof drive>) {
  await Promise.all(fixes.map((fix, i) => store.store(frame(device, fix, i + 1))));
}

/** Everything the summariser wrote for a device, without its ids and clocks. */
async function summarised(device: typeof HELD) {
  const deviceId = ids.get(device.imei)!;
  const strip = (table: string) => sql`to_jsonb(t) - 'id' - 'device_id' - 'updated_at' - 'created_at' - 'summarised_at'
    from ${sql.raw(table)} t where t.device_id = ${deviceId}::uuid`;
  return {
    trips: await query(server.database.db, sql`select ${strip('trips')} order by t.start_time, t.open`),
    stops: await query(server.database.db, sql`select ${strip('stops')} order by t.start_time, t.open`),
    days: await query(server.database.db, sql`select ${strip('daily_summaries')} order by t.day`),
    state: await query(server.database.db, sql`select ${strip('trip_states')}`),
  };
}

beforeAll(async () => {
  server = await startTestServer({ config: { summarise: false } });
  const db = server.database.db;
  const [organisation] = await query<{ id: string }>(db, sql`select id from organisations order by created_at limit 1`);
  for (const device of [HELD, READ]) {
    const [row] = await query<{ id: string }>(
      db,
      sql`insert into devices (imei, status, organisation_id) values (${device.imei}, 'INSTALLED', ${organisation!.id}::uuid) returning id`,
    );
    const [vehicle] = await query<{ id: string }>(
      db,
      sql`insert into vehicles (name, registration_number, category, device_id, organisation_id)
        values (${device.registration}, ${device.registration}, 'TRUCK', ${row!.id}::uuid, ${organisation!.id}::uuid) returning id`,
    );
    await fittedSince(db, vehicle!.id, FITTED_EARLY);
    ids.set(device.imei, row!.id);
  }
  holder = new RecentFixes();
  summariser = new Summariser(db, { recentFixes: holder });
  handing = new FrameStore(db, server.app.live, { recentFixes: holder, lingerMs: 1 });
  plain = new FrameStore(db, server.app.live, { lingerMs: 1 });
}, 120_000);

afterAll(async () => {
  await handing?.close();
  await plain?.close();
  await server?.close();
});

describe('the summariser reading what its ingest holds', () => {
  const fixes = drive();

  it('writes the same trips, stops and summaries from held fixes as from a database read', async () => {
    // ten minutes at a time, each followed by a pass, as the background passes would come
    for (let from = 0; from < fixes.length; from += 10) {
      const chunk = fixes.slice(from, from + 10);
      await send(handing, HELD, chunk);
      await send(plain, READ, chunk);
      await summariser.drain();
    }
    // the first pass reads the device back (no claim of this summariser before it); the others take what it holds
    expect(summariser.stats.held).toBe(Math.ceil(fixes.length / 10) - 1);
    const held = await summarised(HELD);
    expect(held.trips.length).toBeGreaterThan(1);
    expect(held.stops.length).toBeGreaterThan(1);
    expect(held.days.length).toBe(2);
    expect(held).toEqual(await summarised(READ));
  });

  it('reads a device back when some of its positions came another way', async () => {
    const later = fixes.map((f) => ({ ...f, time: f.time + 2 * 3600_000 }));
    const before = summariser.stats.held;
    // a second store without the holder, then the holder's: it holds fewer than the claim counts
    await send(plain, HELD, later.slice(0, 5));
    await send(handing, HELD, later.slice(5, 10));
    await send(plain, READ, later.slice(0, 10));
    await summariser.drain();
    expect(summariser.stats.held).toBe(before);
    expect(await summarised(HELD)).toEqual(await summarised(READ));

    // positions written straight to the table, the device marked as anyone but the ingest marks it
    const direct = later.slice(10, 20);
    for (const device of [HELD, READ]) {
      const deviceId = ids.get(device.imei)!;
      await server.database.db
        .execute(sql`insert into positions (device_id, fix_time, received_at, latitude, longitude, speed, heading, ignition, gps_fix, live, packet_type, attributes)
        select ${deviceId}::uuid, to_timestamp(f.time / 1000.0), now(), f.latitude, f.longitude, f.speed, 0, f.ignition, true, true, 'NR', '{}'::jsonb
        from jsonb_to_recordset(${JSON.stringify(direct)}::jsonb) as f(time float8, latitude float8, longitude float8, speed real, ignition boolean)`);
      await server.database.db.execute(sql`update device_states set summary_count = null,
        summary_from = least(coalesce(summary_from, ${new Date(direct[0]!.time).toISOString()}::timestamptz), ${new Date(direct[0]!.time).toISOString()}::timestamptz)
        where device_id = ${deviceId}::uuid`);
    }
    await send(handing, HELD, later.slice(20, 30));
    await send(plain, READ, later.slice(20, 30));
    await summariser.drain();
    expect(summariser.stats.held).toBe(before);
    expect(await summarised(HELD)).toEqual(await summarised(READ));

    // and once the claims agree again, the held fixes are used again
    await send(handing, HELD, later.slice(30, 40));
    await send(plain, READ, later.slice(30, 40));
    await summariser.drain();
    expect(summariser.stats.held).toBe(before + 1);
    const held = await summarised(HELD);
    expect(held.days.length).toBe(2);
    expect(held).toEqual(await summarised(READ));
  });

  it('reads a device back after another summariser claimed it', async () => {
    const later = fixes.map((f) => ({ ...f, time: f.time + 4 * 3600_000 }));
    const before = summariser.stats.held;
    await send(handing, HELD, later.slice(0, 10));
    await send(plain, READ, later.slice(0, 10));
    // another process's summariser takes these; what this holder keeps of them is stale
    await new Summariser(server.database.db).drain();
    // and another process's ingest stores as many again: the claim counts as many as are held, not the same ones
    await send(plain, HELD, later.slice(10, 20));
    await send(plain, READ, later.slice(10, 20));
    await summariser.drain();
    expect(summariser.stats.held).toBe(before);
    expect(await summarised(HELD)).toEqual(await summarised(READ));
    await send(handing, HELD, later.slice(20, 30));
    await send(plain, READ, later.slice(20, 30));
    await summariser.drain();
    expect(summariser.stats.held).toBe(before + 1);
    expect(await summarised(HELD)).toEqual(await summarised(READ));
  });
});
