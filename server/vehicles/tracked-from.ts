/**
 * The one place a vehicle gets or loses its device. A vehicle's figures count its device's
 * positions and alerts from `vehicles.tracked_from` on: the time before belongs to whoever held
 * the device then (docs/reports.md, "A vehicle's own history").
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { query } from '../resources/sql.ts';
import { indianIsoDay } from '../../core/format/date.ts';
import { dayStart } from '../reports/day-scope.ts';
import { asSeen, emitChange } from '../changehooks/emit.ts';
import vehicleResource from '../../resources/entities/vehicle.ts';

export interface LinkOptions {
  /**
   * The fitment's day (yyyy-MM-dd, Asia/Kolkata) when a fitment makes the link: dated an earlier
   * day (the fitter recorded it late), the vehicle tracks from that day's start.
   */
  fitmentDay?: string | null;
  /** The device the vehicle held before this write, when the write has already stored the new one. */
  was?: string | null;
}

/** Midnight (Asia/Kolkata) starting the day an instant falls on. */
const startOfDayOf = (time: SQL) => dayStart(sql`(${time} at time zone 'Asia/Kolkata')::date`);

/**
 * Links `deviceId` to the vehicle (null: unlinks it), in the caller's transaction. The device
 * leaves any other vehicle. The vehicle tracks from now; from the start of the fitment's day when a
 * fitment dated an earlier day makes the link, but never from before the device last left another
 * vehicle. When that moves, the device's trips, stops and daily summaries are worked out again from
 * that day, with the positions before it left out (server/reports/summariser.ts).
 */
export async function linkDevice(
  db: Db,
  vehicleId: string,
  deviceId: string | null,
  options: LinkOptions = {},
): Promise<void> {
  const [held] = await query<{ deviceId: string | null }>(
    db,
    sql`select device_id as "deviceId" from vehicles where id = ${vehicleId}::uuid`,
  );
  const was = options.was !== undefined ? options.was : (held?.deviceId ?? null);
  const left: string[] = [];
  if (was && was !== deviceId) left.push(was);
  if (deviceId) {
    const others = await query<{ id: string }>(
      db,
      sql`update vehicles set device_id = null, tracked_from = null, updated_at = now()
      where device_id = ${deviceId}::uuid and id <> ${vehicleId}::uuid returning id`,
    );
    if (others.length) left.push(deviceId);
  }
  if (left.length)
    await query(db, sql`update devices set left_vehicle_at = now() where id = any(${`{${left.join(',')}}`}::uuid[])`);
  if (!deviceId) {
    await query(
      db,
      sql`update vehicles set device_id = null, tracked_from = null, updated_at = now() where id = ${vehicleId}::uuid`,
    );
    return;
  }
  // the same device kept: no fitment to date it, or one of the day it already tracks from, changes nothing
  if (deviceId === was && !options.fitmentDay) return;
  const fitmentDay = options.fitmentDay ?? null;
  const late = fitmentDay !== null && fitmentDay < indianIsoDay();
  const moment = late
    ? sql`greatest(${dayStart(sql`${fitmentDay}::date`)}, (select left_vehicle_at from devices where id = ${deviceId}::uuid))`
    : sql`now()`;
  const sameDay =
    deviceId === was
      ? sql` and (tracked_from is null or (tracked_from at time zone 'Asia/Kolkata')::date <> ${fitmentDay}::date)`
      : sql``;
  const moved = await query(
    db,
    sql`update vehicles set device_id = ${deviceId}::uuid, tracked_from = ${moment}, updated_at = now()
    where id = ${vehicleId}::uuid${sameDay} returning id`,
  );
  if (moved.length) await summariseAgain(db, deviceId);
  if (deviceId !== was) await emitLinked(db, vehicleId, deviceId, was);
}

/** vehicle.linked to the change webhooks of the vehicle's and the device's organisations (docs/webhooks.md). */
async function emitLinked(db: Db, vehicleId: string, deviceId: string, was: string | null) {
  const [owners] = await query<{ vehicle: string; device: string }>(
    db,
    sql`select v.organisation_id as vehicle, d.organisation_id as device
    from vehicles v, devices d where v.id = ${vehicleId}::uuid and d.id = ${deviceId}::uuid`,
  );
  if (!owners) return;
  await emitChange(db, {
    type: 'vehicle.linked',
    organisationIds: [owners.vehicle, owners.device],
    subjectId: vehicleId,
    data: async () => ({
      id: vehicleId,
      deviceId,
      previousDeviceId: was,
      vehicle: await asSeen(db, vehicleResource, vehicleId),
    }),
  });
}

/**
 * Has the summariser work the device's history out again from the day its vehicle now tracks
 * from: without a saved trip state it starts afresh from summary_from (as migration 0030 did).
 */
async function summariseAgain(db: Db, deviceId: string) {
  const from = startOfDayOf(sql`v.tracked_from`);
  await query(
    db,
    sql`update device_states s set summary_from = least(coalesce(s.summary_from, ${from}), ${from}), summary_count = null
    from vehicles v where v.device_id = s.device_id and s.device_id = ${deviceId}::uuid`,
  );
  await query(db, sql`delete from trip_states where device_id = ${deviceId}::uuid`);
}

/** A vehicle as the readers of its history need it: who it is, its device, and where its own history starts. */
export interface TrackedVehicle {
  id: string;
  name: string;
  registrationNumber: string;
  deviceId: string | null;
  trackedFrom: string | null;
}

/** The vehicle, when `visible` (a condition on `v`, the caller's scope) lets it through. */
export async function trackedVehicle(db: Db, vehicleId: string, visible: SQL): Promise<TrackedVehicle | undefined> {
  const [found] = await query<TrackedVehicle>(
    db,
    sql`select v.id, v.name, v.registration_number as "registrationNumber", v.device_id as "deviceId",
      to_json(v.tracked_from) #>> '{}' as "trackedFrom"
    from vehicles v where v.id = ${vehicleId}::uuid and ${visible}`,
  );
  return found;
}
