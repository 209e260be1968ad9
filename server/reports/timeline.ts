import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { requireCaller, type Caller } from '../auth/caller.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { query, UUID_PATTERN } from '../resources/sql.ts';
import { heldByCaller } from '../tracking/ownership.ts';
import { visibleVehicles } from '../tracking/routes.ts';
import { heldOnDay } from './day-scope.ts';
import { playback, playbackPage, playbackPageQuery } from '../tracking/playback.ts';
import { indianDayRange } from '../../core/format/date.ts';
import { checkDay, type Timeline, type TimelineItem, type TimelineSummary } from '../../resources/reports/timeline.ts';
import { said } from '../resources/messages.ts';
import { trackedVehicle } from '../vehicles/tracked-from.ts';
import { trackingDocs } from '../openapi/tracking.ts';

/**
 * The vehicle timeline (report-vehicle-timeline): one vehicle's Asia/Kolkata day as trips, stops and
 * alerts in time order with the day's summary, and the day's path for the map. Rows come from the
 * summariser's tables (server/db/report-schema.ts) and the events; each only when the device was the
 * reader's at the row's time (device_ownership_periods), and only for a vehicle the reader sees.
 */

const PERMISSION = 'report-vehicle-timeline';
const tags = ['reports'];

const querystring = {
  type: 'object',
  properties: {
    vehicleId: { type: 'string', maxLength: 36, description: 'The vehicle (uuid)' },
    day: { type: 'string', maxLength: 10, description: 'The Asia/Kolkata day, yyyy-MM-dd' },
  },
};

/** A checked day's bounds as ISO instants: midnight to midnight in Asia/Kolkata. */
function dayBounds(day: string): { from: string; to: string } {
  const { from, to } = indianDayRange(day)!;
  return { from: from.toISOString(), to: to.toISOString() };
}

function params(input: { vehicleId?: unknown; day?: unknown }): { vehicleId: string; day: string } {
  if (typeof input.vehicleId !== 'string' || !UUID_PATTERN.test(input.vehicleId)) {
    throw badRequest(said('api.reports.chooseVehicle'), { vehicleId: said('api.reports.vehicleIdInvalid') });
  }
  const day = checkDay(input.day);
  if (!day) throw badRequest(said('api.reports.dayFormat'), { day: said('api.reports.dayFormat') });
  return { vehicleId: input.vehicleId, day };
}

async function visibleVehicle(db: Db, caller: Caller, vehicleId: string) {
  const found = await trackedVehicle(db, vehicleId, visibleVehicles(caller));
  if (!found) throw notFound(said('api.vehicles.noSuchVehicle'));
  return found;
}

const iso = (column: SQL) => sql`to_json(${column}) #>> '{}'`;

