import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Gateway, type GatewayOptions } from '../../server/gateway/server.ts';
import { FrameStore } from '../../server/gateway/store.ts';
import { normalFrame } from '../../server/simulator/frames.ts';
import { query } from '../../server/resources/sql.ts';
import { startTestServer, type TestServer } from '../api/harness.ts';
import { connectDevice, eventually } from './device-client.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ demo: false });
});
afterAll(async () => {
  await server?.close();
});

/** A gateway with small caps; `run` gets its port, and the gateway is closed (its frames stored) before counting. */
async function withGateway(limits: GatewayOptions['limits'], run: (port: number) => Promise<void>) {
  const gateway = new Gateway(
    new FrameStore(server.database.db, server.app.live),
    server.database.db,
    { port: 0, host: '127.0.0.1', limits },
    server.app.log,
  );
  const port = await gateway.listen();
  try {
    await run(port);
  } finally {
    await gateway.close();
  }
}

const rows = async (where: ReturnType<typeof sql>) =>
  (
    await query<{ count: number }>(
      server.database.db,
      sql`select count(*)::integer as count from raw_logs where ${where}`,
    )
  )[0]!.count;

const frame = (imei: string, second: number) =>
  normalFrame(
    {
      imei,
      registration: 'UP78AT4321',
      latitude: 26.45,
      longitude: 80.33,
      speed: 20,
      heading: 0,
      ignition: true,
      frameNumber: second,
    },
    new Date(Date.now() - 600_000 + second * 1000),
  );

describe('gateway limits', () => {
  it('drops a connection that floods 1 MB of `$A*`, after one summary row', async () => {
    await withGateway({ framesPerSecond: 5, frameBurst: 50 }, async (port) => {
      const flood = await connectDevice(port);
      await flood.send('$A*'.repeat(350_000));
      await eventually(() => flood.closed, 5000, 'the flooding connection to be dropped');
    });
    expect(await rows(sql`frame = '$A*' and message not like '%connection closed'`)).toBeLessThanOrEqual(50);
    expect(await rows(sql`message = 'more than 5 frames a second; connection closed'`)).toBe(1);
  });

  it('drops a connection that sends a frame longer than the limit', async () => {
    await withGateway({ maxFrameLength: 100 }, async (port) => {
      const tracker = await connectDevice(port);
      await tracker.send(`$LONG,${'9'.repeat(300)}*\r\n`);
      await eventually(() => tracker.closed, 5000, 'the connection to be dropped');
    });
    expect(await rows(sql`frame like '$LONG,%'`)).toBe(1);
    expect(await rows(sql`message = 'frame longer than 100 characters; connection closed'`)).toBe(1);
  });

  it('caps the raw-log rows of one IMEI per minute across connections', async () => {
    const imei = '868347076660001';
    await withGateway({ rawLogsPerDevicePerMinute: 10 }, async (port) => {
      const first = await connectDevice(port);
      await first.send(Array.from({ length: 6 }, (_, i) => frame(imei, i)).join(''));
      await eventually(async () => (await rows(sql`imei = ${imei}`)) === 6, 5000, 'the first six frames');
      // another connection naming the same IMEI shares its allowance
      const second = await connectDevice(port);
      await second.send(Array.from({ length: 30 }, (_, i) => frame(imei, 10 + i)).join(''));
      await eventually(() => second.closed, 5000, 'the second connection to be dropped');
      expect(first.closed).toBe(false);
      first.close();
    });
    expect(await rows(sql`imei = ${imei} and parse_result = 'UNKNOWN_DEVICE'`)).toBeLessThanOrEqual(11);
    expect(
      await rows(sql`imei = ${imei} and message = ${`more than 10 frames a minute from ${imei}; connection closed`}`),
    ).toBe(1);
  });
});
