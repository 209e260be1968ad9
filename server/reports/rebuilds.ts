/**
 * Rebuilding devices' histories from the start of a day: a device's first round, and a late
 * position in the day under way. A round's rebuilds share their statements: the seeds, the deletes
 * and each page of positions (the next share of every device still being read) are one statement
 * each for all its devices, where each device took five or more of its own. On a busy server each
 * statement waits for the thread behind the gateway's batches: 4,000 new devices took some 50 s to
 * be summarised once, and now do within their logins (docs/scaling.md).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { query } from '../resources/sql.ts';
import { DayDetector, indianDay, type DetectorThresholds, type Fix } from './detector.ts';
import { asFix, FIX_COLUMNS, walkDays } from './positions.ts';
import type { Writes } from './summary-writes.ts';

export interface Rebuild {
  deviceId: string;
  thresholds: DetectorThresholds;
  /** A time in the first day to rebuild: the day is rebuilt from its start. */
  from: number;
  /** Where the history of the vehicle holding the device starts (vehicles.tracked_from); null: all of it. */
  floor: number | null;
}

/** Positions read by one statement for a round's rebuilds (more when over 200 devices: 100 of each). */
const FIRST_READ = 20_000;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * The summary of each day a floor cuts (the floor after the day's start): positions before the
 * floor no longer count, and the day may have none left.
 */
export async function dropCutDays(db: Db, days: { deviceId: string; start: number; floor: number | null }[]) {
  const cut = days.filter((d) => d.floor !== null && d.floor > d.start);
  if (!cut.length) return;
  const rows = JSON.stringify(cut.map((d) => ({ device_id: d.deviceId, floor: iso(d.floor) })));
  await db.execute(sql`delete from daily_summaries d using jsonb_to_recordset(${rows}::jsonb) as r(device_id uuid, floor timestamptz)
    where d.device_id = r.device_id and d.day = (r.floor at time zone 'Asia/Kolkata')::date`);
}

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
 * position, leaving out positions before its `floor`; returns each device's detector of the day it
 * ends on (with no last fix when it has no positions there). Every day from there is rewritten,
 * including days whose rows an earlier round wrote.
 */
export async function rebuildAll(
  db: Db,
  writes: Writes,
  rebuilds: Rebuild[],
  /** How many of each device's positions a page takes, with this many devices still being read. */
  perDevice = (devices: number) => Math.max(100, Math.floor(FIRST_READ / devices)),
): Promise<Map<string, DayDetector | null>> {
  if (!rebuilds.length) return new Map();
  const days = rebuilds.map((r) => {
    const { start } = indianDay(r.from);
    return { ...r, start, readFrom: Math.max(start, r.floor ?? start) };
  });
  const rows = JSON.stringify(days.map((d) => ({ device_id: d.deviceId, start: iso(d.start), floor: iso(d.floor) })));
  const each = sql`jsonb_to_recordset(${rows}::jsonb) as r(device_id uuid, start timestamptz, floor timestamptz)`;

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
  await dropCutDays(db, days);

  // the positions of every device in pages of FIRST_READ rows: each page takes the next share of
  // each device not yet read to its end, so a page holds what the walks consume before the next
  const detectorOf = new Map<string, DayDetector | null>(
    days.map((d) => [d.deviceId, DayDetector.forDay(d.thresholds, d.start, seedOf.get(d.deviceId) ?? null)]),
  );
  const cursors = new Map(
    days.map((d) => [d.deviceId, { day: d, after: null as { time: string; id: string } | null }]),
  );
  while (cursors.size) {
    const limit = perDevice(cursors.size);
    const reading = JSON.stringify(
      [...cursors.values()].map(({ day, after }) => ({
        device_id: day.deviceId,
        read_from: iso(day.readFrom),
        after_time: after?.time ?? null,
        after_id: after?.id ?? null,
      })),
    );
    const page = await query<Record<string, unknown> & { deviceId: string; fixTime: string; id: string }>(
      db,
      sql`select r.device_id as "deviceId", p.time, p.latitude, p.longitude, p.speed, p.ignition, p."gpsFix", p.satellites,
          p."fixTime", p.id
        from jsonb_to_recordset(${reading}::jsonb) as r(device_id uuid, read_from timestamptz, after_time timestamptz, after_id bigint)
        cross join lateral (
          select ${FIX_COLUMNS}, to_json(p.fix_time) #>> '{}' as "fixTime", p.id::text as id, p.fix_time as at, p.id as key
          from positions p where p.device_id = r.device_id and p.fix_time >= r.read_from
            and (p.fix_time, p.id) > (coalesce(r.after_time, '-infinity'), coalesce(r.after_id, 0))
          order by p.fix_time, p.id limit ${limit}) p
        order by r.device_id, p.at, p.key`,
    );
    const pageOf = new Map<string, typeof page>();
    for (const row of page) {
      const list = pageOf.get(row.deviceId) ?? [];
      list.push(row);
      pageOf.set(row.deviceId, list);
    }
    for (const [deviceId, cursor] of cursors) {
      const read = pageOf.get(deviceId) ?? [];
      const { thresholds } = cursor.day;
      detectorOf.set(deviceId, walk(writes, deviceId, thresholds, detectorOf.get(deviceId) ?? null, read.map(asFix)));
      const last = read[read.length - 1];
      if (read.length < limit || !last) cursors.delete(deviceId);
      else cursor.after = { time: last.fixTime, id: last.id };
    }
  }
  return detectorOf;
}
