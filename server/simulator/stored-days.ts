import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { query } from '../resources/sql.ts';

/**
 * The demo backfill's plan (backfill.ts): of these IMEIs, the devices fitted to a vehicle (the
 * history is a vehicle's), each with the Asia/Kolkata days of [from, until) it already has a position
 * in. Those days are not sent again, so a restart on the same data stores nothing twice. One index
 * probe per device and day (positions_device_time_idx), however many positions a day holds.
 */
export async function storedDays(db: Db, imeis: string[], from: Date, until: Date): Promise<Map<string, Set<string>>> {
  const rows = await query<{ imei: string; day: string | null }>(
    db,
    sql`select d.imei, to_char(g.day, 'YYYY-MM-DD') as day
      from devices d join vehicles v on v.device_id = d.id
      left join generate_series((${from.toISOString()}::timestamptz at time zone 'Asia/Kolkata')::date,
          (${until.toISOString()}::timestamptz at time zone 'Asia/Kolkata')::date, interval '1 day') g(day)
        on exists (select 1 from positions p where p.device_id = d.id
          and p.fix_time >= greatest(g.day::timestamp at time zone 'Asia/Kolkata', ${from.toISOString()}::timestamptz)
          and p.fix_time < least((g.day + interval '1 day')::timestamp at time zone 'Asia/Kolkata', ${until.toISOString()}::timestamptz))
      where d.imei = any(${`{${imeis.join(',')}}`}::text[])`,
  );
  const days = new Map<string, Set<string>>();
  for (const { imei, day } of rows) {
    const set = days.get(imei) ?? new Set<string>();
    if (day) set.add(day);
    days.set(imei, set);
  }
  return days;
}
