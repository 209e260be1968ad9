import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../auth/caller.ts';
import { inOrganisationTree } from '../organisations/scope.ts';
import { isSuperAdmin } from '../resources/scope.ts';

/** Midnight in Asia/Kolkata starting a `date` (yyyy-MM-dd) column or value. */
export const dayStart = (day: SQL) => sql`(${day}::timestamp at time zone 'Asia/Kolkata')`;

/** The Asia/Kolkata day an instant falls in. */
const kolkataDay = (time: SQL) => sql`(${time} at time zone 'Asia/Kolkata')::date`;

/**
 * The days each of the caller's ownership periods owns (device_id, first_day, last_day): a day is
 * a period's when the period held the device at the day's start, or, for the day the device first
 * got an owner, at that moment. Without the second part a fleet would see nothing of its first day
 * (a device created, or first allocated, at 10:00 had no owner at midnight). A day before the
 * device had any owner is no organisation's.
 */
function ownedDays(caller: Caller): SQL {
  const firstPeriod = sql`not exists (select 1 from device_ownership_periods q where q.device_id = p.device_id and q.valid_from < p.valid_from)`;
  return sql`select p.device_id,
      case when ${firstPeriod} then ${kolkataDay(sql`p.valid_from`)}
        else ${kolkataDay(sql`(p.valid_from - interval '1 microsecond')`)} + 1 end as first_day,
      case when p.valid_to is null then 'infinity'::date else ${kolkataDay(sql`(p.valid_to - interval '1 microsecond')`)} end as last_day
    from device_ownership_periods p where ${inOrganisationTree(sql`p.organisation_id`, caller.organisationPath)}
    offset 0`;
}

/**
 * Whether a day row (a `date` in Asia/Kolkata) of a device is the caller's (ownedDays).
 * SUPER_ADMIN reads every row, as heldByCaller lets it read every trip and alert. The caller's
 * periods are read once per query, not once per row (`offset 0` keeps the planner from folding
 * them into the day rows): a month of a thousand vehicles is 30,000 rows.
 */
export function heldOnDay(caller: Caller, deviceId: SQL, day: SQL): SQL {
  if (isSuperAdmin(caller)) return sql`true`;
  return sql`exists (select 1 from (${ownedDays(caller)}) o
    where o.device_id = ${deviceId} and ${day} between o.first_day and o.last_day)`;
}

/**
 * A day row of the vehicle `v` (alias) holding its device: a day from the one its history starts
 * (vehicles.tracked_from, Asia/Kolkata) on. Earlier days belong to whoever held the device then.
 * A vehicle without tracked_from (written before it existed) keeps all of its device's days.
 */
export function sinceTrackedDay(day: SQL, vehicle = sql`v`): SQL {
  return sql`${day} >= coalesce((${vehicle}.tracked_from at time zone 'Asia/Kolkata')::date, '-infinity'::date)`;
}

/** A position or alert time of the vehicle `v` (alias): from its tracked_from on. */
export function sinceTracked(time: SQL, vehicle = sql`v`): SQL {
  return sql`${time} >= coalesce(${vehicle}.tracked_from, '-infinity'::timestamptz)`;
}
