/**
 * The period reports, summed from daily_summaries: Total Run Summary (one row per vehicle over
 * the period) and Monthly Summary (one per vehicle per Asia/Kolkata month). Only the days the
 * caller's organisations held the device count (heldOnDay).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ReportFilter } from '../../resources/reports/define.ts';
import monthlySummary from '../../resources/reports/monthly-summary.ts';
import totalRunSummary from '../../resources/reports/total-run-summary.ts';
import type { Caller } from '../auth/caller.ts';
import { heldOnDay, sinceTrackedDay } from './day-scope.ts';
import { alertTotal, dayInPeriod, runScope, speed, vehicleColumns } from './run-scope.ts';

/** A day counts as active when the vehicle moved: some distance or some running time. */
const active = sql`(t.distance_meters > 0 or t.running_seconds > 0)`;

/**
 * The caller's day rows in the period summed per device (and per `by`, as s.key), joined to the
 * device (d) and the vehicle holding it now (v) after summing: the days are summed as narrow rows,
 * and the vehicle pickers and search, which depend on the device alone, narrow the sums.
 */
function sumsPerDevice(caller: Caller, filter: ReportFilter, by?: SQL): SQL {
  // the days of the vehicle's own history apart from the device's days before it (sinceTrackedDay)
  return sql`from (select t.device_id${by ? sql`, ${by} as key` : sql``}, ${sinceTrackedDay(sql`t.day`, sql`tv`)} as own,
        sum(t.distance_meters)::float8 as distance, sum(t.running_seconds)::float8 as running,
        sum(t.idle_seconds)::float8 as idle, sum(t.stopped_seconds)::float8 as stopped, max(t.max_speed) as max_speed,
        sum(t.trips)::float8 as trips, sum(${alertTotal()})::float8 as alerts, count(*) filter (where ${active})::float8 as days_active
      from daily_summaries t left join vehicles tv on tv.device_id = t.device_id
      where ${dayInPeriod(filter)} and ${heldOnDay(caller, sql`t.device_id`, sql`t.day`)}
      group by t.device_id, own${by ? sql`, 2` : sql``}) s
    join devices d on d.id = s.device_id left join vehicles v on v.device_id = s.device_id and s.own
    where ${runScope(caller, filter, sql`true`)}`;
}

const sums = sql`s.distance as "distance", s.running as "running", s.idle as "idle", s.stopped as "stopped",
  ${speed(sql`s.max_speed`)} as "maxSpeed", s.trips as "trips", s.alerts as "alerts", s.days_active as "daysActive"`;

export const totalRunSource = {
  declaration: totalRunSummary,
  /** Average distance: the distance over the days active (a vehicle parked all month has none, not zero). */
  rows: (caller: Caller, filter: ReportFilter): SQL =>
    sql`select s.device_id::text || case when s.own then '' else ':before' end as id, ${vehicleColumns(caller)}, ${sums},
        (s.distance / nullif(s.days_active, 0))::float8 as "averageDistance"
      ${sumsPerDevice(caller, filter)}`,
  /** The 20 vehicles that went furthest. */
  chart: (rows: SQL): SQL =>
    sql`select r."registrationNumber" as key, r.distance from ${rows} r order by r.distance desc, r."registrationNumber" limit 20`,
};

const month = sql`to_char(t.day, 'YYYY-MM')`;

export const monthlySource = {
  declaration: monthlySummary,
  rows: (caller: Caller, filter: ReportFilter): SQL =>
    sql`select s.device_id::text || ':' || s.key || case when s.own then '' else ':before' end as id, s.key as "month", ${vehicleColumns(caller)}, ${sums}
      ${sumsPerDevice(caller, filter, month)}`,
  chart: (rows: SQL): SQL =>
    sql`select r.month as key, sum(r.distance)::float8 as distance from ${rows} r group by r.month order by 1`,
};
