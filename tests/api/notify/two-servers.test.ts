import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../../server/db/client.ts';
import { createScratchDatabase } from '../../../server/db/scratch.ts';
import { query } from '../../../server/resources/sql.ts';
import { eventually } from '../../gateway/device-client.ts';
import { startChildServer, stopChildServers, type ChildServer } from '../../support/child-server.ts';
import { BURST_EVENT, burstFrames, playDevice, readHook, webhookRule } from '../../support/alert-burst.ts';
import { startReceiver } from './receivers.ts';

// PostgreSQL only: the embedded database is one process's (two-workers.test.ts covers the delivery worker there)
describe.runIf(process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  const servers: ChildServer[] = [];
  let drop = async () => {};
  let databaseUrl = '';
  let database: Database | undefined;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver(() => 200);
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'waymark_two_servers');
    drop = scratch.drop;
    databaseUrl = scratch.url;
  });
  afterAll(async () => {
    await stopChildServers(servers);
    await database?.close();
    await receiver?.close();
    await drop();
  });

  const serve = async () => {
    const server = await startChildServer({
      env: {
        DATABASE_URL: databaseUrl,
        WAYMARK_DEMO: '1',
        WAYMARK_SIMULATE: '0',
        WAYMARK_ADMIN_EMAIL: 'root@waymark.test',
        WAYMARK_ADMIN_PASSWORD: 'Root-pass-2026',
        WEBHOOK_ALLOW_RANGES: '127.0.0.1/32',
      },
    });
    servers.push(server);
    return server;
  };

  it('decide each event once and deliver each webhook once between them, alerts arriving at both', async () => {
    // one after the other: the first migrates and seeds the demo, the second finds it done
    const a = await serve();
    const b = await serve();
    const url = `${receiver.url}/hooks/two`;
    const rule = await webhookRule(a.base, url);

    // 6 devices × 50 harsh brakings: three devices on each process's gateway, so both
    // processes' triggers decide notices, and both processes' notice processors and delivery
    // workers hear every NOTIFY and race for every row
    const frames = [...burstFrames(50).values()];
    await Promise.all(frames.map((own, i) => playDevice((i < 3 ? a : b).gateway, own)));
    const total = frames.reduce((n, own) => n + own.length, 0);
    const events = () => new Set(receiver.requests.map((r) => readHook(r, rule.secret).eventId)).size;
    await eventually(() => events() >= total, 120_000, `${total} webhooks (${a.output()}${b.output()})`);
    // time for a second copy, were one coming
    await new Promise((resolve) => setTimeout(resolve, 3000));

    database = await openDatabase({ databaseUrl, dataDir: null });
    const db = database.db;
    const stored = await query<{ id: string }>(db, sql`select id::text as id from events where type = ${BURST_EVENT}`);
    expect(stored).toHaveLength(total);
    const hooks = receiver.requests.map((r) => readHook(r, rule.secret));
    expect(hooks.filter((h) => !h.signed)).toEqual([]);
    // each delivery id reached the receiver once, and each event once
    expect(hooks).toHaveLength(total);
    expect(new Set(hooks.map((h) => h.deliveryId)).size).toBe(total);
    expect(new Set(hooks.map((h) => h.eventId))).toEqual(new Set(stored.map((e) => e.id)));
    // each notice decided once: one per event, sent, and one message each, tried once
    const notices = await query<{ eventId: string; n: number; status: string }>(
      db,
      sql`select event_id::text as "eventId", count(*)::integer as n, min(status) as status from notices
        where rule_id = ${rule.id}::uuid group by event_id`,
    );
    expect(notices).toHaveLength(total);
    expect(notices.filter((n) => n.n !== 1 || n.status !== 'sent')).toEqual([]);
    const messages = await query<{ eventId: string; n: number; attempts: number; status: string }>(
      db,
      sql`select options->'data'->>'eventId' as "eventId", count(*)::integer as n, max(attempts) as attempts,
          min(status) as status
        from outbox where channel = 'webhook' and recipient = ${url} group by 1`,
    );
    expect(messages).toHaveLength(total);
    expect(messages.filter((m) => m.n !== 1 || m.attempts !== 1 || m.status !== 'sent')).toEqual([]);
  }, 600_000);
});
