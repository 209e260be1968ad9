import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { updateFirmware, upsertDeviceStates, type DeviceStateRow } from '../../server/gateway/batch-sql.ts';
import { query } from '../../server/resources/sql.ts';
import { lastPositionSql } from '../../server/tracking/last-position.ts';
import { startTestServer, type TestServer } from '../api/harness.ts';

/**
 * The gateway's device_states upsert (server/gateway/batch-sql.ts) with several devices in one
 * batch: each device's position and health land on its own row, whichever of them a batch carries.
 */
let server: TestServer;
const ids: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ demo: false, config: { summarise: false } });
  const db = server.database.db;
  const [organisation] = await query<{ id: string }>(db, sql`select id from organisations order by created_at limit 1`);
  for (const imei of ['868347070088001', '868347070088002', '868347070088003', '868347070088004']) {
    const [device] = await query<{ id: string }>(
      db,
      sql`insert into devices (imei, status, organisation_id) values (${imei}, 'INSTALLED', ${organisation!.id}::uuid) returning id`,
    );
    ids.push(device!.id);
  }
  ids.sort();
}, 120_000);
afterAll(async () => server?.close());

const position = (fixTime: string, speed: number) => ({
  fixTime,
  latitude: 26.4499,
  longitude: 80.3319,
  speed,
  ignition: true,
  // what JSON may carry: quotes, a backslash, text in Hindi, nesting
  attributes: { note: 'a "quoted" \\ back\\slash, हिंदी', analog: [1, 2.5, null], nested: { on: true } },
});
const health = (batteryPercent: number) => ({ batteryPercent, firmwareVersion: '1.0.4', analogInputs: ['0.0', '0.0'] });

const row = (
  id: string,
  seen: string,
  p: ReturnType<typeof position> | null,
  h: ReturnType<typeof health> | null,
): DeviceStateRow => ({
  id,
  seen,
  // the position's fields and its attributes travel apart (last_position, last_attributes)
  position: p && JSON.stringify({ ...p, attributes: undefined }),
  attributes: p && JSON.stringify(p.attributes),
  health: h && JSON.stringify(h),
  firmware: null,
  summaryFrom: p?.fixTime ?? null,
  positions: p ? 1 : 0,
});

const stored = async () =>
  query<{ id: string; seen: string; position: unknown; health: unknown; count: number | null }>(
    server.database.db,
    sql`select device_id as id, to_json(last_seen_at) #>> '{}' as seen, ${lastPositionSql('s')} as position,
      last_health as health, summary_count as count
      from device_states s where device_id = any(${`{${ids.join(',')}}`}::uuid[]) order by device_id`,
  );

describe('the device_states upsert', () => {
  it("puts each device's position and health on its own row, and keeps what a later batch does not carry", async () => {
    const [a, b, c, d] = ids as [string, string, string, string];
    const first = {
      a: position('2026-11-29T08:00:00.000Z', 31.5),
      c: position('2026-11-29T08:00:01.000Z', 0),
      hb: health(64),
      hc: health(71),
    };
    await server.database.db.execute(
      upsertDeviceStates([
        row(a, '2026-11-29T08:00:02.000Z', first.a, null),
        row(b, '2026-11-29T08:00:03.000Z', null, first.hb),
        row(c, '2026-11-29T08:00:04.000Z', first.c, first.hc),
        row(d, '2026-11-29T08:00:05.000Z', null, null),
      ]),
    );
    expect(await stored()).toEqual([
      { id: a, seen: '2026-11-29T08:00:02+00:00', position: first.a, health: null, count: 1 },
      { id: b, seen: '2026-11-29T08:00:03+00:00', position: null, health: first.hb, count: null },
      { id: c, seen: '2026-11-29T08:00:04+00:00', position: first.c, health: first.hc, count: 1 },
      { id: d, seen: '2026-11-29T08:00:05+00:00', position: null, health: null, count: null },
    ]);

    // the next batch: the other way round for a and b, nothing new for c, an older position for d
    const next = {
      b: position('2026-11-29T08:01:00.000Z', 12),
      d: position('2026-11-29T07:00:00.000Z', 5),
      ha: health(50),
    };
    await server.database.db.execute(
      upsertDeviceStates([
        row(a, '2026-11-29T08:01:02.000Z', null, next.ha),
        row(b, '2026-11-29T08:01:03.000Z', next.b, null),
        row(c, '2026-11-29T08:00:00.000Z', null, null),
        row(d, '2026-11-29T08:01:05.000Z', next.d, null),
      ]),
    );
    expect(await stored()).toEqual([
      { id: a, seen: '2026-11-29T08:01:02+00:00', position: first.a, health: next.ha, count: 1 },
      { id: b, seen: '2026-11-29T08:01:03+00:00', position: next.b, health: first.hb, count: 1 },
      // a batch seen earlier than the last does not move last_seen_at back
      { id: c, seen: '2026-11-29T08:00:04+00:00', position: first.c, health: first.hc, count: 1 },
      { id: d, seen: '2026-11-29T08:01:05+00:00', position: next.d, health: null, count: 1 },
    ]);

    // a history frame older than b's position: its fields and its attributes both stay as they were
    const older = position('2026-11-29T07:59:00.000Z', 80);
    older.attributes.note = 'older';
    await server.database.db.execute(upsertDeviceStates([row(b, '2026-11-29T08:02:03.000Z', older, null)]));
    expect((await stored())[1]).toEqual({
      id: b,
      seen: '2026-11-29T08:02:03+00:00',
      position: next.b,
      health: first.hb,
      count: 2,
    });
  });

  it('sets firmware versions whatever their text, a version named NULL included', async () => {
    const [a, b, c] = ids as [string, string, string];
    const versions = { [a]: '2.1.3', [b]: 'v1.0 "beta", {x}\\y', [c]: 'NULL' };
    const read = async () =>
      Object.fromEntries(
        (
          await query<{ id: string; firmware: string | null }>(
            server.database.db,
            sql`select id, firmware_version as firmware from devices where id = any(${`{${[a, b, c].join(',')}}`}::uuid[])`,
          )
        ).map((r) => [r.id, r.firmware]),
      );
    // plain versions travel as the array literal itself, the others quoted by the driver
    for (const id of [a, b, c]) await server.database.db.execute(updateFirmware([{ id, firmware: versions[id]! }]));
    expect(await read()).toEqual(versions);
  });
});
