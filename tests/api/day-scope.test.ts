import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Caller } from '../../server/auth/caller.ts';
import { heldOnDay } from '../../server/reports/day-scope.ts';
import { query } from '../../server/resources/sql.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * Whose is a device's day row (docs/reports.md, "Run and trip reports"): the organisation holding
 * the device at the day's start, or, on the day the device first got an owner, at that moment.
 */
let server: TestServer;
let device: string;
let first: Caller;
let second: Caller;
let superAdmin: Caller;

const caller = (organisationPath: string, isSuperAdmin = false) =>
  ({ organisationPath, isSuperAdmin, permissions: [] }) as unknown as Caller;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  // two fleets side by side: neither is in the other's tree
  const [root] = await query<{ id: string; path: string }>(
    db,
    sql`select id, path from organisations where parent_id is null limit 1`,
  );
  const [a, b] = ['Day Scope A', 'Day Scope B'].map((name) => {
    const id = randomUUID();
    return { id, name, path: `${root!.path}${id}/` };
  }) as [{ id: string; name: string; path: string }, { id: string; name: string; path: string }];
  for (const o of [a, b]) {
    await db.execute(
      sql`insert into organisations (id, parent_id, path, trade_name, brand_name) values (${o.id}::uuid, ${root!.id}::uuid, ${o.path}, ${o.name}, ${o.name})`,
    );
  }
  first = caller(a.path);
  second = caller(b.path);
  superAdmin = caller('', true);
  [{ id: device }] = (await query<{ id: string }>(db, sql`select id from devices order by imei limit 1`)) as [
    { id: string },
  ];
  // A from 10:00 on 10 February, B from 15:00 on the 12th, A again from midnight starting the 14th
  await db.execute(sql`delete from device_ownership_periods where device_id = ${device}::uuid`);
  for (const [organisation, from, to] of [
    [a.id, '2026-02-10T10:00:00+05:30', '2026-02-12T15:00:00+05:30'],
    [b.id, '2026-02-12T15:00:00+05:30', '2026-02-14T00:00:00+05:30'],
    [a.id, '2026-02-14T00:00:00+05:30', null],
  ] as const) {
    await db.execute(sql`insert into device_ownership_periods (device_id, organisation_id, valid_from, valid_to)
      values (${device}::uuid, ${organisation}::uuid, ${from}::timestamptz, ${to}::timestamptz)`);
  }
});

afterAll(async () => {
  await server?.close();
});

async function daysOf(who: Caller): Promise<string[]> {
  const rows = await query<{ day: string }>(
    server.database.db,
    sql`select to_char(d.day, 'YYYY-MM-DD') as day
    from (select generate_series('2026-02-09'::date, '2026-02-15'::date, interval '1 day')::date as day) d
    where ${heldOnDay(who, sql`${device}::uuid`, sql`d.day`)} order by d.day`,
  );
  return rows.map((r) => r.day);
}

describe('the days of a device a caller reads', () => {
  it('gives the first owner the day it got the device, and each later day to whoever held it at midnight', async () => {
    expect(await daysOf(first)).toEqual(['2026-02-10', '2026-02-11', '2026-02-12', '2026-02-14', '2026-02-15']);
  });

  it('gives a later owner only the days that started while it held the device', async () => {
    expect(await daysOf(second)).toEqual(['2026-02-13']);
  });

  it('gives SUPER_ADMIN every day, before any owner too', async () => {
    expect(await daysOf(superAdmin)).toEqual([
      '2026-02-09',
      '2026-02-10',
      '2026-02-11',
      '2026-02-12',
      '2026-02-13',
      '2026-02-14',
      '2026-02-15',
    ]);
  });
});
