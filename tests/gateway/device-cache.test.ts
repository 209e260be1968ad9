import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../server/resources/sql.ts';
import { bearer, signIn, startTestServer, ADMIN_EMAIL, ADMIN_PASSWORD, type TestServer } from '../api/harness.ts';
import { normalFrame, type DeviceState } from '../../server/simulator/frames.ts';
import { Gateway } from '../../server/gateway/server.ts';
import { FrameStore } from '../../server/gateway/store.ts';
import { connectDevice, eventually } from './device-client.ts';

let server: TestServer;
let admin: string;
let organisationId: string;

const device = (imei: string): DeviceState => ({
  imei,
  registration: 'UP78AT4321',
  latitude: 26.45,
  longitude: 80.33,
  speed: 20,
  heading: 0,
  ignition: true,
  frameNumber: 1,
});

const api = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const response = await server.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(admin),
    ...(payload ? { payload } : {}),
  });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.body}`);
  return response.json();
};

/** What is kept of a device's history: its positions, its frames naming it, all frames of its IMEI. */
const historyOf = async (deviceId: string, imei: string) => {
  const [counts] = await query<{ positions: number; framesNamingIt: number; frames: number }>(
    server.database.db,
    sql`select (select count(*)::integer from positions where device_id = ${deviceId}) as positions,
      (select count(*)::integer from raw_logs where device_id = ${deviceId}) as "framesNamingIt",
      (select count(*)::integer from raw_logs where imei = ${imei}) as frames`,
  );
  return counts;
};

/** How the newest raw-log row of an IMEI was read, once `frames` of them are stored. */
const newestFrame = (imei: string, frames: number) =>
  eventually(
    async () => {
      const [newest] = await query<{ frames: number; parseResult: string; message: string | null }>(
        server.database.db,
        sql`select count(*) over ()::integer as frames,
      parse_result as "parseResult", message
    from raw_logs where imei = ${imei} order by received_at desc limit 1`,
      );
      return newest && Number(newest.frames) === frames
        ? { parseResult: newest.parseResult, message: newest.message }
        : null;
    },
    5000,
    `${frames} frames of ${imei}`,
  );

beforeAll(async () => {
  server = await startTestServer({ gateway: true });
  admin = (await signIn(server.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token.access.token;
  const organisations = (await api('GET', '/organisation?range=[0,50]')) as { id: string; parentId: string | null }[];
  organisationId = organisations.find((o) => !o.parentId)!.id;
});

afterAll(async () => {
  await server?.close();
});

describe("the gateway's device cache", () => {
  it('treats a frame of a device deleted a moment ago as one from an unknown IMEI', async () => {
    const imei = '868347075550001';
    const created = (await api('POST', '/device', { imei, status: 'INSTALLED', organisationId })) as { id: string };
    const tracker = await connectDevice(server.gatewayPort);
    await tracker.send(normalFrame(device(imei), new Date(Date.now() - 60_000)));
    expect(await newestFrame(imei, 1)).toMatchObject({ parseResult: 'OK' });
    expect(await historyOf(created.id, imei)).toEqual({ positions: 1, framesNamingIt: 1, frames: 1 });

    await api('DELETE', `/device/${created.id}`);
    await tracker.send(normalFrame(device(imei), new Date()));
    expect(await newestFrame(imei, 2)).toMatchObject({ parseResult: 'UNKNOWN_DEVICE', message: 'IMEI not registered' });
    tracker.close();
    // what the foreign keys did, done by triggers on devices (migration 0045): its positions go,
    // its frames stay without it
    expect(await historyOf(created.id, imei)).toEqual({ positions: 0, framesNamingIt: 0, frames: 2 });
  });

  it('forgets the old IMEI of a renumbered device and knows the new one at once', async () => {
    const [before, after] = ['868347075550002', '868347075550003'];
    const created = (await api('POST', '/device', { imei: before, status: 'INSTALLED', organisationId })) as {
      id: string;
    };
    const tracker = await connectDevice(server.gatewayPort);
    await tracker.send(normalFrame(device(before), new Date(Date.now() - 60_000)));
    // the new number is heard (and cached as unknown) before the device takes it
    await tracker.send(normalFrame(device(after), new Date(Date.now() - 60_000)));
    expect(await newestFrame(before, 1)).toMatchObject({ parseResult: 'OK' });
    expect(await newestFrame(after, 1)).toMatchObject({ parseResult: 'UNKNOWN_DEVICE' });

    await api('PUT', `/device/${created.id}`, { imei: after });
    await tracker.send(normalFrame(device(before), new Date()));
    await tracker.send(normalFrame(device(after), new Date()));
    expect(await newestFrame(before, 2)).toMatchObject({ parseResult: 'UNKNOWN_DEVICE' });
    expect(await newestFrame(after, 2)).toMatchObject({ parseResult: 'OK' });
    tracker.close();
  });

  it('looks a device up again when the database says it is gone, even if the change was not heard', async () => {
    // a store that hears no changes, as after a dropped listener
    const gateway = new Gateway(
      new FrameStore(server.database.db, server.app.live),
      server.database.db,
      { port: 0, host: '127.0.0.1' },
      server.app.log,
    );
    const port = await gateway.listen();
    try {
      const [imei, invalidOnly] = ['868347075550004', '868347075550006'];
      const created = (await api('POST', '/device', { imei, status: 'INSTALLED', organisationId })) as { id: string };
      const other = (await api('POST', '/device', { imei: invalidOnly, status: 'INSTALLED', organisationId })) as {
        id: string;
      };
      const tracker = await connectDevice(port);
      await tracker.send(normalFrame(device(imei), new Date(Date.now() - 60_000)));
      await tracker.send(normalFrame(device(invalidOnly), new Date(Date.now() - 60_000)));
      expect(await newestFrame(imei, 1)).toMatchObject({ parseResult: 'OK' });
      expect(await newestFrame(invalidOnly, 1)).toMatchObject({ parseResult: 'OK' });
      await api('DELETE', `/device/${created.id}`);
      await api('DELETE', `/device/${other.id}`);
      await tracker.send(normalFrame(device(imei), new Date()));
      expect(await newestFrame(imei, 2)).toMatchObject({ parseResult: 'UNKNOWN_DEVICE' });
      // an invalid frame writes no device_states row to be refused by: the batch's own check is
      await tracker.send(`$NRM,V,1,NR,1,L,${invalidOnly},UP1,1,99999999,000000,26.5,N,80.3,E,0,0*`);
      expect(await newestFrame(invalidOnly, 2)).toMatchObject({ parseResult: 'INVALID' });
      expect(await historyOf(other.id, invalidOnly)).toEqual({ positions: 0, framesNamingIt: 0, frames: 2 });
      tracker.close();
    } finally {
      await gateway.close();
    }
  });
});

describe("deleting what a device's frames name", () => {
  it('refuses to delete an organisation whose frames are kept, as the key did, and changes nothing', async () => {
    const held = (await api('POST', '/organisation', {
      parentId: organisationId,
      tradeName: 'Gomti Carriers',
      brandName: 'Gomti Carriers',
      email: 'ops@gomticarriers.in',
    })) as { id: string };
    const imei = '868347075550005';
    const created = (await api('POST', '/device', { imei, status: 'INSTALLED', organisationId: held.id })) as {
      id: string;
    };
    const tracker = await connectDevice(server.gatewayPort);
    await tracker.send(normalFrame(device(imei), new Date(Date.now() - 60_000)));
    expect(await newestFrame(imei, 1)).toMatchObject({ parseResult: 'OK' });
    tracker.close();
    expect(await historyOf(created.id, imei)).toEqual({ positions: 1, framesNamingIt: 1, frames: 1 });
    await api('DELETE', `/device/${created.id}`);

    const refused = await server.app.inject({
      method: 'DELETE',
      url: `/api/organisation/${held.id}`,
      headers: bearer(admin),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'This item is in use and cannot be deleted' });
    expect(await api('GET', `/organisation/${held.id}`)).toMatchObject({ tradeName: 'Gomti Carriers' });
  });
});
