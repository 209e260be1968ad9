import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FrameStore } from '../../server/gateway/store.ts';
import { parseFrame } from '../../server/gateway/ais140.ts';
import { query } from '../../server/resources/sql.ts';
import { startTestServer, type TestServer } from '../api/harness.ts';

/**
 * A batch travels as binary COPY (server/gateway/batch-sql.ts, server/db/copy.ts): whatever a device sends
 * comes back from raw_logs as it was sent, quotes, backslashes, braces and all.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ demo: false });
}, 120_000);
afterAll(async () => server?.close());

const TEXTS = [
  '$,LGN,"quoted",back\\slash,end\\',
  '{braces},{"json":"like"},comma,,NULL',
  'NULL',
  '',
  ' spaces around ',
  'हिंदी में,१२३',
  '\\"',
];

describe('the text of a frame', () => {
  it('is stored exactly as it arrived, in one batch with its neighbours', async () => {
    const store = new FrameStore(server.database.db, server.app.live, { batchSize: TEXTS.length, lingerMs: 50 });
    const receivedAt = new Date();
    await Promise.all(TEXTS.map((text) => store.store({ text, receivedAt, outcome: parseFrame(text) })));
    await store.close();
    const rows = await query<{ frame: string; parseResult: string }>(
      server.database.db,
      sql`select frame, parse_result as "parseResult" from raw_logs where received_at = ${receivedAt.toISOString()}::timestamptz order by seq`,
    );
    expect(rows.map((r) => r.frame)).toEqual(TEXTS);
    expect(new Set(rows.map((r) => r.parseResult))).toEqual(new Set(['INVALID']));
  });

  it("keeps the checksum and a vendor's extra fields with the position and with the device's last position", async () => {
    const db = server.database.db;
    const imei = '868347070099001';
    const [organisation] = await query<{ id: string }>(
      db,
      sql`select id from organisations order by created_at limit 1`,
    );
    const [device] = await query<{ id: string }>(
      db,
      sql`insert into devices (imei, status, organisation_id) values (${imei}, 'INSTALLED', ${organisation!.id}::uuid) returning id`,
    );
    const fix = new Date(Date.now() - 60_000);
    const date = `${fix.toISOString().slice(8, 10)}${fix.toISOString().slice(5, 7)}${fix.toISOString().slice(0, 4)}`;
    const time = fix.toISOString().slice(11, 19).replace(/:/g, '');
    const text = `$NRM,VEND,1.0,NR,1,L,${imei},UP1,1,${date},${time},26.5,N,80.3,E,12.5,90,9,120,1.1,1.0,JIO,1,1,12.0,4.0,0,C,31,404,45,0A,0B,0C,0A,1,0D,0A,2,0E,0A,3,0F,0A,4,1000,01,42,EXTRA*00`;
    const store = new FrameStore(db, server.app.live, { batchSize: 1, lingerMs: 10 });
    await store.store({ text, receivedAt: new Date(), outcome: parseFrame(text) });
    await store.close();
    const [stored] = await query<{
      attributes: Record<string, unknown>;
      last: Record<string, unknown>;
      lastAttributes: Record<string, unknown>;
    }>(
      db,
      sql`select p.attributes, s.last_position as last, s.last_attributes as "lastAttributes"
        from positions p join device_states s on s.device_id = p.device_id
        where p.device_id = ${device!.id}::uuid`,
    );
    expect(stored!.attributes).toMatchObject({ checksum: 'invalid', unknownFields: ['EXTRA'], frameNumber: '42' });
    expect(stored!.last).toEqual({
      fixTime: `${fix.toISOString().slice(0, 19)}.000Z`,
      latitude: 26.5,
      longitude: 80.3,
      speed: 12.5,
      heading: 90,
      altitude: 120,
      satellites: 9,
      ignition: true,
      gpsFix: true,
      receivedAt: expect.any(String),
      packetType: 'NR',
      live: true,
    });
    expect(stored!.lastAttributes).toEqual(stored!.attributes);
  });
});
