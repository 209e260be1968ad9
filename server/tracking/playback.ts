import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { query } from '../resources/sql.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { MOVING_KMPH, STOP_MINUTES, type PositionFix, type Stop } from '../../resources/tracking.ts';
import { said } from '../resources/messages.ts';

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

interface Summary {
  points: number;
  distanceKm: number;
  maxSpeed: number;
}

/**
 * One page of a vehicle's path in a period, in time order, with `next` for the following page
 * (null on the last). The first page also carries the stops and the summary of the whole period.
 */
export async function playback(
  db: Db,
  scope: PlaybackScope,
  vehicleId: string,
  from: string,
  to: string,
  page: PlaybackPage,
) {
  const [vehicle] = await query<{ id: string; name: string; registrationNumber: string; deviceId: string | null }>(
    db,
    sql`
    select v.id, v.name, v.registration_number as "registrationNumber", v.device_id as "deviceId" from vehicles v
    where v.id = ${vehicleId}::uuid and ${scope.vehicles}`,
  );
  if (!vehicle) throw notFound();
  if (!vehicle.deviceId) {
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
    and ${scope.held(sql`t.device_id`, sql`t.fix_time`)}`;
  const after = page.after
    ? sql`and (t.fix_time, t.id) > (timestamptz 'epoch' + interval '1 microsecond' * ${page.after.micros}::bigint, ${page.after.id}::bigint)`
    : sql``;
  const rows = await query<PositionFix & { cursor: string }>(
    db,
    sql`
    select to_json(t.fix_time) #>> '{}' as "fixTime", t.latitude, t.longitude, t.speed, t.heading, t.ignition,
      (extract(epoch from t.fix_time) * 1000000)::bigint || '_' || t.id as cursor
    from positions t where ${inPeriod} ${after} order by t.fix_time, t.id limit ${page.limit + 1}`,
  );
  const more = rows.length > page.limit;
  const points = rows.slice(0, page.limit).map(({ cursor: _cursor, ...point }) => point);
  const next = more ? rows[page.limit - 1]!.cursor : null;
  if (page.after) return { vehicle, from, to, points, next };
  return { vehicle, from, to, points, next, ...(await stopsAndSummary(db, inPeriod)) };
}

/**
 * The halts of STOP_MINUTES or more and the totals over the whole period, in one pass of the
 * database. A halt runs from its first slow point to the next moving one (or the last point).
 */
async function stopsAndSummary(db: Db, inPeriod: SQL): Promise<{ stops: Stop[]; summary: Summary }> {
  const [row] = await query<Summary & { stops: Stop[] }>(
    db,
    sql`
    with g as (
      select t.id, t.fix_time, t.latitude, t.longitude, t.speed,
        lag(t.latitude) over w as lat0, lag(t.longitude) over w as lon0,
        count(*) filter (where t.speed >= ${MOVING_KMPH}) over w as run
      from positions t where ${inPeriod} window w as (order by t.fix_time, t.id)),
    halts as (
      select run, min(fix_time) as started, max(fix_time) as last_halted,
        (array_agg(latitude order by fix_time, id))[1] as latitude, (array_agg(longitude order by fix_time, id))[1] as longitude
      from g where speed < ${MOVING_KMPH} group by run),
    stops as (
      select h.started, coalesce(m.fix_time, h.last_halted) as ended, h.latitude, h.longitude
      from halts h left join g m on m.run = h.run + 1 and m.speed >= ${MOVING_KMPH})
    select
      (select count(*)::integer from g) as points,
      (select coalesce(max(speed), 0)::float8 from g) as "maxSpeed",
      -- haversine on the mean Earth radius, as @turf/length measures (least() would turn the first point's null into 1)
      (select coalesce(sum(2 * 6371.0088 * asin(least(1, sqrt(power(sin(radians(latitude - lat0) / 2), 2)
        + cos(radians(lat0)) * cos(radians(latitude)) * power(sin(radians(longitude - lon0) / 2), 2))))), 0)::float8
        from g where lat0 is not null) as "distanceKm",
      (select coalesce(json_agg(json_build_object('from', to_json(started) #>> '{}', 'to', to_json(ended) #>> '{}',
          'minutes', round(extract(epoch from ended - started) / 60)::integer, 'latitude', latitude, 'longitude', longitude) order by started), '[]'::json)
        from stops where extract(epoch from ended - started) >= ${STOP_MINUTES * 60}) as stops`,
  );
  return {
    stops: row!.stops,
    summary: {
      points: Number(row!.points),
      distanceKm: Math.round(Number(row!.distanceKm) * 10) / 10,
      maxSpeed: Number(row!.maxSpeed),
    },
  };
}
