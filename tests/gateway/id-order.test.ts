import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FrameStore } from '../../server/gateway/store.ts';
import { parseFrame } from '../../server/gateway/ais140.ts';
import { query } from '../../server/resources/sql.ts';
import { startTestServer, type TestServer } from '../api/harness.ts';

/**
 * Two batches written at once (PostgreSQL) take their transaction ids in the order they left the
 * queue, whichever is ready first: forwarding reads raw_logs in that order (server/gateway/id-turns.ts).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ demo: false });
}, 120_000);
afterAll(async () => server?.close());

describe('batches written at once', () => {
  it('are read in the order they were queued, though the first was slower to get ready', async (context) => {
    if (server.database.kind !== 'postgres') return context.skip();
    const store = new FrameStore(server.database.ingestDb, server.app.live, {
      concurrency: 2,
      batchSize: 1,
      lingerMs: 1,
    });
    // the first batch's device lookup takes a while (a cold cache, a slow query)
    const resolve = store.devices.resolve.bind(store.devices);
    let slow = true;
    store.devices.resolve = async (imeis) => {
      if (slow) {
        slow = false;
        await new Promise((r) => setTimeout(r, 500));
      }
      return resolve(imeis);
    };
    const receivedAt = new Date();
    const texts = ['$,first,queued', '$,second,queued'];
    await Promise.all(texts.map((text) => store.store({ text, receivedAt, outcome: parseFrame(text) })));
    await store.close();
    const rows = await query<{ frame: string }>(
      server.database.db,
      sql`select frame from raw_logs where received_at = ${receivedAt.toISOString()}::timestamptz order by tx, seq`,
    );
    expect(rows.map((r) => r.frame)).toEqual(texts);
  });
});
