/** A device's stored positions as the trip detector reads them, in time order. */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { query } from '../resources/sql.ts';
import { DEFAULT_SETTINGS, type OrganisationSettings } from '../organisations/settings.ts';
import { DayDetector, type DetectorThresholds, type Fix } from './detector.ts';

/** Positions read per query while walking a device's history. */
const CHUNK = 20_000;

export const FIX_COLUMNS = sql`(extract(epoch from p.fix_time) * 1000)::float8 as time, p.latitude, p.longitude, p.speed::float8 as speed,
  p.ignition, p.gps_fix as "gpsFix", p.satellites`;

export const asFix = (row: Record<string, unknown>): Fix => ({
  time: Number(row.time),
  latitude: Number(row.latitude),
  longitude: Number(row.longitude),
  speed: Number(row.speed),
  ignition: row.ignition === null ? null : Boolean(row.ignition),
  gpsFix: Boolean(row.gpsFix),
  satellites: row.satellites === null ? null : Number(row.satellites),
});

/** The device's positions from `from` (inclusive) to `to` (exclusive, or all), in time order, a chunk at a time. */
export async function* positionsOf(db: Db, deviceId: string, from: number, to: number | null): AsyncGenerator<Fix[]> {
  let after: { time: string; id: string } | null = null;
  for (;;) {
    const cursor: SQL = after ? sql`and (p.fix_time, p.id) > (${after.time}::timestamptz, ${after.id}::bigint)` : sql``;
    const until = to === null ? sql`` : sql`and p.fix_time < ${new Date(to).toISOString()}::timestamptz`;
    const rows = await query<Record<string, unknown>>(
      db,
      sql`select ${FIX_COLUMNS}, to_json(p.fix_time) #>> '{}' as "fixTime", p.id::text as id
      from positions p where p.device_id = ${deviceId}::uuid and p.fix_time >= ${new Date(from).toISOString()}::timestamptz ${until} ${cursor}
      order by p.fix_time, p.id limit ${CHUNK}`,
    );
    if (rows.length) yield rows.map(asFix);
    if (rows.length < CHUNK) return;
    const last = rows[rows.length - 1]!;
    after = { time: String(last.fixTime), id: String(last.id) };
  }
}

/**
 * The device's last position before `time`, or its first from `time` on. `floor`: where its
 * vehicle's history starts (vehicles.tracked_from); nothing before it is a neighbour.
 */
export async function neighbour(
  db: Db,
  deviceId: string,
  time: number,
  direction: 'before' | 'after',
  floor: number | null = null,
): Promise<Fix | null> {
  if (direction === 'before' && floor !== null && floor >= time) return null;
  const at = new Date(time).toISOString();
  const since = floor === null ? sql`` : sql`and p.fix_time >= ${new Date(floor).toISOString()}::timestamptz`;
  const [row] = await query<Record<string, unknown>>(
    db,
    direction === 'before'
      ? sql`select ${FIX_COLUMNS} from positions p where p.device_id = ${deviceId}::uuid and p.fix_time < ${at}::timestamptz ${since} order by p.fix_time desc, p.id desc limit 1`
      : sql`select ${FIX_COLUMNS} from positions p where p.device_id = ${deviceId}::uuid and p.fix_time >= ${at}::timestamptz order by p.fix_time, p.id limit 1`,
  );
  return row ? asFix(row) : null;
}

/** The detector's thresholds from an organisation's settings (missing ones take the defaults). */
export function thresholdsOf(settings: Partial<OrganisationSettings> | null): DetectorThresholds {
  const s = { ...DEFAULT_SETTINGS, ...(settings ?? {}) };
  return {
    minMovingKmph: s.minMovingKmph,
    minParkingSeconds: s.minParkingMinutes * 60,
    minTripMeters: s.minTripMeters,
    minTripSeconds: s.minTripSeconds,
    maxGapSeconds: s.offlineMinutes * 60,
  };
}

/**
 * Feeds positions to the detector, moving to a new day's detector at each midnight crossed: the
 * day left behind is finished with the next position as its end and handed to `finished`.
 */
export function walkDays(
  thresholds: DetectorThresholds,
  detector: DayDetector | null,
  fixes: Fix[],
  finished: (day: DayDetector) => void,
): DayDetector | null {
  let current = detector;
  for (const fix of fixes) {
    if (current && fix.time >= current.dayEnd) {
      current.finish(fix);
      finished(current);
      current = DayDetector.forDay(thresholds, fix.time, current.lastFix);
    }
    current ??= DayDetector.forDay(thresholds, fix.time, null);
    current.push(fix);
  }
  return current;
}
