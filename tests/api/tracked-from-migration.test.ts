import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../server/resources/sql.ts';
import { databaseBefore } from '../support/migrations.ts';

/**
 * Migration 0032 on a database an older Waymark left: vehicles get tracked_from from their fitment
 * (or their creation), and a device that reported before its vehicle tracked from is summarised
 * again from that day (docs/reports.md, "A vehicle's own history").
 */
describe('migration 0032 on vehicles fitted before tracked_from existed', () => {
  it('tracks each vehicle from its fitment, and summarises again the devices that reported before it', async () => {
    const database = await databaseBefore(32);
    try {
      const { db } = database;
      const one = async <T>(statement: ReturnType<typeof sql>) => (await query<T>(db, statement))[0]!;
      const { id: organisation } = await one<{ id: string }>(
        sql`insert into organisations (path, trade_name, brand_name) values ('/', 'Provider', 'Provider') returning id`,
      );
      const { id: role } = await one<{ id: string }>(sql`insert into roles (name) values ('CUSTOMER') returning id`);
      const { id: customer } = await one<{ id: string }>(
        sql`insert into users (first_name, last_name, phone, role_id, organisation_id, password_hash)
        values ('Priya', 'Singh', '+919876500031', ${role}::uuid, ${organisation}::uuid, 'x') returning id`,
      );
      const device = async (imei: string) =>
        (
          await one<{ id: string }>(
            sql`insert into devices (imei, status, organisation_id) values (${imei}, 'INSTALLED', ${organisation}::uuid) returning id`,
          )
        ).id;
      const vehicle = async (registration: string, deviceId: string | null, createdAt: string) =>
        (
          await one<{ id: string }>(
            sql`insert into vehicles (name, registration_number, category, device_id, organisation_id, created_at)
            values (${registration}, ${registration}, 'TRUCK', ${deviceId}::uuid, ${organisation}::uuid, ${createdAt}::timestamptz) returning id`,
          )
        ).id;
      const fitment = (
        deviceId: string,
        vehicleId: string,
        registration: string,
        fitmentDate: string,
        createdAt: string,
      ) =>
        query(
          db,
          sql`insert into fitments (vehicle, device, customer, fitment_date, duration_in_days, imei, registration_number,
            customer_name, customer_phone, expires_on, device_id, vehicle_id, customer_id, organisation_id, created_at)
          values ('{}', '{}', '{}', ${fitmentDate}::timestamptz, 365, ${registration}, ${registration}, 'Priya Singh', '+919876500031',
            ${fitmentDate}::timestamptz + interval '365 days', ${deviceId}::uuid, ${vehicleId}::uuid, ${customer}::uuid,
            ${organisation}::uuid, ${createdAt}::timestamptz)`,
        );
      const position = (deviceId: string, at: string) =>
        query(
          db,
          sql`insert into positions (device_id, fix_time, latitude, longitude, speed, packet_type)
          values (${deviceId}::uuid, ${at}::timestamptz, 26.45, 80.33, 20, 'NR')`,
        );
      const summarised = async (deviceId: string, until: string) => {
        await query(
          db,
          sql`insert into device_states (device_id, last_seen_at, summary_from) values (${deviceId}::uuid, ${until}::timestamptz, null)`,
        );
        await query(
          db,
          sql`insert into trip_states (device_id, day, processed_until, state) values (${deviceId}::uuid, '2026-11-21', ${until}::timestamptz, '{}'::jsonb)`,
        );
      };

      // fitted on 5 October, recorded on the 20th; its device drove on the bench on 1 October
      const late = await device('868347079990031');
      const lateVehicle = await vehicle('UP78MG0031', late, '2026-10-20T06:00:00Z');
      await fitment(late, lateVehicle, 'UP78MG0031', '2026-10-05T00:00:00Z', '2026-10-20T06:00:00Z');
      await position(late, '2026-10-01T05:00:00Z');
      await position(late, '2026-10-06T05:00:00Z');
      await summarised(late, '2026-10-06T05:00:00Z');
      // fitted and recorded at 10:06 on 20 November; its device reported only after
      const sameDay = await device('868347079990032');
      const sameDayVehicle = await vehicle('UP78MG0032', sameDay, '2026-11-20T04:00:00Z');
      await fitment(sameDay, sameDayVehicle, 'UP78MG0032', '2026-11-20T00:00:00Z', '2026-11-20T04:36:00Z');
      await position(sameDay, '2026-11-20T05:00:00Z');
      await summarised(sameDay, '2026-11-20T05:00:00Z');
      // no fitment: from its creation
      const plain = await device('868347079990033');
      const plainVehicle = await vehicle('UP78MG0033', plain, '2026-11-01T10:00:00Z');
      const bare = await vehicle('UP78MG0034', null, '2026-11-01T10:00:00Z');

      await database.upgrade();
      const trackedFrom = async (id: string) =>
        (
          await one<{ at: string | null }>(
            sql`select to_json(tracked_from) #>> '{}' as at from vehicles where id = ${id}::uuid`,
          )
        ).at;
      const at = async (id: string) => {
        const value = await trackedFrom(id);
        return value === null ? null : new Date(value).toISOString();
      };
      // the start of 5 October in Asia/Kolkata; the moment recorded; the creation; none
      expect(await at(lateVehicle)).toBe('2026-10-04T18:30:00.000Z');
      expect(await at(sameDayVehicle)).toBe('2026-11-20T04:36:00.000Z');
      expect(await at(plainVehicle)).toBe('2026-11-01T10:00:00.000Z');
      expect(await at(bare)).toBeNull();

      // summary_from, and whether the trip state is kept
      const state = (deviceId: string) =>
        one<{ from: string | null; kept: boolean }>(
          sql`select to_json(s.summary_from) #>> '{}' as "from",
            exists (select 1 from trip_states t where t.device_id = s.device_id) as kept
          from device_states s where s.device_id = ${deviceId}::uuid`,
        );
      const lateState = await state(late);
      expect([new Date(lateState.from!).toISOString(), lateState.kept]).toEqual(['2026-10-04T18:30:00.000Z', false]);
      expect(await state(sameDay)).toEqual({ from: null, kept: true });
    } finally {
      await database.close();
    }
  });
});
