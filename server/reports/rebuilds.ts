/**
 * Rebuilding devices' histories from the start of a day: a device's first round, and a late
 * position in the day under way. A round's rebuilds share their statements (the seeds, the
 * deletes, the first positions of each), so a round of 500 first-seen devices costs a handful of
 * round trips rather than five per device: on a busy server each of those waits for the thread
 * behind the gateway's batches, and a fleet's first pass took minutes.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { query } from '../resources/sql.ts';
import { DayDetector, indianDay, type DetectorThresholds, type Fix } from './detector.ts';
import { asFix, FIX_COLUMNS, positionsOf, walkDays } from './positions.ts';
import type { Writes } from './summary-writes.ts';

export interface Rebuild {
  deviceId: string;
  thresholds: DetectorThresholds;
  /** A time in the first day to rebuild: the day is rebuilt from its start. */
  from: number;
  /** Where the history of the vehicle holding the device starts (vehicles.tracked_from); null: all of it. */
  floor: number | null;
}

/** Positions read at once for a round's rebuilds; a device with more goes on by itself, a chunk at a time. */
const FIRST_READ = 20_000;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Walks positions into the device's detector, writing each day it finishes. */
export function walk(
  writes: Writes,
  deviceId: string,
  thresholds: DetectorThresholds,
  detector: DayDetector | null,
  fixes: Fix[],
): DayDetector | null {
  writes.positions += fixes.length;
  return walkDays(thresholds, detector, fixes, (finished) => {
    writes.collect(deviceId, finished);
    writes.summaries.push({ ...finished.summary(), deviceId });
  });
}

/**
 * Rebuilds each device's history from the start of the day its `from` falls on, up to its newest
 * position, leaving out positions before its `floor`; returns each device's detector of its day under
 * way (null: it has no positions left). Every day from there is rewritten, including days whose rows
 * an earlier round wrote.
 */
export async function rebuildAll(
  db: Db,
  writes: Writes,
  rebuilds: Rebuild[],
  /** How many of each device's positions the shared read takes; the rest come a chunk at a time. */
  perDevice = Math.max(100, Math.floor(FIRST_READ / Math.max(rebuilds.length, 1))),
): Promise<Map<string, DayDetector | null>> {
  const detectors = new Map<string, DayDetector | null>();
  if (!rebuilds.length) return detectors;
  const days = rebuilds.map((r) => {
    const { start } = indianDay(r.from);
    return { ...r, start, readFrom: Math.max(start, r.floor ?? start) };
  });
  const rows = JSON.stringify(
    days.map((d) => ({ device_id: d.deviceId, start: iso(d.start), floor: iso(d.floor), read_from: iso(d.readFrom) })),
  );
  const each = sql`jsonb_to_recordset(${rows}::jsonb) as r(device_id uuid, start timestamptz, floor timestamptz, read_from timestamptz)`;

  // each day's seed: the device's last position before it (from its floor on)
  const seeds = await query<Record<string, unknown> & { deviceId: string }>(
    db,
    sql`select r.device_id as "deviceId", n.* from ${each} cross join lateral (
        select ${FIX_COLUMNS} from positions p where p.device_id = r.device_id and p.fix_time < r.start
          and p.fix_time >= coalesce(r.floor, '-infinity') order by p.fix_time desc, p.id desc limit 1) n`,
  );
  const seedOf = new Map(seeds.map((row) => [row.deviceId, asFix(row)]));
  await db.execute(sql`delete from trips t using ${each} where t.device_id = r.device_id and t.start_time >= r.start`);
  await db.execute(sql`delete from stops t using ${each} where t.device_id = r.device_id and t.start_time >= r.start`);
  // the summary of the day a floor cuts: positions before the floor no longer count, and the day may have none left
  await db.execute(sql`delete from daily_summaries d using ${each}
    where r.floor > r.start and d.device_id = r.device_id and d.day = (r.floor at time zone 'Asia/Kolkata')::date`);

  // the first positions of every device in one read
  const limit = perDevice;
  const first = await query<Record<string, unknown> & { deviceId: string; fixTime: string; id: string }>(
    db,
    sql`select r.device_id as "deviceId", p.* from ${each} cross join lateral (
        select ${FIX_COLUMNS}, to_json(p.fix_time) #>> '{}' as "fixTime", p.id::text as id, p.fix_time as at, p.id as key
        from positions p where p.device_id = r.device_id and p.fix_time >= r.read_from order by p.fix_time, p.id limit ${limit}) p
      order by r.device_id, p.at, p.key`,
  );
  const firstOf = new Map<string, typeof first>();
  for (const row of first) {
    const list = firstOf.get(row.deviceId) ?? [];
    list.push(row);
    firstOf.set(row.deviceId, list);
  }
  for (const day of days) {
    let detector: DayDetector | null = DayDetector.forDay(day.thresholds, day.start, seedOf.get(day.deviceId) ?? null);
    const read = firstOf.get(day.deviceId) ?? [];
    detector = walk(writes, day.deviceId, day.thresholds, detector, read.map(asFix));
    if (read.length === limit) {
      const last = read[read.length - 1]!;
      for await (const chunk of positionsOf(db, day.deviceId, day.readFrom, null, { time: last.fixTime, id: last.id }))
        detector = walk(writes, day.deviceId, day.thresholds, detector, chunk);
    }
    detectors.set(day.deviceId, detector);
  }
  return detectors;
}
