import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../api/harness.ts';
import { normalFrame } from '../../server/simulator/frames.ts';
import { parseFrame } from '../../server/gateway/ais140.ts';
import { FrameStore } from '../../server/gateway/store.ts';
import { Summariser } from '../../server/reports/summariser.ts';
import { query } from '../../server/resources/sql.ts';

/**
 * Issue 28, the embedded database under a flood: a background round of the summariser holds the
 * database's one connection from claim to commit, so it waits for the API to be quiet first
 * (`beforeRound`), as the gateway's batches do; catching up on demand does not wait.
 */
const DEVICES = ['868347070029001', '868347070029002', '868347070029003', '868347070029004'];

let server: TestServer;
let store: FrameStore;
const summarised = async () =>
  (
    await query<{ n: number }>(
      server.database.db,
      sql`select count(*)::integer as n from trip_states t join devices d on d.id = t.device_id where d.imei = any(${`{${DEVICES.join(',')}}`}::text[])`,
    )
  )[0]!.n;

/** One position of each device, fixed at `time`, through the store. */
const positionOfEach = (
  fix: { frameNumber: number; latitude: number; speed: number; ignition: boolean },
  time: number,
) =>
  Promise.all(
    DEVICES.map((imei, i) => {
      const text = normalFrame(
        { imei, registration: `UP78RS000${i}`, heading: 0, longitude: 80.3, ...fix },
        new Date(time),
      );
      return store.store({ text, receivedAt: new Date(), outcome: parseFrame(text) });
    }),
  );

beforeAll(async () => {
  server = await startTestServer({ config: { summarise: false } });
  const db = server.database.db;
  const [organisation] = await query<{ id: string }>(db, sql`select id from organisations order by created_at limit 1`);
  for (const imei of DEVICES)
    await db.execute(
      sql`insert into devices (imei, status, organisation_id) values (${imei}, 'INSTALLED', ${organisation!.id}::uuid)`,
    );
  store = new FrameStore(db, server.app.live, { lingerMs: 1 });
  await positionOfEach({ frameNumber: 1, latitude: 26.4, speed: 0, ignition: false }, Date.now() - 60_000);
}, 120_000);

afterAll(async () => {
  await store?.close();
  await server?.close();
});

describe("the summariser's background rounds", () => {
  it('wait for what comes before each round (the API quiet) and go once it has come', async () => {
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let asked = 0;
    const summariser = new Summariser(server.database.db, {
      intervalMs: 10,
      roundMs: 100,
      beforeRound: () => {
        asked += 1;
        return gate;
      },
    });
    summariser.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(asked).toBe(1);
      expect(await summarised()).toBe(0);
      open();
      for (let i = 0; i < 100 && (await summarised()) < DEVICES.length; i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(await summarised()).toBe(DEVICES.length);
    } finally {
      open();
      await summariser.stop();
    }
  });

  it('does not wait when caught up on demand', async () => {
    const summariser = new Summariser(server.database.db, {
      roundMs: 100,
      beforeRound: () => new Promise<void>(() => undefined),
    });
    await expect(summariser.drain()).resolves.toEqual({ devices: 0, positions: 0 });
  });

  it('leave a device brought up to date within the settle time alone, and read the positions of those they claim', async () => {
    const db = server.database.db;
    await new Summariser(db).drain();
    expect(await summarised()).toBe(DEVICES.length);
    // a new position for each device marks it again
    await positionOfEach({ frameNumber: 2, latitude: 26.41, speed: 30, ignition: true }, Date.now() - 30_000);
    const [long, recent, nulled, missing] = DEVICES;
    const setSummarisedAt = (imei: string, at: SQL) =>
      db.execute(
        sql`update trip_states t set summarised_at = ${at} from devices d where d.id = t.device_id and d.imei = ${imei}`,
      );
    await setSummarisedAt(long!, sql`now() - interval '1 hour'`);
    // an hour ahead: still within the settle time however slowly the rounds below run
    await setSummarisedAt(recent!, sql`now() + interval '1 hour'`);
    await setSummarisedAt(nulled!, sql`null`);
    await db.execute(sql`delete from trip_states t using devices d where d.id = t.device_id and d.imei = ${missing}`);
    const marked = async () =>
      (
        await query<{ imei: string }>(
          db,
          sql`select d.imei from device_states s join devices d on d.id = s.device_id
            where s.summary_from is not null and d.imei = any(${`{${DEVICES.join(',')}}`}::text[]) order by d.imei`,
        )
      ).map((r) => r.imei);
    expect(await marked()).toEqual(DEVICES);

    const summariser = new Summariser(db);
    // the new position of the long-ago and the never-stamped device, read back from the database (no
    // recent fixes held), and both of the device without a trip state, walked from its first
    expect(await summariser.round(10_000)).toEqual({ devices: 3, positions: 4 });
    expect(await marked()).toEqual([recent]);
    expect(await summariser.round(10_000)).toEqual({ devices: 0, positions: 0 });
    expect(await summariser.round(0)).toEqual({ devices: 1, positions: 1 });
    expect(await marked()).toEqual([]);
  });
});
