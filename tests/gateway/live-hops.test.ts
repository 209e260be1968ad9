import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../../server/db/client.ts';
import { LIVE_CHANNEL, LiveFeed, type LiveBatch } from '../../server/tracking/live.ts';
import { eventually } from './device-client.ts';

const embedded = { kind: 'pglite' } as Database;
const batch = (): LiveBatch => ({
  positions: [
    {
      deviceId: 'd1',
      vehicleId: 'v1',
      latitude: 26.45,
      longitude: 80.33,
      speed: 40,
      heading: 90,
      ignition: true,
      fixTime: '2026-11-28T06:00:00.000Z',
      receivedAt: '2026-11-28T06:00:00.100Z',
      status: 'running',
    },
  ],
  events: [],
});

describe('the live feed’s hop times (the live bench’s WAYMARK_LIVE_HOP_TIMES)', () => {
  it('stamps a batch with when it was committed and heard only when asked to', () => {
    const heard: LiveBatch[] = [];
    const stamping = new LiveFeed(embedded, true);
    stamping.subscribe((b) => heard.push(b));
    const before = Date.now();
    stamping.publish(batch(), 1_000);
    stamping.publish(batch());
    expect(heard[0]!.hops).toEqual({ committed: 1_000, heard: expect.any(Number) });
    expect(heard[0]!.hops!.heard).toBeGreaterThanOrEqual(before);
    // a batch heard from another process: its commit is known here only as the moment it is heard
    expect(heard[1]!.hops!.committed).toBe(heard[1]!.hops!.heard);

    const plain: LiveBatch[] = [];
    const quiet = new LiveFeed(embedded);
    quiet.subscribe((b) => plain.push(b));
    quiet.publish(batch(), 1_000);
    expect(plain[0]!.hops).toBeUndefined();
  });

  it('tells other processes when the batch was written only when asked to, and they stamp it as committed then', () => {
    const onPostgres = { kind: 'postgres' } as Database;
    const payloadsOf = (feed: LiveFeed) =>
      // the payloads travel as one text, split at record separators (server/db/separated-texts.ts)
      (new PgDialect().sqlToQuery(feed.notifyStatements(batch())[0]!).params[1] as string)
        .split('\x1e')
        .map((payload) => JSON.parse(payload) as { c?: number });
    const before = Date.now();
    const [stamped] = payloadsOf(new LiveFeed(onPostgres, true));
    expect(stamped!.c).toBeGreaterThanOrEqual(before);
    expect(payloadsOf(new LiveFeed(onPostgres))[0]).not.toHaveProperty('c');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the live feed’s NOTIFY on PostgreSQL', () => {
  it('carries a batch larger than one payload whole and in order, whatever its texts hold', async () => {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      const heard: string[] = [];
      client.on('notification', (message) => heard.push(message.payload ?? ''));
      await client.query(`listen ${LIVE_CHANNEL}`);
      const [template] = batch().positions;
      // a record separator, a quote and Hindi inside the texts: escaped in the JSON, never split on
      const positions = Array.from({ length: 300 }, (_, i) => ({
        ...template!,
        vehicleId: `v${i}\u001e"वाहन"`,
      }));
      const statements = new LiveFeed({ kind: 'postgres' } as Database).notifyStatements({ positions, events: [] });
      const query = new PgDialect().sqlToQuery(statements[0]!);
      await client.query(query.sql, query.params);
      const received = () => heard.flatMap((payload) => (JSON.parse(payload) as { p: { vehicleId: string }[] }).p);
      await eventually(() => received().length >= positions.length, 5000, 'every position');
      expect(heard.length).toBeGreaterThan(1);
      expect(received().map((p) => p.vehicleId)).toEqual(positions.map((p) => p.vehicleId));
    } finally {
      await client.end();
    }
  });
});
