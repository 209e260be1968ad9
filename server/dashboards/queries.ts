/**
 * The figures of the dashboards, each scoped as its list or report is: vehicles by the caller's
 * organisation tree, history (daily summaries, alerts) by who held the device at the time,
 * devices, items and fitments by the organisation tree. docs/reports.md, "Dashboards".
 */
import type { ChartDay } from '../../resources/dashboards.ts';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Caller } from '../auth/caller.ts';
import { query } from '../resources/sql.ts';
import { isSuperAdmin } from '../resources/scope.ts';
import { inOrganisationTree } from '../organisations/scope.ts';
import { heldHistory } from '../tracking/ownership.ts';
import { dayStart as daysStart, heldOnDay, sinceTrackedDay } from '../reports/day-scope.ts';
import { VEHICLE_STATES } from '../tracking/status.ts';
import { vehicleStatesSql, visibleVehicles } from '../tracking/routes.ts';
import { DEVICE_STATUSES } from '../../resources/entities/device.ts';
import { ITEM_STATUSES } from '../../resources/entities/item.ts';
import { ACTIVATION_STATUSES } from '../../resources/entities/fitment.ts';

/** Rows of organisation-owned tables (`t`) the caller may see. */
const inTree = (caller: Caller, column: SQL = sql`t.organisation_id`): SQL =>
  isSuperAdmin(caller) ? sql`true` : inOrganisationTree(column, caller.organisationPath);

/** Midnight in Asia/Kolkata starting a yyyy-MM-dd day, as SQL. */
const dayStart = (day: string | SQL): SQL => daysStart(sql`(${day})::date`);

/** A daily summary row `t` the caller may read: the reports' rule for day rows. */
const heldForDay = (caller: Caller): SQL => heldOnDay(caller, sql`t.device_id`, sql`t.day`);

/** Zero for every choice, then the counts found, and their total. */
function countsOf(choices: readonly string[], rows: { key: string; total: number | string }[]): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(choices.map((c) => [c, 0]));
  for (const row of rows) counts[row.key] = (counts[row.key] ?? 0) + Number(row.total);
  return { ...counts, total: Object.values(counts).reduce((a, b) => a + b, 0) };
}

export async function vehicleCounts(db: Db, caller: Caller) {
  const rows = await query<{ key: string; total: number }>(
    db,
    sql`select t.status as key, count(*)::integer as total
    from (${vehicleStatesSql(caller)}) t group by t.status`,
  );
  return countsOf(VEHICLE_STATES, rows);
}

/** One day's distance, running time and alerts over the caller's vehicles, and the ten that went furthest. */
export async function dayFigures(db: Db, caller: Caller, day: string) {
  const [totals, top, alerts] = await Promise.all([
    query<{ distance: number; running: number; reporting: number }>(
      db,
      sql`select coalesce(sum(t.distance_meters), 0)::float8 as distance,
        coalesce(sum(t.running_seconds), 0)::integer as running, count(*)::integer as reporting
      from daily_summaries t join vehicles v on v.device_id = t.device_id and ${sinceTrackedDay(sql`t.day`)}
      where t.day = ${day}::date and ${heldForDay(caller)}`,
    ),
    query(
      db,
      sql`select v.id as "vehicleId", v.name, v.registration_number as "registrationNumber",
        t.distance_meters::float8 as "distanceMeters", t.running_seconds as "runningSeconds", t.max_speed::float8 as "maxSpeed"
      from daily_summaries t join vehicles v on v.device_id = t.device_id and ${sinceTrackedDay(sql`t.day`)}
      where t.day = ${day}::date and ${heldForDay(caller)} and t.distance_meters > 0
      order by t.distance_meters desc, v.registration_number limit 10`,
    ),
    alertsByType(db, caller, day, day),
  ]);
  const [row] = totals;
  return {
    day,
    distanceMeters: Number(row?.distance ?? 0),
    runningSeconds: Number(row?.running ?? 0),
    reportingVehicles: Number(row?.reporting ?? 0),
    alerts: alerts.reduce((sum, a) => sum + a.count, 0),
    alertsByType: alerts,
    topVehicles: top,
  };
}

/** Alerts raised from the start of `fromDay` to the end of `toDay` (Asia/Kolkata), by type, most first. */
export async function alertsByType(db: Db, caller: Caller, fromDay: string, toDay: string) {
  const rows = await query<{ key: string; count: number }>(
    db,
    sql`select t.type as key, count(*)::integer as count from ${heldHistory(caller, 'events', 'event_time')}
    where t.event_time >= ${dayStart(fromDay)} and t.event_time < ${dayStart(sql`${toDay}::date + 1`)}
    group by t.type order by count desc, key`,
  );
  return rows.map((r) => ({ key: r.key, count: Number(r.count) }));
}

export async function deviceCounts(db: Db, caller: Caller) {
  const rows = await query<{ key: string; total: number }>(
    db,
    sql`select t.status as key, count(*)::integer as total
    from devices t where ${inTree(caller)} group by t.status`,
  );
  return countsOf(DEVICE_STATUSES, rows);
}

/** Items in stock, issued and returned, in units (an item row carries a quantity). */
export async function itemCounts(db: Db, caller: Caller) {
  const rows = await query<{ key: string; total: number }>(
    db,
    sql`select t.status as key, coalesce(sum(t.quantity), 0)::integer as total
    from items t where ${inTree(caller)} group by t.status`,
  );
  return countsOf(ITEM_STATUSES, rows);
}

