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
});
