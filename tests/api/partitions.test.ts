import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../server/config.ts';
import type { Db } from '../../server/db/client.ts';
import { query } from '../../server/resources/sql.ts';
import {
  createMonthPartition,
  dropExpiredPartitions,
  ensureMonthPartitions,
  kolkataMonth,
  maintainPartitions,
  monthPartitions,
} from '../../server/tracking/partitions.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { databaseBefore } from '../support/migrations.ts';
import { call, demoWorld, type Api } from './resource-fixtures.ts';
import { fittedSince } from '../support/tracked-from.ts';

/**
 * Positions are partitioned by Asia/Kolkata month (migration 0022, server/tracking/partitions.ts).
 * On PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
 */
const month = (at: Date, ahead = 0) => {
  const m = kolkataMonth(at);
  const index = m.year * 12 + m.month - 1 + ahead;
  return `positions_${Math.floor(index / 12)}_${String((index % 12) + 1).padStart(2, '0')}`;
};

/** Which table each position of the device lives in, by fix time. */
const homes = async (db: Db, deviceId: string) =>
  Object.fromEntries(
    (
      await query<{ fixTime: string; home: string }>(
        db,
        sql`
  select to_json(fix_time) #>> '{}' as "fixTime", tableoid::regclass::text as home from positions where device_id = ${deviceId}::uuid`,
      )
    ).map((r) => [new Date(r.fixTime).toISOString(), r.home]),
  );

async function insertAt(db: Db, deviceId: string, times: string[]) {
  for (const t of times) {
    await db.execute(
      sql`insert into positions (device_id, fix_time, latitude, longitude, speed, packet_type) values (${deviceId}::uuid, ${t}::timestamptz, 26.4, 80.3, 20, 'NR')`,
    );
  }
}

describe('migration 0022 on a database that already holds positions', () => {
  const openTwice = () => databaseBefore(22);

  it('moves every row into its month, keeps the ids and the sequence, and keeps the cascade from devices', async () => {
    const database = await openTwice();
    try {
      const { db } = database;
      const [org] = await query<{ id: string }>(
        db,
        sql`insert into organisations (path, trade_name, brand_name) values ('/', 'Old fleet', 'Old fleet') returning id`,
      );
      const [device] = await query<{ id: string }>(
        db,
        sql`insert into devices (imei, organisation_id) values ('869999000000001', ${org!.id}::uuid) returning id`,
      );
      const now = new Date();
      // 1 March 2025 00:10 in Kolkata is still February in UTC: the month is Kolkata's
      const times = [
        '2025-02-28T18:40:00.000Z',
        '2025-02-28T18:20:00.000Z',
        '2025-07-15T06:00:00.000Z',
        new Date(now.getTime() - 60_000).toISOString(),
      ];
      await insertAt(db, device!.id, times);
      const before = await query<{ id: number; fixTime: string }>(
        db,
        sql`select id::integer, to_json(fix_time) #>> '{}' as "fixTime" from positions order by id`,
      );

      await database.upgrade();

      const after = await query<{ id: number; fixTime: string }>(
        db,
        sql`select id::integer, to_json(fix_time) #>> '{}' as "fixTime" from positions order by id`,
      );
      expect(after).toEqual(before);
      expect(await homes(db, device!.id)).toEqual({
        '2025-02-28T18:40:00.000Z': 'positions_2025_03',
        '2025-02-28T18:20:00.000Z': 'positions_2025_02',
        '2025-07-15T06:00:00.000Z': 'positions_2025_07',
        [times[3]!]: month(now),
      });
      expect(await monthPartitions(db)).toEqual(
        [
          ...new Set([
            'positions_2025_02',
            'positions_2025_03',
            'positions_2025_07',
            month(now),
            month(now, 1),
            month(now, 2),
          ]),
        ].sort(),
      );
      const [kind] = await query<{ kind: string }>(
        db,
        sql`select relkind::text as kind from pg_class where relname = 'positions'`,
      );
      expect(kind!.kind).toBe('p');
      // the sequence continues: the next id follows the last one
      await insertAt(db, device!.id, [now.toISOString()]);
      const [last] = await query<{ id: number }>(db, sql`select max(id)::integer as id from positions`);
      expect(last!.id).toBe(before.at(-1)!.id + 1);
      await db.execute(sql`delete from devices where id = ${device!.id}::uuid`);
      const [left] = await query<{ n: number }>(db, sql`select count(*)::integer as n from positions`);
      expect(left!.n).toBe(0);
    } finally {
      await database.close();
    }
  });
});

