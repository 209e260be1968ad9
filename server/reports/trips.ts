/**
 * The trip reports, read from trips and stops: Ignition Trip (every trip row by row) and Custom
 * Trip (one vehicle's trips and the stops between them, in time order). A trip or stop is the
 * caller's when their organisations held the device when it started.
 */
import { sql, type SQL } from 'drizzle-orm';
import customTrip from '../../resources/reports/custom-trip.ts';
import type { ReportFilter } from '../../resources/reports/define.ts';
import ignitionTrip from '../../resources/reports/ignition-trip.ts';
import type { Caller } from '../auth/caller.ts';
import { heldByCaller } from '../tracking/ownership.ts';
import { fromReportTable, isoTime, oneVehicle, runScope, speed, startInPeriod, vehicleColumns } from './run-scope.ts';

/** "latitude,longitude" (6 decimals, about 10 cm), or null when the place is not known. */
const place = (latitude: SQL, longitude: SQL): SQL =>
  sql`case when ${latitude} is not null and ${longitude} is not null
    then round(${latitude}::numeric, 6)::text || ',' || round(${longitude}::numeric, 6)::text end`;

const status = sql`case when t.open then 'OPEN' else 'CLOSED' end`;

const times = sql`${isoTime(sql`t.start_time`)} as "startTime", ${isoTime(sql`t.end_time`)} as "endTime"`;

const tripColumns = sql`${times},
  ${place(sql`t.start_latitude`, sql`t.start_longitude`)} as "startPlace", ${place(sql`t.end_latitude`, sql`t.end_longitude`)} as "endPlace",
  t.distance_meters::float8 as "distance", t.duration_seconds as "duration", ${speed(sql`t.max_speed`)} as "maxSpeed",
  ${speed(sql`t.average_speed`)} as "averageSpeed", t.ignition_on_seconds as "ignitionOn", ${status} as "status"`;

const scoped = (caller: Caller, filter: ReportFilter, table: 'trips' | 'stops'): SQL =>
  sql`${fromReportTable(table)} where ${startInPeriod(filter)} and ${runScope(caller, filter, heldByCaller(caller, sql`t.device_id`, sql`t.start_time`))}`;

export const ignitionTripSource = {
  declaration: ignitionTrip,
  rows: (caller: Caller, filter: ReportFilter): SQL =>
    sql`select t.id::text as id, ${vehicleColumns(caller)}, ${tripColumns} ${scoped(caller, filter, 'trips')}`,
};

/** A non-negative number from an extra filter, or 0 when not given. */
const atLeast = (value: string | number | undefined): number => {
  const n = Number(value ?? 0);
  return Number.isFinite(n) && n > 0 ? n : 0;
};

/**
 * Trips at least minDistance km long and minDuration minutes long, and every stop of the period
 * between them (the filters hide short hops, not the halts): kind TRIP or STOP.
 */
export const customTripSource = {
  declaration: customTrip,
  rows: (caller: Caller, filter: ReportFilter): SQL => {
    oneVehicle(filter);
    const minMeters = atLeast(filter.extra.minDistance) * 1000;
    const minSeconds = atLeast(filter.extra.minDuration) * 60;
    const stopPlace = place(sql`t.latitude`, sql`t.longitude`);
    return sql`select 'T' || t.id::text as id, 'TRIP' as "kind", ${tripColumns} ${scoped(caller, filter, 'trips')}
        and t.distance_meters >= ${minMeters} and t.duration_seconds >= ${minSeconds}
      union all
      select 'S' || t.id::text as id, 'STOP' as "kind", ${times},
        ${stopPlace} as "startPlace", ${stopPlace} as "endPlace", 0::float8 as "distance", t.duration_seconds as "duration",
        null::float8 as "maxSpeed", null::float8 as "averageSpeed", t.ignition_on_seconds as "ignitionOn", ${status} as "status"
      ${scoped(caller, filter, 'stops')}`;
  },
};
