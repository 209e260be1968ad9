import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../../server/db/client.ts';
import { createScratchDatabase } from '../../../server/db/scratch.ts';
import { query } from '../../../server/resources/sql.ts';
import { demoEmail, DEMO_PASSWORD } from '../../../server/seed/demo.ts';
import { eventually } from '../../gateway/device-client.ts';
import { signInOverHttp } from '../../support/net.ts';
import { killChildServer, startChildServer, stopChildServers, type ChildServer } from '../../support/child-server.ts';
import { BURST_EVENT, burstFrames, playDevice, readHook, webhookRule } from '../../support/alert-burst.ts';
import { startReceiver } from './receivers.ts';

// PostgreSQL with TEST_DATABASE_URL (a scratch database), else the embedded database in a data directory both processes open in turn
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-kill-burst-'));
let databaseEnv: Record<string, string> = { DATABASE_URL: '', DATA_DIR: dataDir };
let drop = async () => {};
const servers: ChildServer[] = [];
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  // a receiver answering in 50 ms and two deliveries at a time (40 a second against some 480 alerts):
  // the kill always finds events stored and not yet sent, however fast the rest of the machine is
  receiver = await startReceiver(() => 200, '127.0.0.1', 50);
  if (onPostgres) {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'waymark_kill_burst');
    drop = scratch.drop;
    databaseEnv = { DATABASE_URL: scratch.url };
  }
});
afterAll(async () => {
  await stopChildServers(servers);
  await receiver?.close();
  await drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** `waymark serve` with the demo, webhooks allowed to reach the receiver, short claims and retries. */
async function serve(ports: { http?: number; gateway?: number } = {}) {
  const server = await startChildServer({
    ...ports,
    env: {
      ...databaseEnv,
      WAYMARK_DEMO: '1',
      WAYMARK_SIMULATE: '0',
      WAYMARK_ADMIN_EMAIL: 'root@waymark.test',
      WAYMARK_ADMIN_PASSWORD: 'Root-pass-2026',
      WEBHOOK_ALLOW_RANGES: '127.0.0.1/32',
      NOTIFY_LEASE_SECONDS: '2',
      NOTIFY_RETRY_SECONDS: '1',
      NOTIFY_CONCURRENCY: '2',
    },
  });
  servers.push(server);
  return server;
}

describe(`kill -9 of the server during a burst of alerts (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('loses no notification: after a restart every stored event has its webhook at the receiver', async () => {
    const first = await serve();
    const rule = await webhookRule(first.base, `${receiver.url}/hooks/burst`);

    // six devices brake hard, two frames every 25 ms each (about 480 alerts a second, for up to
    // 25 s); the process dies once the receiver has 20 of the webhooks, with alerts still coming
    // in, being decided and being sent
    const frames = burstFrames(2000);
    const playing = Promise.all([...frames.values()].map((own) => playDevice(first.gateway, own, 2, 25)));
    await eventually(() => receiver.requests.length >= 20, 120_000, `webhooks (${first.output()})`);
    await killChildServer(first);
    const written = (await playing).reduce((a, b) => a + b, 0);
    expect(first.child.signalCode).toBe('SIGKILL');
    const beforeKill = new Set(receiver.requests.map((r) => readHook(r, rule.secret).eventId));

    // the same database, a new process: it takes up what the first left, decided or not, sent or not
    const openIt = () =>
      openDatabase(
        onPostgres ? { databaseUrl: databaseEnv.DATABASE_URL!, dataDir: null } : { dataDir, databaseUrl: undefined },
      );
    /** What is left to do: notices not decided, messages not sent (read with no server running on PGlite). */
    const leftOver = async () => {
      const database = await openIt();
      try {
        const [row] = await query<{ n: number }>(
          database.db,
          sql`select (select count(*) from notices where status = 'pending')::integer
            + (select count(*) from outbox where status = 'queued')::integer as n`,
        );
        return row!.n;
      } finally {
        await database.close();
      }
    };
    // a process runs until nothing is queued on the Deliveries screen and no webhook came for five
    // seconds, then stops; while the database still holds work (a drain slower than the pause), another takes over
    for (let life = 0; life < 4; life++) {
      const next = await serve({ http: first.http, gateway: first.gateway });
      // the platform's administrator sees every message on the Deliveries screen
      const watcher = await signInOverHttp(next.base, demoEmail('superadmin'), DEMO_PASSWORD);
      const queued = async () => {
        const response = await fetch(
          `${next.base}/api/deliveries?filter=${encodeURIComponent('{"status":"queued"}')}&range=[0,0]`,
          { headers: { authorization: `Bearer ${watcher}` } },
        );
        if (!response.ok) throw new Error(`the Deliveries list answered ${response.status}`);
        return Number(response.headers.get('content-range')?.split('/')[1] ?? NaN);
      };
      let seen = -1;
      let quietSince = Date.now();
      await eventually(
        async () => {
          if (receiver.requests.length !== seen) {
            seen = receiver.requests.length;
            quietSince = Date.now();
          }
          return (await queued()) === 0 && Date.now() - quietSince > 5000;
        },
        180_000,
        `the deliveries to drain (${next.output()})`,
      );
      await killChildServer(next, 'SIGTERM');
      if ((await leftOver()) === 0) break;
    }

    const database = await openIt();
    try {
      const events = await query<{ id: string }>(
        database.db,
        sql`select id::text as id from events where type = ${BURST_EVENT} order by id`,
      );
      const notices = await query<{ status: string; n: number }>(
        database.db,
        sql`select status, count(*)::integer as n from notices where rule_id = ${rule.id}::uuid group by status`,
      );
      const outbox = await query<{ id: string; status: string }>(
        database.db,
        sql`select id::text as id, status from outbox where channel = 'webhook' and recipient = ${`${receiver.url}/hooks/burst`}`,
      );
      const hooks = receiver.requests.map((r) => readHook(r, rule.secret));
      const delivered = new Map(hooks.map((h) => [h.deliveryId, h.eventId]));

      // the kill came mid-burst: frames were written that it never stored, and events stored that it never sent
      expect(events.length).toBeGreaterThan(20);
      expect(events.length).toBeLessThan(written);
      expect(events.filter((e) => !beforeKill.has(e.id)).length).toBeGreaterThan(0);
      // every event decided and sent: one notice each, none left pending, one webhook message each
      expect(notices).toEqual([{ status: 'sent', n: events.length }]);
      expect(outbox.filter((row) => row.status !== 'sent')).toEqual([]);
      expect(outbox).toHaveLength(events.length);
      // …and each at the receiver, signed: duplicates (a try cut by the kill) share their delivery id
      expect(hooks.filter((h) => !h.signed)).toEqual([]);
      expect(outbox.filter((row) => !delivered.has(row.id)).map((row) => row.id)).toEqual([]);
      const told = new Set(delivered.values());
      expect(events.filter((e) => !told.has(e.id)).map((e) => e.id)).toEqual([]);
      expect(delivered.size).toBe(events.length);
    } finally {
      await database.close();
    }
  }, 600_000);
});
