import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../server/resources/sql.ts';
import { databaseBefore } from '../support/migrations.ts';

/**
 * Migration 0030 on a database an older Waymark left: trips were cut by the old rule (a trip began
 * when the vehicle last stood). Its devices are summarised again from their first position.
 */
describe('migration 0030 on a database whose trips the old rule cut', () => {
  it('forgets each device’s trip state and reads its history again from its first position', async () => {
    const database = await databaseBefore(30);
    try {
      const { db } = database;
      const [organisation] = await query<{ id: string }>(
        db,
        sql`insert into organisations (path, trade_name, brand_name) values ('/', 'Provider', 'Provider') returning id`,
      );
      const [device] = await query<{ id: string }>(
        db,
        sql`insert into devices (imei, status, organisation_id)
        values ('868347079990001', 'NEW', ${organisation!.id}::uuid) returning id`,
      );
      const id = device!.id;
      for (const at of ['2026-11-20T06:00:00Z', '2026-11-20T06:05:00Z', '2026-11-21T07:00:00Z']) {
        await query(
          db,
          sql`insert into positions (device_id, fix_time, latitude, longitude, speed, packet_type)
          values (${id}::uuid, ${at}::timestamptz, 26.45, 80.33, 20, 'NR')`,
        );
      }
      // summarised up to the last position by the old rule
      await query(
        db,
        sql`insert into device_states (device_id, last_seen_at, summary_from) values (${id}::uuid, '2026-11-21T07:00:00Z', null)
        on conflict (device_id) do update set summary_from = null`,
      );
      await query(
        db,
        sql`insert into trip_states (device_id, day, processed_until, state)
        values (${id}::uuid, '2026-11-21', '2026-11-21T07:00:00Z', '{}'::jsonb)`,
      );
      await database.upgrade();
      expect(await query(db, sql`select 1 from trip_states where device_id = ${id}::uuid`)).toEqual([]);
      const [state] = await query<{ from: string }>(
        db,
        sql`select to_json(summary_from) #>> '{}' as "from" from device_states where device_id = ${id}::uuid`,
      );
      expect(Date.parse(state!.from)).toBe(Date.parse('2026-11-20T06:00:00Z'));
    } finally {
      await database.close();
    }
  });
});
