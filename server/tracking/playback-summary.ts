/**
 * The stops and summary of a playback, worked out by the reports' own trip detector over the
 * period's positions, with the organisation's settings: the same motion rule (motion.ts), the
 * same parking time and the same rule for fixes that count for distance (fixes.ts). So route
 * playback of a day shows the stops the custom-trip report lists and the distance the daily
 * reports, the dashboards and the timeline give (docs/reports.md, docs/tracking.md).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { query } from '../resources/sql.ts';
import { DayDetector, type DetectorThresholds, type Fix, type StopRow } from '../reports/detector.ts';
import { asFix, FIX_COLUMNS, thresholdsOf, walkDays } from '../reports/positions.ts';
import type { OrganisationSettings } from '../organisations/settings.ts';
import type { Stop } from '../../resources/tracking.ts';
import { countedStep, type MeasuredFix } from './fixes.ts';

export interface PlaybackSummary {
  points: number;
  distanceKm: number;
  maxSpeed: number;
}

/**
 * Positions of one device read in one statement (a playback period is at most a week), oldest
 * first. `t` is the table inside: the ownership check names its own table `p`.
 */
const positionsSql = (device: SQL, held: SQL, range: SQL, order: SQL) =>
  sql`select ${FIX_COLUMNS} from (select t.* from positions t where t.device_id = ${device}::uuid and ${range} and ${held} ${order}) p
    order by p.fix_time, p.id`;

async function thresholdsOfDevice(db: Db, deviceId: string): Promise<DetectorThresholds> {
  const [row] = await query<{ settings: Partial<OrganisationSettings> | null }>(
    db,
    // the vehicle's organisation when the device is in one, as the summariser reads it
    sql`select coalesce((select vo.attributes from vehicles vh join organisations vo on vo.id = vh.organisation_id
        where vh.device_id = d.id), o.attributes)->'settings' as settings
      from devices d join organisations o on o.id = d.organisation_id where d.id = ${deviceId}::uuid`,
  );
  return thresholdsOf(row?.settings ?? null);
}

/**
 * The period's stops (halts of the organisation's parking time, a stop cut at midnight by the
 * reports shown whole) and its summary: positions, distance (counted fixes, from the last position
 * before the period as a report's day counts it) and top speed of counted fixes.
 */
export async function stopsAndSummary(
  db: Db,
  deviceId: string,
  held: (deviceId: SQL, time: SQL) => SQL,
  from: string,
  to: string,
): Promise<{ stops: Stop[]; summary: PlaybackSummary }> {
  const device = sql`${deviceId}`;
  const heldHere = held(sql`t.device_id`, sql`t.fix_time`);
  const [thresholds, fixes, [seed], [next]] = await Promise.all([
    thresholdsOfDevice(db, deviceId),
    query<Record<string, unknown>>(
      db,
      positionsSql(device, heldHere, sql`t.fix_time between ${from}::timestamptz and ${to}::timestamptz`, sql``),
    ),
    query<Record<string, unknown>>(
      db,
      positionsSql(
        device,
        heldHere,
        sql`t.fix_time < ${from}::timestamptz`,
        sql`order by t.fix_time desc, t.id desc limit 1`,
      ),
    ),
    query<Record<string, unknown>>(
      db,
      positionsSql(device, heldHere, sql`t.fix_time >= ${to}::timestamptz`, sql`order by t.fix_time, t.id limit 1`),
    ),
  ]);
  const end = Date.parse(to);
  const inPeriod = fixes.map(asFix);
  const walked = inPeriod.filter((f) => f.time < end);
  const days: DayDetector[] = [];
  const stops: StopRow[] = [];
  const gather = (day: DayDetector) => {
    days.push(day);
    stops.push(...day.takeClosed().stops);
  };
  let last: DayDetector | null = null;
  if (walked.length) {
    const first = DayDetector.forDay(thresholds, walked[0]!.time, seed ? asFix(seed) : null);
    last = walkDays(thresholds, first, walked, gather);
  }
  if (last) {
    const after = next ? asFix(next) : (inPeriod.find((f) => f.time >= end) ?? null);
    if (after && after.time < last.dayEnd) {
      // the period ends inside the day: what is under way there is an open row, as a report of today shows it
      stops.push(...last.takeClosed().stops, ...last.openRows().stops);
      days.push(last);
    } else {
      last.finish(after);
      gather(last);
    }
  }
  const summaries = days.map((d) => d.summary());
  return {
    stops: mergeAtMidnight(stops).map((s) => ({
      from: pgTime(s.startTime),
      to: pgTime(s.endTime),
      minutes: Math.round((s.endTime - s.startTime) / 60_000),
      latitude: s.latitude,
      longitude: s.longitude,
    })),
    summary: {
      // the fixes drawn: those that count for distance, by the rule the path is drawn with
      points: countedPoints(inPeriod, (f) => f, []).length,
      distanceKm: Math.round(summaries.reduce((sum, d) => sum + d.distanceMeters, 0) / 100) / 10,
      maxSpeed: summaries.reduce((max, d) => Math.max(max, d.maxSpeed), 0),
    },
  };
}

/** An instant written as the database writes a timestamptz in JSON (the playback's points use that form). */
const pgTime = (ms: number) => new Date(ms).toISOString().replace(/(\.000)?Z$/, '+00:00');

/** The reports cut a stop under way at midnight in two rows; a playback shows it as one halt. */
function mergeAtMidnight(stops: StopRow[]): StopRow[] {
  const merged: StopRow[] = [];
  for (const stop of [...stops].sort((a, b) => a.startTime - b.startTime)) {
    const previous = merged[merged.length - 1];
    if (previous && previous.endTime === stop.startTime && previous.day !== stop.day)
      merged[merged.length - 1] = { ...previous, endTime: stop.endTime };
    else merged.push(stop);
  }
  return merged;
}

/**
 * Leaves out of a page of the drawn path the fixes that do not count for distance (weak fixes and
 * GPS jumps), by the same rule; `before` are the period's fixes just before the page, oldest
 * first, to know the last counted fix.
 */
export function countedPoints<T>(page: T[], measured: (point: T) => MeasuredFix, before: Fix[]): T[] {
  let lastCounted: MeasuredFix | null = null;
  for (const fix of before) if (countedStep(lastCounted, fix) !== null) lastCounted = fix;
  return page.filter((point) => {
    const fix = measured(point);
    if (countedStep(lastCounted, fix) === null) return false;
    lastCounted = fix;
    return true;
  });
}
