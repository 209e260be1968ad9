import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client.ts';
import { query } from '../../server/resources/sql.ts';
import { startFlood } from '../../bench/flood.ts';
import { eventually } from './device-client.ts';
import { freePort } from '../support/net.ts';
import { killChildServer, startChildServer, type ChildServer } from '../support/child-server.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-kill-'));
const servers: ChildServer[] = [];

/** `waymark serve` on the embedded database in dataDir, with small queue bounds so a flood trips them. */
async function serve(http: number, gateway: number) {
  const server = await startChildServer({
    http,
    gateway,
    readyMs: 120_000,
    env: {
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      WAYMARK_DEMO: '0',
      WAYMARK_ADMIN_PASSWORD: 'Root-pass-2026',
      GATEWAY_QUEUE_PAUSE: '40',
      GATEWAY_QUEUE_REFUSE: '80',
      GATEWAY_QUEUE_RESUME: '10',
    },
  });
  servers.push(server);
  return server;
}

afterAll(async () => {
  for (const server of servers) await killChildServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('kill -9 during a flood', () => {
  it('loses no frame the gateway answered, killed while it sheds the flood', async () => {
    const [http, gatewayPort] = [await freePort(), await freePort()];
    const first = await serve(http, gatewayPort);
    const flood = startFlood({ port: gatewayPort, devices: 300, intervalMs: 100, firstImei: '869100000000000' });
    const answered = () => Object.values(flood.figures.acknowledged).reduce((a, b) => a + b, 0);
    await eventually(
      () => answered() > 300 && first.output().includes('gateway stopped reading'),
      90_000,
      `answers and a pause (${first.output()})`,
    );
    // the process dies mid-flood: no shutdown, no flush
    await killChildServer(first);
    const figures = flood.stop();
    expect(figures.offered).toBeGreaterThan(answered());

    const second = await serve(http, gatewayPort);
    await killChildServer(second, 'SIGTERM');
    const database = await openDatabase({ dataDir, databaseUrl: undefined });
    const rows = await query<{ imei: string; n: number }>(
      database.db,
      sql`select imei, count(*)::integer as n from raw_logs where frame like '$LGN,%' or frame like '$HBT,%' group by imei`,
    );
    await database.close();
    const stored = new Map(rows.map((r) => [r.imei, r.n]));
    const missing = Object.entries(figures.acknowledged).filter(([imei, n]) => (stored.get(imei) ?? 0) < n);
    expect(missing).toEqual([]);
    // answers came from many devices, not one (how many depends on how far the flood got before the pause)
    expect(Object.keys(figures.acknowledged).length).toBeGreaterThan(10);
  }, 300_000);
});