/** Fitments by activation status: fitted today, this month (Asia/Kolkata, by fitment date) and all. */
export async function fitmentCounts(db: Db, caller: Caller, today: string) {
  const month = `${today.slice(0, 7)}-01`;
  const rows = await query<{ key: string; today: number; month: number; total: number }>(
    db,
    sql`select t.activation_status as key,
      (count(*) filter (where t.fitment_date >= ${dayStart(today)} and t.fitment_date < ${dayStart(sql`${today}::date + 1`)}))::integer as today,
      (count(*) filter (where t.fitment_date >= ${dayStart(month)} and t.fitment_date < ${dayStart(sql`(${month}::date + interval '1 month')::date`)}))::integer as month,
      count(*)::integer as total
    from fitments t where ${inTree(caller)} group by t.activation_status`,
  );
  return {
    today: countsOf(
      ACTIVATION_STATUSES,
      rows.map((r) => ({ key: r.key, total: r.today })),
    ),
    thisMonth: countsOf(
      ACTIVATION_STATUSES,
      rows.map((r) => ({ key: r.key, total: r.month })),
    ),
    total: countsOf(
      ACTIVATION_STATUSES,
      rows.map((r) => ({ key: r.key, total: r.total })),
    ),
  };
}

/** Fitments per Asia/Kolkata day from `fromDay` to `toDay`, in the caller's organisations. */
async function fitmentsByDay(db: Db, caller: Caller, fromDay: string, toDay: string): Promise<Map<string, number>> {
  const rows = await query<{ key: string; total: number }>(
    db,
    sql`select to_char((t.fitment_date at time zone 'Asia/Kolkata')::date, 'YYYY-MM-DD') as key, count(*)::integer as total
    from fitments t where t.fitment_date >= ${dayStart(fromDay)} and t.fitment_date < ${dayStart(sql`${toDay}::date + 1`)} and ${inTree(caller)}
    group by 1`,
  );
  return new Map(rows.map((f) => [f.key, Number(f.total)]));
}

/**
 * One row per Asia/Kolkata day of [fromDay, toDay]. The fleet is the caller's vehicles with a
 * device today; a day's fleet those of them tracked by then (from tracked_from's day on: a vehicle
 * is no part of the days before it existed). A vehicle of a day's fleet is offline that day when it
 * has no summary row (it sent no position).
 */
export async function chartDays(
  db: Db,
  caller: Caller,
  fromDay: string,
  toDay: string,
  show: { fleet: boolean; fitments: boolean },
): Promise<{ vehicles: number | null; days: ChartDay[] }> {
  const withFitments = show.fitments;
  if (!show.fleet) {
    const fitted = withFitments ? await fitmentsByDay(db, caller, fromDay, toDay) : new Map<string, number>();
    const keys = await query<{ key: string }>(
      db,
      sql`select to_char(d::date, 'YYYY-MM-DD') as key from generate_series(${fromDay}::date, ${toDay}::date, interval '1 day') d order by 1`,
    );
    return {
      vehicles: null,
      days: keys.map(({ key }) => ({ key, ...(withFitments ? { fitments: fitted.get(key) ?? 0 } : {}) })),
    };
  }
  const [[fleet], days, fitted] = await Promise.all([
    query<{ total: number }>(
      db,
      sql`select count(*)::integer as total from vehicles v where v.device_id is not null and ${visibleVehicles(caller)}`,
    ),
    query<{ key: string; distance: number; running: number; reporting: number; fleet: number }>(
      db,
      sql`with days as (
        select d::date as day from generate_series(${fromDay}::date, ${toDay}::date, interval '1 day') d),
      s as (select t.day, sum(t.distance_meters) as distance, sum(t.running_seconds) as running,
          count(distinct t.device_id) filter (where ${visibleVehicles(caller)}) as reporting
        from daily_summaries t join vehicles v on v.device_id = t.device_id and ${sinceTrackedDay(sql`t.day`)}
        where t.day between ${fromDay}::date and ${toDay}::date and ${heldForDay(caller)} group by t.day),
      -- the caller's vehicles with a device by the day they are tracked from, then a day's fleet: those tracked by then
      tracked as (select coalesce((v.tracked_from at time zone 'Asia/Kolkata')::date, '-infinity'::date) as day, count(*) as n
        from vehicles v where v.device_id is not null and ${visibleVehicles(caller)} group by 1),
      fleet as (select days.day, (select coalesce(sum(tracked.n), 0) from tracked where tracked.day <= days.day) as vehicles from days)
      select to_char(days.day, 'YYYY-MM-DD') as key, coalesce(s.distance, 0)::float8 as distance,
        coalesce(s.running, 0)::float8 as running, coalesce(s.reporting, 0)::integer as reporting,
        coalesce(fleet.vehicles, 0)::integer as fleet
      from days left join s on s.day = days.day left join fleet on fleet.day = days.day order by days.day`,
    ),
    withFitments ? fitmentsByDay(db, caller, fromDay, toDay) : Promise.resolve(new Map<string, number>()),
  ]);
  const vehicles = Number(fleet?.total ?? 0);
  return {
    vehicles,
    days: days.map((d) => ({
      key: d.key,
      distanceMeters: Number(d.distance),
      runningSeconds: Number(d.running),
      utilisation: Number(d.fleet) ? Math.round((Number(d.running) / (86_400 * Number(d.fleet))) * 1000) / 10 : null,
      reportingVehicles: Number(d.reporting),
      offlineVehicles: Math.max(0, Number(d.fleet) - Number(d.reporting)),
      ...(withFitments ? { fitments: fitted.get(d.key) ?? 0 } : {}),
    })),
  };
}
