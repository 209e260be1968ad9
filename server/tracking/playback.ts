import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { query } from '../resources/sql.ts';
import { badRequest, notFound } from '../http/errors.ts';
import type { PositionFix } from '../../resources/tracking.ts';
import { said } from '../resources/messages.ts';
import { asFix, FIX_COLUMNS } from '../reports/positions.ts';
import { countedPoints, stopsAndSummary } from './playback-summary.ts';
import { trackedVehicle } from '../vehicles/tracked-from.ts';

/** Fixes before a page read to know the last one that counted (a run of more jumps than this is drawn). */
const LOOKBACK = 200;

/** Longest playback period, signed in or shared: a week of 10-second samples is about 60,000 points. */
export const MAX_PLAYBACK_DAYS = 7;
/**
 * Most points in one answer. A page is about 0.5 MB of JSON, small enough to build in memory
 * without holding up other requests, so answers are paged rather than streamed; a week is a
 * dozen pages, and the stops and summary are worked out by the database, not from the points.
 */
export const MAX_PLAYBACK_PAGE = 5000;

/** The query parameters a playback page takes, for the routes' querystring schemas. */
export const playbackPageQuery = { after: { type: 'string', maxLength: 60 }, limit: { type: 'string', maxLength: 10 } };

export interface PlaybackPage {
  /** The `next` of the previous page: the last point's time (microseconds since 1970) and id. */
  after: { micros: string; id: string } | null;
  limit: number;
}

/** `after` and `limit` of a request, or a 400. */
export function playbackPage(params: { after?: unknown; limit?: unknown }): PlaybackPage {
  let limit = MAX_PLAYBACK_PAGE;
  if (params.limit !== undefined && params.limit !== '') {
    limit = Number(params.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PLAYBACK_PAGE)
      throw badRequest(said('api.playback.limit', { max: MAX_PLAYBACK_PAGE }));
  }
  if (params.after === undefined || params.after === '') return { after: null, limit };
  const match = typeof params.after === 'string' ? /^(-?\d{1,17})_(\d{1,18})$/.exec(params.after) : null;
  if (!match) throw badRequest(said('api.playback.after'));
  return { after: { micros: match[1]!, id: match[2]! }, limit };
}

/** The period's bounds, or a 400 when it is backwards or longer than MAX_PLAYBACK_DAYS. */
export function checkPeriod(from: string, to: string) {
  if (Date.parse(to) <= Date.parse(from)) throw badRequest(said('api.period.endBeforeStart'));
  if (Date.parse(to) - Date.parse(from) > MAX_PLAYBACK_DAYS * 86_400_000)
    throw badRequest(said('api.period.choose', { days: MAX_PLAYBACK_DAYS }));
}

export interface PlaybackScope {
  /** Which vehicles (`v`) may be replayed. */
  vehicles: SQL;
  /** Which positions of the device may be shown: those of the reader's ownership periods. */
  held: (deviceId: SQL, time: SQL) => SQL;
}

/**
 * One page of a vehicle's path in a period, in time order, with `next` for the following page
 * (null on the last). The first page also carries the stops and the summary of the whole period.
 * The period starts no earlier than the vehicle's tracked_from: the device's positions before it
 * are not the vehicle's (docs/reports.md, "A vehicle's own history").
 */
export async function playback(
  db: Db,
  scope: PlaybackScope,
  vehicleId: string,
  from: string,
  to: string,
  page: PlaybackPage,
) {
  const found = await trackedVehicle(db, vehicleId, scope.vehicles);
  if (!found) throw notFound();
  const { trackedFrom, ...vehicle } = found;
  // the vehicle's own history: the window starts no earlier than its tracked_from
  if (trackedFrom && Date.parse(trackedFrom) > Date.parse(from)) from = new Date(trackedFrom).toISOString();
  const own = trackedFrom
    ? (deviceId: SQL, time: SQL) => sql`${scope.held(deviceId, time)} and ${time} >= ${trackedFrom}::timestamptz`
    : scope.held;
  if (!vehicle.deviceId || Date.parse(from) > Date.parse(to)) {
    return {
      vehicle,
      from,
      to,
      points: [],
      next: null,
      ...(page.after ? {} : { stops: [], summary: { points: 0, distanceKm: 0, maxSpeed: 0 } }),
    };
  }
  const inPeriod = sql`t.device_id = ${vehicle.deviceId}::uuid and t.fix_time between ${from}::timestamptz and ${to}::timestamptz
    and ${own(sql`t.device_id`, sql`t.fix_time`)}`;
  const after = page.after
    ? sql`and (t.fix_time, t.id) > (timestamptz 'epoch' + interval '1 microsecond' * ${page.after.micros}::bigint, ${page.after.id}::bigint)`
    : sql``;
  const start = page.after
    ? sql`(t.fix_time, t.id) <= (timestamptz 'epoch' + interval '1 microsecond' * ${page.after.micros}::bigint, ${page.after.id}::bigint)`
    : sql`false`;
  const [rows, before] = await Promise.all([
    query<PositionFix & { cursor: string; gpsFix: boolean; satellites: number | null }>(
      db,
      sql`
    select to_json(t.fix_time) #>> '{}' as "fixTime", t.latitude, t.longitude, t.speed, t.heading, t.ignition,
      t.gps_fix as "gpsFix", t.satellites, (extract(epoch from t.fix_time) * 1000000)::bigint || '_' || t.id as cursor
    from positions t where ${inPeriod} ${after} order by t.fix_time, t.id limit ${page.limit + 1}`,
    ),
    page.after
      ? query<Record<string, unknown>>(
          db,
          sql`select ${FIX_COLUMNS} from (select t.* from positions t where ${inPeriod} and ${start}
          order by t.fix_time desc, t.id desc limit ${LOOKBACK}) p order by p.fix_time, p.id`,
        )
      : Promise.resolve([]),
  ]);
  const more = rows.length > page.limit;
  const next = more ? rows[page.limit - 1]!.cursor : null;
  // the path leaves out what does not count for distance (a GPS jump, a weak fix), as the summary does
  const points = countedPoints(
    rows.slice(0, page.limit),
    (point) => ({ ...point, time: Date.parse(point.fixTime) }),
    before.map(asFix),
  ).map(({ cursor: _cursor, gpsFix: _gpsFix, satellites: _satellites, ...point }) => point);
  if (page.after) return { vehicle, from, to, points, next };
  return { vehicle, from, to, points, next, ...(await stopsAndSummary(db, vehicle.deviceId, own, from, to)) };
}
