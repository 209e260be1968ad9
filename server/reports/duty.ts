/**
 * The duty report (GET /report/patrol-duty/summary): one row per vehicle per Asia/Kolkata day of
 * the period, read from daily_summaries (a day the vehicle sent nothing is a row of zeros, SHORT).
 * A day counts only when the device was the caller's at its start, or at its first owner's start that day (server/reports/day-scope.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../auth/caller.ts';
import { badRequest } from '../http/errors.ts';
import { heldOnDay, sinceTrackedDay } from './day-scope.ts';
import { visibleVehicles } from '../tracking/routes.ts';
import duty, { DEFAULT_DUTY_HOURS, DEFAULT_DUTY_KM } from '../../resources/reports/duty-report.ts';
import { isoText, searchCondition, vehicleCondition, type ReportFilter, type ReportSource } from './framework.ts';
import { said } from '../resources/messages.ts';

/** The duty's thresholds from the filter, or a 400 when they are out of range. */
export function dutyThresholds(filter: ReportFilter): { hours: number; km: number } {
  const hours = filter.extra.dutyHours ?? DEFAULT_DUTY_HOURS;
  const km = filter.extra.dutyKm ?? DEFAULT_DUTY_KM;
  if (typeof hours !== 'number' || hours < 0 || hours > 24)
    throw badRequest(said('api.reports.dutyHours'), { dutyHours: said('api.reports.dutyHours') });
  if (typeof km !== 'number' || km < 0 || km > 5000)
    throw badRequest(said('api.reports.dutyKm'), { dutyKm: said('api.reports.dutyKm') });
  return { hours, km };
}

function dutyRows(caller: Caller, filter: ReportFilter): SQL {
  const { hours, km } = dutyThresholds(filter);
  // the Asia/Kolkata days the period [from, to) touches
  const days = sql`select d::date as day from generate_series(
      (${filter.from}::timestamptz at time zone 'Asia/Kolkata')::date,
      ((${filter.to}::timestamptz - interval '1 microsecond') at time zone 'Asia/Kolkata')::date, interval '1 day') d`;
  const rows = sql`select v.id::text || '_' || days.day::text as id, days.day::text as day, v.id as "vehicleId",
      v.registration_number as "registrationNumber", v.name as "vehicleName", g.name as "groupName",
      coalesce(s.running_seconds, 0) + coalesce(s.idle_seconds, 0) as "onDutySeconds",
      coalesce(s.running_seconds, 0) as "runningSeconds", coalesce(s.idle_seconds, 0) as "idleSeconds",
      coalesce(s.distance_meters, 0)::float8 as "distanceMeters",
      ${isoText(sql`coalesce(s.first_ignition_on, (select min(t.start_time) from trips t where t.device_id = v.device_id and t.day = days.day))`)} as "firstStart",
      ${isoText(sql`coalesce(s.last_ignition_off, (select max(t.end_time) from trips t where t.device_id = v.device_id and t.day = days.day and not t.open))`)} as "lastStop",
      coalesce(s.trips, 0) as trips,
      case when coalesce(s.running_seconds, 0) + coalesce(s.idle_seconds, 0) >= ${hours * 3600}::float8
        and coalesce(s.distance_meters, 0) >= ${km * 1000}::float8 and s.device_id is not null then 'MET' else 'SHORT' end as status
    from vehicles v cross join (${days}) days
    left join vehicle_groups g on g.id = v.group_id
    left join daily_summaries s on s.device_id = v.device_id and s.day = days.day
    where v.device_id is not null and ${visibleVehicles(caller)} and ${sinceTrackedDay(sql`days.day`)}
      and ${heldOnDay(caller, sql`v.device_id`, sql`days.day`)}
      and ${vehicleCondition(filter)} and ${searchCondition(filter, [sql`v.registration_number`, sql`v.name`, sql`g.name`])}`;
  const status = filter.extra.status;
  return status ? sql`select * from (${rows}) duty where duty.status = ${String(status)}` : rows;
}

export const dutyReport: ReportSource = {
  declaration: duty,
  // the report page's module, and the top-level /duty-report that Vehicle Status's "View Report" opens
  permission: ['report-duty-report', 'duty-report'],
  rows: dutyRows,
  chart: (rows) => sql`select r.day as key, count(*) filter (where r.status = 'MET')::integer as met,
      count(*) filter (where r.status = 'SHORT')::integer as short
    from ${rows} r group by r.day order by r.day`,
};
