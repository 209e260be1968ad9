import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEMO_PASSWORD, demoEmail, startTestServer, type TestServer } from './harness.ts';
import { query } from '../../server/resources/sql.ts';
import { fittedSince, FITTED_EARLY } from '../support/tracked-from.ts';
import { projectRoot } from '../../server/paths.ts';

/** docs/api.md's example, run as an integrator would: node, plain fetch, against a listening server. */
const SCRIPT = path.join(projectRoot, 'docs/examples/yesterdays-trips.mjs');
const run = promisify(execFile);

let server: TestServer;
let url: string;
beforeAll(async () => {
  server = await startTestServer();
  url = await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await server?.close();
});

/** The Asia/Kolkata calendar day before today, and an instant at a given IST time on it. */
function yesterdayIst(time: string) {
  const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
  const day = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return { day, at: new Date(`${day}T${time}:00+05:30`) };
}

describe('docs/examples/yesterdays-trips.mjs', () => {
  it("signs in, makes a read-only token and prints yesterday's trips of the user's vehicles", async () => {
    const { db } = server.database;
    const [vehicle] = await query<{ id: string; deviceId: string; registrationNumber: string }>(
      db,
      sql`select v.id, v.device_id as "deviceId", v.registration_number as "registrationNumber"
        from vehicles v join users u on u.organisation_id = v.organisation_id
        where u.email = ${demoEmail('customer')} and v.device_id is not null order by v.registration_number limit 1`,
    );
    expect(vehicle).toBeDefined();
    await fittedSince(db, vehicle!.id, FITTED_EARLY);
    const start = yesterdayIst('09:15');
    const end = yesterdayIst('10:05');
    await db.execute(sql`insert into trips (device_id, day, start_time, end_time, distance_meters, duration_seconds, max_speed, average_speed)
      values (${vehicle!.deviceId}::uuid, ${start.day}::date, ${start.at.toISOString()}::timestamptz,
        ${end.at.toISOString()}::timestamptz, 42000, 3000, 71, 50)`);
    // and one of two days ago, which yesterday's report leaves out
    const older = new Date(start.at.getTime() - 86_400_000).toISOString();
    await db.execute(sql`insert into trips (device_id, day, start_time, end_time, distance_meters, duration_seconds)
      values (${vehicle!.deviceId}::uuid, (${start.day}::date - 1), ${older}::timestamptz,
        (${older}::timestamptz + interval '10 minutes'), 5000, 600)`);

    const { stdout } = await run(process.execPath, [SCRIPT], {
      env: {
        PATH: process.env.PATH,
        WAYMARK_URL: url,
        WAYMARK_USERNAME: demoEmail('customer'),
        WAYMARK_PASSWORD: DEMO_PASSWORD,
      },
      timeout: 30_000,
    });
    const trips = stdout
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { registrationNumber: string; startTime: string; distance: number });
    expect(trips).toEqual([
      expect.objectContaining({ registrationNumber: vehicle!.registrationNumber, distance: 42000, status: 'CLOSED' }),
    ]);
    expect(Date.parse(trips[0]!.startTime)).toBe(start.at.getTime());
    // the script's token: read-only, the trips report alone, made by the customer
    const [token] = await query<{ permissions: string[]; readOnly: boolean; lastUsedAt: Date | null }>(
      db,
      sql`select permissions, read_only as "readOnly", last_used_at as "lastUsedAt" from api_tokens t
        join users u on u.id = t.user_id where u.email = ${demoEmail('customer')}`,
    );
    expect(token).toMatchObject({ permissions: ['report-ignition-trip'], readOnly: true });
    expect(token!.lastUsedAt).not.toBeNull();
  });
});
