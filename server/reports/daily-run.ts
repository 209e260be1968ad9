/**
 * The day-row reports, read from daily_summaries (one row per device per Asia/Kolkata day):
 * Daily Run Summary and Daily Vehicle Operation. A row is the caller's by heldOnDay (day-scope.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ReportFilter } from '../../resources/reports/define.ts';
import dailyRunSummary from '../../resources/reports/daily-run-summary.ts';
import dailyVehicleOperation from '../../resources/reports/daily-vehicle-operation-report.ts';
import type { Caller } from '../auth/caller.ts';
import { heldOnDay } from './day-scope.ts';
import { alertTotal, dayInPeriod, fromReportTable, isoTime, runScope, speed, vehicleColumns } from './run-scope.ts';

/** The caller's day rows in the period: `from` and `where` of every query below. */
export function dayRows(caller: Caller, filter: ReportFilter): SQL {
  return sql`${fromReportTable('daily_summaries')}
    where ${dayInPeriod(filter)} and ${runScope(caller, filter, heldOnDay(caller, sql`t.device_id`, sql`t.day`))}`;
}

const dayColumns = sql`t.device_id::text || ':' || t.day::text as id, to_char(t.day, 'YYYY-MM-DD') as "day",
  t.distance_meters::float8 as "distance", t.running_seconds as "running", t.idle_seconds as "idle", t.stopped_seconds as "stopped",
  ${isoTime(sql`t.first_ignition_on`)} as "firstIgnitionOn", ${isoTime(sql`t.last_ignition_off`)} as "lastIgnitionOff", t.trips as "trips"`;

/** Distance per day of every row matching the filter (`rows`: the report's rows). */
const distancePerDay = (rows: SQL): SQL =>
  sql`select r.day as key, sum(r.distance)::float8 as distance from ${rows} r group by r.day order by r.day`;

export const dailyRunSource = {
  declaration: dailyRunSummary,
  rows: (caller: Caller, filter: ReportFilter): SQL =>
    sql`select ${dayColumns}, ${vehicleColumns(caller)}, ${speed(sql`t.max_speed`)} as "maxSpeed", ${alertTotal()} as "alerts"
      ${dayRows(caller, filter)}`,
  chart: distancePerDay,
};

/** Running plus idle time: the engine was on. Utilisation: the share of the day's 24 hours spent running, one decimal. */
export const dailyOperationSource = {
  declaration: dailyVehicleOperation,
  rows: (caller: Caller, filter: ReportFilter): SQL =>
    sql`select ${dayColumns}, ${vehicleColumns(caller)}, (t.running_seconds + t.idle_seconds) as "workingHours",
        round((t.running_seconds * 100.0 / 86400)::numeric, 1)::float8 as "utilisation"
      ${dayRows(caller, filter)}`,
  chart: (rows: SQL): SQL =>
    sql`select r.day as key, sum(r.running)::float8 as running, sum(r.idle)::float8 as idle
      from ${rows} r group by r.day order by r.day`,
};