/** A vehicle's day: its summary and its items in time order (an item of equal time: stops, then trips, then alerts). */
export async function timeline(db: Db, caller: Caller, vehicleId: string, day: string): Promise<Timeline> {
  const { deviceId, trackedFrom, ...vehicle } = await visibleVehicle(db, caller, vehicleId);
  const { from, to } = dayBounds(day);
  if (!deviceId) return { vehicle, day, from, to, summary: null, items: [] };
  // the vehicle's own history: its days from the one it is tracked from, its alerts from that moment
  const tracked = trackedFrom ? sql`${trackedFrom}::timestamptz` : sql`'-infinity'::timestamptz`;
  const ownDay = sql`${day}::date >= (${tracked} at time zone 'Asia/Kolkata')::date`;
  const held = (time: SQL) => sql`${heldByCaller(caller, sql`t.device_id`, time)} and ${ownDay}`;
  const rows = await query<{ item: TimelineItem }>(
    db,
    sql`
    select item from (
      select t.start_time as at, 1 as rank, t.id, json_build_object('kind', 'trip', 'id', 'trip-' || t.id,
          'start', ${iso(sql`t.start_time`)}, 'end', ${iso(sql`t.end_time`)},
          'startLatitude', t.start_latitude, 'startLongitude', t.start_longitude, 'endLatitude', t.end_latitude, 'endLongitude', t.end_longitude,
          'distanceMeters', t.distance_meters, 'durationSeconds', t.duration_seconds, 'maxSpeed', t.max_speed,
          'averageSpeed', t.average_speed, 'open', t.open) as item
        from trips t where t.device_id = ${deviceId}::uuid and t.day = ${day}::date and ${held(sql`t.start_time`)}
      union all
      select t.start_time, 0, t.id, json_build_object('kind', 'stop', 'id', 'stop-' || t.id,
          'start', ${iso(sql`t.start_time`)}, 'end', ${iso(sql`t.end_time`)}, 'latitude', t.latitude, 'longitude', t.longitude,
          'durationSeconds', t.duration_seconds, 'ignition', t.ignition, 'ignitionOnSeconds', t.ignition_on_seconds, 'open', t.open)
        from stops t where t.device_id = ${deviceId}::uuid and t.day = ${day}::date and ${held(sql`t.start_time`)}
      union all
      select t.event_time, 2, t.id, json_build_object('kind', 'event', 'id', 'event-' || t.id, 'type', t.type,
          'start', ${iso(sql`t.event_time`)}, 'latitude', t.latitude, 'longitude', t.longitude)
        from events t where t.device_id = ${deviceId}::uuid and t.event_time >= ${from}::timestamptz and t.event_time < ${to}::timestamptz
          and ${held(sql`t.event_time`)} and t.event_time >= ${tracked}
    ) items order by at, rank, id`,
  );
  const [summary] = await query<TimelineSummary>(
    db,
    sql`
    select t.distance_meters as "distanceMeters", t.running_seconds as "runningSeconds", t.idle_seconds as "idleSeconds",
      t.stopped_seconds as "stoppedSeconds", ${iso(sql`t.first_ignition_on`)} as "firstIgnitionOn", ${iso(sql`t.last_ignition_off`)} as "lastIgnitionOff",
      t.max_speed as "maxSpeed", t.trips, t.stops, t.alert_counts as "alertCounts"
    from daily_summaries t where t.device_id = ${deviceId}::uuid and t.day = ${day}::date
      and ${heldOnDay(caller, sql`t.device_id`, sql`t.day`)} and ${ownDay}`,
  );
  return { vehicle, day, from, to, summary: summary ?? null, items: rows.map((r) => r.item) };
}

export function timelineRoutes(app: FastifyInstance, db: Db) {
  app.get<{ Querystring: { vehicleId?: string; day?: string } }>(
    '/vehicle/trips/timelinev2',
    {
      config: { permission: PERMISSION },
      schema: {
        tags,
        querystring,
        summary:
          "A vehicle's Asia/Kolkata day: trips, stops and alerts in time order, and the day's summary (metres, seconds, km/h)",
        response: trackingDocs.timeline,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const { vehicleId, day } = params(request.query);
      // a report: from the replica when there is one (server/db/replica.ts)
      const data = await app.reads.run(request, (readDb) => timeline(readDb, caller, vehicleId, day));
      return { success: true, data };
    },
  );

  app.get<{ Querystring: { vehicleId?: string; day?: string; after?: string; limit?: string } }>(
    '/vehicle/trips/timelinev2/path',
    {
      config: { permission: PERMISSION },
      schema: {
        tags,
        querystring: { ...querystring, properties: { ...querystring.properties, ...playbackPageQuery } },
        summary:
          "The positions of a vehicle's Asia/Kolkata day for the timeline's map, a page at a time (as the route playback pages them)",
        response: trackingDocs.playback,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const { vehicleId, day } = params(request.query);
      const { from, to } = dayBounds(day);
      // playback's period is inclusive at both ends: stop a millisecond before the next day
      const last = new Date(Date.parse(to) - 1).toISOString();
      const scope = {
        vehicles: visibleVehicles(caller),
        held: (deviceId: SQL, time: SQL) => heldByCaller(caller, deviceId, time),
      };
      return { success: true, data: await playback(db, scope, vehicleId, from, last, playbackPage(request.query)) };
    },
  );
}
