import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bearer, demoEmail, signIn, startTestServer, type TestServer } from '../api/harness.ts';
import { startSimulator } from '../../server/simulator/simulator.ts';
import { storedDays } from '../../server/simulator/stored-days.ts';
import { DEMO_DEVICE_COUNT, DEMO_FIRST_IMEI } from '../../server/seed/demo.ts';
import { query } from '../../server/resources/sql.ts';
import { formatTime } from '../../core/format/date.ts';
import { eventually } from './device-client.ts';

/**
 * Issue 25, point 13: a new user of the demo sees history. The demo's simulator (as `npm start`
 * wires it, server/cli.ts) sends its vehicles' past days as AIS-140 history frames once its devices
 * are live; here one day before today, sparser than the demo's (a fix a minute while driving), so
 * the whole history fits in a few seconds and under the gateway's burst limit.
 */
let server: TestServer;
let customer: string;

interface OperationRow {
  registrationNumber: string;
  day: string;
  firstIgnitionOn: string | null;
  lastIgnitionOff: string | null;
  trips: number;
  distance: number;
  running: number;
}

const historyPositions = async () =>
  Number(
    (
      await query<{ n: number }>(
        server.database.db,
        sql`select count(*)::integer as n from positions where live = false`,
      )
    )[0]!.n,
  );

/** The demo's simulator with history on, until its history is sent and stored; what it reported. */
async function runDemoSimulator() {
  const simulator = startSimulator({
    host: '127.0.0.1',
    port: server.gatewayPort,
    devices: DEMO_DEVICE_COUNT,
    firstImei: DEMO_FIRST_IMEI,
    intervalSeconds: 1,
    alertRate: 0,
    backfill: {
      days: 1,
      plan: (imeis, from, until) => storedDays(server.database.db, imeis, from, until),
      density: { movingSeconds: 60, parkedSeconds: 1200 },
      batch: 100,
      pauseMs: 20,
    },
  });
  const report = await simulator.backfilled!;
  await eventually(() => server.gateway!.status().acknowledged >= simulator.sent, 30_000, 'frames stored');
  await simulator.stop();
  await server.app.summariser.catchUp();
  return report;
}

const yesterday = async () => {
  const filter = encodeURIComponent(JSON.stringify({ preset: 'yesterday' }));
  const response = await server.app.inject({
    method: 'GET',
    url: `/api/report/daily-vehicle-operation?filter=${filter}&range=[0,49]`,
    headers: bearer(customer),
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as OperationRow[]).sort((a, b) => a.registrationNumber.localeCompare(b.registrationNumber));
};

beforeAll(async () => {
  server = await startTestServer({ gateway: true, config: { summarise: false } });
  customer = (await signIn(server.app, demoEmail('customer'))).token.access.token;
});

afterAll(async () => {
  await server?.close();
});

describe('the demo sends its vehicles’ last days as history (issue 25, point 13)', () => {
  it('gives Daily Vehicle Operation a working Yesterday for every demo vehicle, and a restart stores nothing twice', async () => {
    expect(await yesterday()).toEqual([]);

    const first = await runDemoSimulator();
    const rows = await yesterday();
    expect(rows.map((r) => r.registrationNumber)).toEqual([
      'UP78AT4321',
      'UP78BT4322',
      'UP78CT4323',
      'UP78DT4324',
      'UP78ET4325',
      'UP78FT4326',
    ]);
    for (const row of rows) {
      // two or three trips of laps round a Kanpur loop, 8 km or more each (metres)
      expect(row.trips, row.registrationNumber).toBeGreaterThanOrEqual(2);
      expect(row.trips, row.registrationNumber).toBeLessThanOrEqual(3);
      expect(row.distance, row.registrationNumber).toBeGreaterThan(row.trips * 7000);
      expect(row.running, row.registrationNumber).toBeGreaterThan(0);
      // a working day: the engine starts in the morning and is off for the night by the evening
      expect(formatTime(row.firstIgnitionOn) >= '08:00:00' && formatTime(row.firstIgnitionOn) < '09:31:00').toBe(true);
      expect(formatTime(row.lastIgnitionOff) > formatTime(row.firstIgnitionOn)).toBe(true);
      expect(formatTime(row.lastIgnitionOff) < '20:30:00').toBe(true);
    }
    // the six demo vehicles' devices sent history; the six devices in stock have no vehicle and send none
    expect(first.devices).toBe(6);
    const stored = await historyPositions();
    expect(stored).toBe(first.frames);

    // start-up again on the same data: every day of the history is there, so none is sent again
    const again = await runDemoSimulator();
    expect(again.frames).toBe(0);
    expect(await historyPositions()).toBe(stored);
    expect(await yesterday()).toEqual(rows);
  });
});
