import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { WROTE_COOKIE } from '../../server/db/replica.ts';
import { query } from '../../server/resources/sql.ts';
import { DEVICE_STATUSES } from '../../resources/entities/device.ts';
import { eventually as eventuallyTruthy } from '../gateway/device-client.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, signIn, startTestServer, type TestServer } from './harness.ts';
import { startStandby, type Standby } from '../support/standby.ts';

/**
 * Reads from a streaming replica (DATABASE_READ_URL, server/db/replica.ts), against a real standby
 * of TEST_DATABASE_URL's server. With the standby's replay paused, whatever the primary has and the
 * replica lacks tells which one answered: a list page, a report and a dashboard come from the
 * replica, and a user who has just written reads his change from the primary.
 */
const primaryUrl = process.env.TEST_DATABASE_URL;
let standby: Standby | undefined;
let skipped: string | undefined = primaryUrl ? undefined : 'it needs PostgreSQL (TEST_DATABASE_URL)';

beforeAll(async () => {
  if (primaryUrl) {
    const started = await startStandby(primaryUrl);
    if ('skip' in started) skipped = started.skip;
    else standby = started.standby;
  }
  if (skipped) console.warn(`replica.test.ts: skipped: ${skipped}`);
}, 180_000);
afterAll(async () => {
  await standby?.stop();
});

/** Retries the assertions until they hold. */
const eventually = (check: () => unknown, ms: number) =>
  eventuallyTruthy(async () => {
    await check();
    return true;
  }, ms);

/** Rows of a statement on the primary, through the server's own connection. */
async function rows<T>(statement: SQL, server: TestServer): Promise<T[]> {
  return query<T>(server.database.db, statement);
}

