import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../auth/caller.ts';
import { heldByCaller } from '../tracking/ownership.ts';
import { isSuperAdmin } from '../resources/scope.ts';

/** Midnight in Asia/Kolkata starting a `date` (yyyy-MM-dd) column or value. */
export const dayStart = (day: SQL) => sql`(${day}::timestamp at time zone 'Asia/Kolkata')`;

/**
 * Whether a day row (a `date` in Asia/Kolkata) of a device is the caller's: the device was theirs at
 * the day's start, or, for the day the device first got an owner, at that moment. Without the second
 * part a fleet would see nothing of its first day (a device created, or first allocated, at 10:00
 * had no owner at midnight). A day before the device had any owner is no organisation's; SUPER_ADMIN
 * reads every row, as heldByCaller lets it read every trip and alert.
 */
export function heldOnDay(caller: Caller, deviceId: SQL, day: SQL): SQL {
  if (isSuperAdmin(caller)) return sql`true`;
  const first = sql`(select min(p.valid_from) from device_ownership_periods p where p.device_id = ${deviceId})`;
  return sql`(${first} < ${dayStart(day)} + interval '1 day'
    and ${heldByCaller(caller, deviceId, sql`greatest(${dayStart(day)}, ${first})`)})`;
}
