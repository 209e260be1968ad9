/**
 * The period reports, summed from daily_summaries: Total Run Summary (one row per vehicle over
 * the period) and Monthly Summary (one per vehicle per Asia/Kolkata month). Only the days the
 * caller's organisations held the device count (dayRows).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ReportFilter } from '../../resources/reports/define.ts';
import monthlySummary from '../../resources/reports/monthly-summary.ts';
import totalRunSummary from '../../resources/reports/total-run-summary.ts';
import type { Caller } from '../auth/caller.ts';
import { dayRows } from './daily-run.ts';
import { alertTotal, speed, vehicleColumns } from './run-scope.ts';

/** A day counts as active when the vehicle moved: some distance or some running time. */
const active = sql`(t.distance_meters > 0 or t.running_seconds > 0)`;

const sums = sql`sum(t.distance_meters)::float8 as "distance", sum(t.running_seconds)::float8 as "running",
  sum(t.idle_seconds)::float8 as "idle", sum(t.stopped_seconds)::float8 as "stopped", ${speed(sql`max(t.max_speed)`)} as "maxSpeed",
  sum(t.trips)::float8 as "trips", sum(${alertTotal()})::float8 as "alerts", count(*) filter (where ${active})::float8 as "daysActive"`;

/** The vehicle columns of a row grouped by device: the same for every day row of a device. */
const groupedVehicle = (caller: Caller) => sql`${vehicleColumns(caller)}`;

/** Rows per device, with the vehicle and device columns in the group. */
const perDevice = sql`group by t.device_id, d.imei, v.id, v.registration_number, v.name, v.organisation_id`;

export const totalRunSource = {
  declaration: totalRunSummary,
  /** Average distance: the distance over the days active (a vehicle parked all month has none, not zero). */
  rows: (caller: Caller, filter: ReportFilter): SQL =>
    sql`select t.device_id::text as id, ${groupedVehicle(caller)}, ${sums},
        (sum(t.distance_meters) / nullif(count(*) filter (where ${active}), 0))::float8 as "averageDistance"
      ${dayRows(caller, filter)} ${perDevice}`,
  /** The 20 vehicles that went furthest. */
  chart: (caller: Caller, filter: ReportFilter): SQL =>
    sql`select r."registrationNumber" as key, r.distance from (
        select ${groupedVehicle(caller)}, sum(t.distance_meters)::float8 as distance ${dayRows(caller, filter)} ${perDevice}
      ) r order by r.distance desc, r."registrationNumber" limit 20`,
};

const month = sql`to_char(t.day, 'YYYY-MM')`;

export const monthlySource = {
  declaration: monthlySummary,
  rows: (caller: Caller, filter: ReportFilter): SQL =>
    sql`select t.device_id::text || ':' || ${month} as id, ${month} as "month", ${groupedVehicle(caller)}, ${sums}
      ${dayRows(caller, filter)} ${perDevice}, ${month}`,
  chart: (caller: Caller, filter: ReportFilter): SQL =>
    sql`select ${month} as key, sum(t.distance_meters)::float8 as distance ${dayRows(caller, filter)} group by ${month} order by 1`,
};
