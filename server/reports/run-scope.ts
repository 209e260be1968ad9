/**
 * What the run and trip reports share: which rows of trips, stops and daily_summaries a caller
 * reads, how a row names its vehicle, and how a period picks days. docs/reports.md, "Run and trip
 * reports", has the rules. Every query here aliases the report table `t`, devices `d` and the
 * vehicle currently holding the device `v` (left joined: a device in no vehicle still ran).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ReportFilter } from '../../resources/reports/define.ts';
import type { Caller } from '../auth/caller.ts';
import { badRequest } from '../http/errors.ts';
import { visibleVehicles } from '../tracking/routes.ts';
import { said } from '../resources/messages.ts';
import { sinceTrackedDay } from './day-scope.ts';

/** Midnight in Asia/Kolkata of a day row's day: the time its ownership is judged at. */
export { dayStart } from './day-scope.ts';

/** An instant as the API sends it: ISO 8601 in UTC (sorts as text in time order). */
export const isoTime = (time: SQL): SQL => sql`to_char(${time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** A speed (stored as real) to one decimal, as a number. */
export const speed = (value: SQL): SQL => sql`round((${value})::numeric, 1)::float8`;

/**
 * The report table `t` with its device and the vehicle holding the device now, for the days of
 * that vehicle's own history (sinceTrackedDay): a row of an earlier day is the device's alone.
 */
export const fromReportTable = (table: 'trips' | 'stops' | 'daily_summaries'): SQL =>
  sql`from ${sql.raw(table)} t join devices d on d.id = t.device_id
    left join vehicles v on v.device_id = t.device_id and ${sinceTrackedDay(sql`t.day`)}`;

/** The Asia/Kolkata days the period [from, to) touches. */
export function dayInPeriod(filter: ReportFilter, day: SQL = sql`t.day`): SQL {
  return sql`${day} >= (${filter.from}::timestamptz at time zone 'Asia/Kolkata')::date
    and ${day} <= ((${filter.to}::timestamptz at time zone 'Asia/Kolkata') - interval '1 microsecond')::date`;
}

/** Rows (trips, stops) that start in the period [from, to). */
export function startInPeriod(filter: ReportFilter, time: SQL = sql`t.start_time`): SQL {
  return sql`${time} >= ${filter.from}::timestamptz and ${time} < ${filter.to}::timestamptz`;
}

/**
 * The vehicle a row names: the registration number and name of the vehicle holding the device now
 * when the caller may see that vehicle; otherwise (the device moved on to a vehicle of another
 * organisation, or sits in none) the device itself, its IMEI and name, so a row is never anonymous
 * and nothing of another organisation's fleet shows.
 */
export function vehicleColumns(caller: Caller): SQL {
  const visible = sql`(v.id is not null and ${visibleVehicles(caller)})`;
  return sql`case when ${visible} then v.registration_number else d.imei end as "registrationNumber",
    case when ${visible} then v.name else d.name end as "vehicleName"`;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The caller's rows (`owned`: heldOnDay for day rows, heldByCaller at a trip's start),
 * narrowed by the vehicle and group pickers and the search text (registration, name or IMEI).
 */
export function runScope(caller: Caller, filter: ReportFilter, owned: SQL): SQL {
  const where: SQL[] = [owned];
  if (filter.vehicleIds) {
    where.push(
      filter.vehicleIds.length
        ? sql`v.id in (${sql.join(
            filter.vehicleIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`
        : sql`false`,
    );
  }
  if (filter.groupId) where.push(sql`v.group_id = ${filter.groupId}::uuid`);
  if (filter.q?.trim()) {
    const pattern = `%${escapeLike(filter.q.trim())}%`;
    where.push(
      sql`((${visibleVehicles(caller)} and (v.registration_number ilike ${pattern} or v.name ilike ${pattern})) or d.imei ilike ${pattern})`,
    );
  }
  return sql.join(where, sql` and `);
}

/** The one vehicle a single-vehicle report (custom trip) reads; 400 unless exactly one is chosen. */
export function oneVehicle(filter: ReportFilter): string {
  if (!filter.vehicleIds || filter.vehicleIds.length !== 1)
    throw badRequest(said('api.reports.chooseOneVehicle'), { vehicleId: said('api.reports.oneVehicle') });
  return filter.vehicleIds[0]!;
}

/** A day row's alerts of every type: the sum of its alert_counts values. */
export const alertTotal = (counts: SQL = sql`t.alert_counts`): SQL =>
  sql`(select coalesce(sum(e.value::float8), 0) from jsonb_each_text(${counts}) e)`;
