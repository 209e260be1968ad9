import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../server/resources/sql.ts';
import { databaseBefore } from '../support/migrations.ts';

/** Migration 0046 on a database whose device_states held each position's attributes inside it. */
describe('migration 0046 on last positions that carry their attributes', () => {
  it('moves the attributes to last_attributes, keeps the other fields, and leaves a device with no position as it was', async () => {
    const database = await databaseBefore(46);
    try {
      const { db } = database;
      const one = async <T>(statement: ReturnType<typeof sql>) => (await query<T>(db, statement))[0]!;
      const { id: organisation } = await one<{ id: string }>(
        sql`insert into organisations (path, trade_name, brand_name) values ('/', 'Provider', 'Provider') returning id`,
      );
      const device = async (imei: string) =>
        (
          await one<{ id: string }>(
            sql`insert into devices (imei, status, organisation_id) values (${imei}, 'INSTALLED', ${organisation}::uuid) returning id`,
          )
        ).id;
      const [placed, unplaced] = [await device('868347079990046'), await device('868347079990047')];
      const fields = { fixTime: '2026-11-28T10:15:00.000Z', latitude: 26.45, longitude: 80.33, speed: 20, live: true };
      const attributes = { vendorId: 'WAYMARKSIM', checksum: 'valid', neighbours: [{ cellId: '4B30', signal: 20 }] };
      await query(
        db,
        sql`insert into device_states (device_id, last_seen_at, last_position) values
          (${placed}::uuid, now(), ${JSON.stringify({ ...fields, attributes })}::jsonb), (${unplaced}::uuid, now(), null)`,
      );

      await database.upgrade();
      const state = (id: string) =>
        one<{ position: unknown; attributes: unknown }>(
          sql`select last_position as position, last_attributes as attributes from device_states where device_id = ${id}::uuid`,
        );
      expect(await state(placed)).toEqual({ position: fields, attributes });
      expect(await state(unplaced)).toEqual({ position: null, attributes: null });
    } finally {
      await database.close();
    }
  });
});