describe('partitions of a running server', () => {
  let server: TestServer;
  let db: Db;
  let customer: Api;
  let vehicleId: string;
  let deviceId: string;

  beforeAll(async () => {
    server = await startTestServer({ config: { positionsRetentionMonths: 0 } });
    db = server.database.db;
    customer = (await demoWorld(server.app, ['customer'])).as.customer!;
    const vehicles = (
      await call(customer, 'GET', '/vehicle/statuses?sort=["registrationNumber","ASC"]&range=[0,0]')
    ).json() as { id: string; deviceId: string }[];
    vehicleId = vehicles[0]!.id;
    deviceId = vehicles[0]!.deviceId;
    // the demo truck is fitted in October 2026; these tests write its device's 2025
    await fittedSince(db, vehicleId, '2025-01-01T00:00:00+05:30');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('has this month and the next two from the start, and positions land in the month of their fix time', async () => {
    const now = new Date();
    const partitions = await monthPartitions(db);
    for (const ahead of [0, 1, 2]) expect(partitions).toContain(month(now, ahead));
    const inMonths = [0, 1, 2].map((ahead) =>
      new Date(Date.parse(`${month(now, ahead).slice(10).replace('_', '-')}-10T00:00:00+05:30`)).toISOString(),
    );
    const farAhead = new Date(
      Date.parse(`${month(now, 7).slice(10).replace('_', '-')}-01T00:00:00+05:30`),
    ).toISOString();
    await insertAt(db, deviceId, [...inMonths, farAhead]);
    const where = await homes(db, deviceId);
    expect(inMonths.map((t) => where[t])).toEqual([month(now), month(now, 1), month(now, 2)]);
    expect(where[farAhead]).toBe('positions_default');
  });

  it('creates a new month when it comes, moving the rows that had landed in DEFAULT', async () => {
    const later = new Date(Date.now() + 6 * 31 * 86_400_000);
    const farAhead = new Date(
      Date.parse(`${month(new Date(), 7).slice(10).replace('_', '-')}-01T00:00:00+05:30`),
    ).toISOString();
    const created = await ensureMonthPartitions(db, later);
    expect(created).toContain(month(new Date(), 7));
    expect((await homes(db, deviceId))[farAhead]).toBe(month(new Date(), 7));
    const [inDefault] = await query<{ n: number }>(db, sql`select count(*)::integer as n from positions_default`);
    expect(inDefault!.n).toBe(0);
    // a second run finds them all there
    expect(await ensureMonthPartitions(db, later)).toEqual([]);
  });

  it('retention drops whole months that ended more than N months ago and keeps the newer ones', async () => {
    for (const m of [1, 2, 3, 4]) await createMonthPartition(db, { year: 2025, month: m });
    await insertAt(db, deviceId, [
      '2025-01-20T10:00:00Z',
      '2025-02-20T10:00:00Z',
      '2025-03-20T10:00:00Z',
      '2025-04-20T10:00:00Z',
    ]);
    await insertAt(db, deviceId, ['2024-06-01T10:00:00Z']); // no month of its own: in DEFAULT
    // 15 April 2025 with 2 months kept: January ended 1 February, more than 2 months ago; February ends 1 March, within
    const dropped = await dropExpiredPartitions(db, 2, new Date('2025-04-15T12:00:00+05:30'));
    expect(dropped).toEqual(['positions_2025_01']);
    const left = Object.keys(await homes(db, deviceId)).filter((t) => t < '2025-12');
    expect(left.sort()).toEqual(['2025-02-20T10:00:00.000Z', '2025-03-20T10:00:00.000Z', '2025-04-20T10:00:00.000Z']);
    expect(await monthPartitions(db)).not.toContain('positions_2025_01');
    expect(await monthPartitions(db)).toContain('positions_2025_02');
    // 0 keeps everything
    expect(await dropExpiredPartitions(db, 0, new Date('2030-01-01T00:00:00Z'))).toEqual([]);
    expect(await monthPartitions(db)).toContain('positions_2025_02');
  });

  it('reads the retention from WAYMARK_POSITIONS_RETENTION_MONTHS, 0 by default, and refuses nonsense', () => {
    expect(loadConfig({}).positionsRetentionMonths).toBe(0);
    expect(loadConfig({ WAYMARK_POSITIONS_RETENTION_MONTHS: '13' }).positionsRetentionMonths).toBe(13);
    expect(() => loadConfig({ WAYMARK_POSITIONS_RETENTION_MONTHS: '-1' })).toThrow(/whole number of months/);
    expect(() => loadConfig({ WAYMARK_POSITIONS_RETENTION_MONTHS: 'six' })).toThrow(/whole number of months/);
  });

  it('plays back a path across a month boundary a page at a time', async () => {
    await createMonthPartition(db, { year: 2025, month: 5 });
    await createMonthPartition(db, { year: 2025, month: 6 });
    // 31 May 23:30 to 1 June 00:30 in Kolkata, one fix every 10 s: 361 points in two partitions
    const start = Date.parse('2025-05-31T23:30:00+05:30');
    await db.execute(sql`insert into positions (device_id, fix_time, latitude, longitude, speed, packet_type)
      select ${deviceId}::uuid, ${new Date(start).toISOString()}::timestamptz + make_interval(secs => i * 10), 26.4 + i / 10000.0, 80.33, 30, 'NR'
      from generate_series(0, 360) i`);
    const where = Object.entries(await homes(db, deviceId))
      .filter(([t]) => t >= '2025-05-31T17:00' && t < '2025-05-31T20:00')
      .map(([, home]) => home);
    expect(new Set(where)).toEqual(new Set(['positions_2025_05', 'positions_2025_06']));
    const period = `from=${new Date(start).toISOString()}&to=${new Date(start + 3600_000).toISOString()}&limit=50`;
    const pages: { points: { fixTime: string }[]; next: string | null }[] = [];
    let after = '';
    do {
      const response = await call(
        customer,
        'GET',
        `/vehicle/position/playback?vehicleId=${vehicleId}&${period}${after}`,
      );
      expect(response.statusCode).toBe(200);
      pages.push(response.json().data);
      after = pages.at(-1)!.next ? `&after=${pages.at(-1)!.next}` : '';
    } while (after);
    expect(pages).toHaveLength(8);
    const times = pages.flatMap((p) => p.points.map((point) => Date.parse(point.fixTime)));
    expect(times).toEqual(Array.from({ length: 361 }, (_, i) => start + i * 10_000));
  });

  it('the daily upkeep creates the months ahead and applies the retention, and says so in the log', async () => {
    const lines: string[] = [];
    const log = {
      info: (line: string) => lines.push(line),
      error: (_: unknown, line: string) => lines.push(`error: ${line}`),
    } as unknown as Parameters<typeof maintainPartitions>[2];
    // 10 March 2031 with 1 month kept: February 2031 is kept, everything before it goes
    await maintainPartitions(db, 1, log, new Date('2031-03-10T12:00:00+05:30'));
    expect(lines).toEqual([
      'positions: created partitions positions_2031_03, positions_2031_04, positions_2031_05',
      expect.stringMatching(
        /^positions: dropped partitions past the 1-month retention: positions_2025_02, .*positions_2025_05, positions_2025_06, /,
      ),
    ]);
    expect(await monthPartitions(db)).toEqual(['positions_2031_03', 'positions_2031_04', 'positions_2031_05']);
    const [left] = await query<{ n: number }>(
      db,
      sql`select count(*)::integer as n from positions where fix_time < '2031-02-01T00:00:00+05:30'`,
    );
    expect(left!.n).toBe(0);
  });
});