/** A statement on the standby (its replay is paused and resumed so). */
async function onStandby(text: string) {
  const client = new pg.Client({ connectionString: standby!.urlOf(primaryUrl!) });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

describe('reads from a replica', () => {
  let server: TestServer;
  let token: string;
  const get = (url: string, wrote?: string) =>
    server.app.inject({
      method: 'GET',
      url: `/api${url}`,
      headers: { ...bearer(token), ...(wrote ? { cookie: `${WROTE_COOKIE}=${encodeURIComponent(wrote)}` } : {}) },
    });

  beforeAll(async () => {
    if (skipped) return;
    server = await startTestServer({ readUrlOf: standby!.urlOf, config: { replicaMaxLagMs: 120_000 } });
    await eventually(() => expect(server.app.reads.replicaInUse).toBe(true), 20_000);
    token = (await signIn(server.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token.access.token;
  });
  afterAll(async () => {
    await onStandby('select pg_wal_replay_resume()').catch(() => undefined);
    await server?.close();
  });

  it('lists and reports from the replica, and shows a user his own write at once from the primary', async (context) => {
    if (skipped) return context.skip();
    const { db } = server.database;
    const [vehicle] = await rows<{ id: string; name: string }>(
      sql`select id, name from vehicles where device_id is not null order by id limit 1`,
      server,
    );
    expect(vehicle, 'a demo vehicle with a device').toBeTruthy();
    // its device last heard two hours ago, on both; then the standby stops replaying
    await db.execute(
      sql`insert into device_states (device_id, last_seen_at)
        select device_id, now() - interval '2 hours' from vehicles where id = ${vehicle!.id}::uuid
        on conflict (device_id) do update set last_seen_at = excluded.last_seen_at`,
    );
    await eventually(() => expect(server.app.reads.caughtUpWith(server.app.listCache.ticket())).toBe(true), 20_000);
    const devicesBefore = (await get('/dashboard/summary')).json().data.devices;
    await onStandby('select pg_wal_replay_pause()');
    // the primary moves a device to another status: the replica's dashboard still counts the old one
    const [device] = await rows<{ id: string; status: string }>(
      sql`select id, status from devices order by id limit 1`,
      server,
    );
    const status = DEVICE_STATUSES.find((one) => one !== device!.status)!;
    await db.execute(sql`update devices set status = ${status} where id = ${device!.id}::uuid`);

    // the primary hears from the device again: the replica still has it offline
    await db.execute(
      sql`update device_states set last_seen_at = now() where device_id = (select device_id from vehicles where id = ${vehicle!.id}::uuid)`,
    );
    const report = `/report/device-offline?filter=${encodeURIComponent(JSON.stringify({ vehicleId: vehicle!.id, minutes: 60 }))}`;
    const fromReplica = await get(report);
    expect(fromReplica.statusCode, fromReplica.body).toBe(200);
    expect((fromReplica.json() as { vehicleName: string }[]).map((row) => row.vehicleName)).toEqual([vehicle!.name]);

    // the user renames the vehicle: his answer carries the primary's position after the write
    const renamed = `Replica probe ${Date.now()}`;
    const write = await server.app.inject({
      method: 'PUT',
      url: `/api/vehicle/${vehicle!.id}`,
      headers: bearer(token),
      payload: { name: renamed },
    });
    expect(write.statusCode, write.body).toBe(200);
    const wrote = write.cookies.find((cookie) => cookie.name === WROTE_COOKIE);
    expect(wrote?.value).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
    expect(wrote).toMatchObject({ path: '/api', httpOnly: true, sameSite: 'Strict' });

    const list = `/vehicle?filter=${encodeURIComponent(JSON.stringify({ id: [vehicle!.id] }))}`;
    const names = async (wroteAt?: string) => {
      const response = await get(list, wroteAt);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { name: string }[]).map((row) => row.name);
    };
    // a reader without the mark reads the paused replica: the old name
    expect(await names()).toEqual([vehicle!.name]);
    const readers = await onStandby(
      `select count(*)::int as n from pg_stat_activity where application_name = 'waymark-read'`,
    );
    expect(readers[0].n).toBeGreaterThan(0);
    // the writer, with his mark, reads the primary: his new name at once
    expect(await names(wrote!.value)).toEqual([renamed]);
    // and the report too
    const own = await get(report, wrote!.value);
    expect(own.json()).toEqual([]);
    // the dashboard reads the replica as well: its counts are the paused replica's, the writer's the primary's
    expect((await get('/dashboard/summary')).json().data.devices).toEqual(devicesBefore);
    const ownSummary = (await get('/dashboard/summary', wrote!.value)).json().data.devices;
    expect(ownSummary[status]).toBe(devicesBefore[status] + 1);

    // replay resumes: every reader sees the change
    await onStandby('select pg_wal_replay_resume()');
    await eventually(async () => {
      expect(await names()).toEqual([renamed]);
      expect((await get(report)).json()).toEqual([]);
      expect((await get('/dashboard/summary')).json().data.devices).toEqual(ownSummary);
    }, 20_000);
  });
});

describe('a replica that lags or is down', () => {
  it('reads from the primary while the replica is behind by more than the allowed lag', async (context) => {
    if (skipped) return context.skip();
    const server = await startTestServer({ readUrlOf: standby!.urlOf, config: { replicaMaxLagMs: 300 } });
    try {
      await eventually(() => expect(server.app.reads.replicaInUse).toBe(true), 20_000);
      await onStandby('select pg_wal_replay_pause()');
      const token = (await signIn(server.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token.access.token;
      const [vehicle] = await rows<{ id: string }>(sql`select id from vehicles order by id limit 1`, server);
      const renamed = `Lagging ${Date.now()}`;
      await server.database.db.execute(sql`update vehicles set name = ${renamed} where id = ${vehicle!.id}::uuid`);
      await eventually(() => expect(server.app.reads.replicaInUse).toBe(false), 10_000);
      const response = await server.app.inject({
        method: 'GET',
        url: `/api/vehicle?filter=${encodeURIComponent(JSON.stringify({ id: [vehicle!.id] }))}`,
        headers: bearer(token),
      });
      expect((response.json() as { name: string }[]).map((row) => row.name)).toEqual([renamed]);
    } finally {
      await onStandby('select pg_wal_replay_resume()').catch(() => undefined);
      await server.close();
    }
  });

  it('reads from the primary when the replica does not answer', async (context) => {
    if (!primaryUrl) return context.skip();
    const down = (url: string) => {
      const copy = new URL(url);
      copy.hostname = '127.0.0.1';
      copy.port = '1'; // nothing listens there
      return copy.toString();
    };
    const server = await startTestServer({ readUrlOf: down });
    try {
      expect(server.app.reads.configured).toBe(true);
      expect(server.app.reads.replicaInUse).toBe(false);
      const token = (await signIn(server.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token.access.token;
      const response = await server.app.inject({ method: 'GET', url: '/api/vehicle', headers: bearer(token) });
      expect(response.statusCode, response.body).toBe(200);
      expect((response.json() as unknown[]).length).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });
});
