import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FrameStore } from '../../server/gateway/store.ts';
import { parseFrame } from '../../server/gateway/ais140.ts';
import { query } from '../../server/resources/sql.ts';
import { timeOrderedId } from '../../server/db/time-ordered-id.ts';
import { startTestServer, type TestServer } from '../api/harness.ts';

/**
 * raw_logs, the largest table, is keyed by time-ordered ids (UUID version 7): each frame's key
 * holds the millisecond it was received, so new rows go in at the right-hand edge of the key's index.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ demo: false });
}, 120_000);
afterAll(async () => server?.close());

const millisecondsOf = (id: string) => parseInt(id.replace(/-/g, '').slice(0, 12), 16);

describe('time-ordered ids', () => {
  it('are UUIDs of version 7 and RFC 9562 variant that hold their time and sort by it', () => {
    const at = Date.parse('2026-11-29T01:00:00.123Z');
    const ids = [at, at + 1, at + 60_000, at + 86_400_000].map((ms) => timeOrderedId(ms));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ids.map(millisecondsOf)).toEqual([at, at + 1, at + 60_000, at + 86_400_000]);
    expect([...ids].sort()).toEqual(ids);
    // ten thousand in one millisecond: no two alike
    expect(new Set(Array.from({ length: 10_000 }, () => timeOrderedId(at))).size).toBe(10_000);
  });

  it("key the gateway's raw_logs rows by the time each frame was received", async () => {
    const store = new FrameStore(server.database.ingestDb, server.app.live, { batchSize: 1, lingerMs: 1 });
    const first = new Date(Date.now() - 60_000);
    const second = new Date(first.getTime() + 30_000);
    // the later frame is stored first: the key follows the time received, not the order written
    await store.store({ text: '$,raw-log-ids,later', receivedAt: second, outcome: parseFrame('$,raw-log-ids,later') });
    await store.store({
      text: '$,raw-log-ids,earlier',
      receivedAt: first,
      outcome: parseFrame('$,raw-log-ids,earlier'),
    });
    await store.close();
    const rows = await query<{ id: string; frame: string }>(
      server.database.db,
      sql`select id::text as id, frame from raw_logs where frame like '$,raw-log-ids,%' order by id`,
    );
    expect(rows.map((r) => r.frame)).toEqual(['$,raw-log-ids,earlier', '$,raw-log-ids,later']);
    expect(rows.map((r) => millisecondsOf(r.id))).toEqual([first.getTime(), second.getTime()]);
  });
});
