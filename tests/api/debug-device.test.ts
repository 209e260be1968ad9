import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { call, demoWorld, type Api } from './resource-fixtures.ts';
import { loginFrame, normalFrame, type DeviceState } from '../../server/simulator/frames.ts';
import { ACKS } from '../../server/gateway/server.ts';
import { connectDevice, eventually, openLiveSocket } from '../gateway/device-client.ts';
import type { DebugFrame, EphemeralDevice } from '../../resources/debug.ts';

let server: TestServer;
let as: Record<string, Api>;
const TEMPORARY_IMEI = '861234567890123';
const tracker: DeviceState = {
  imei: TEMPORARY_IMEI,
  registration: 'WB02AB1234',
  latitude: 22.5726,
  longitude: 88.3639,
  speed: 12,
  heading: 45,
  ignition: true,
  frameNumber: 7,
};

beforeAll(async () => {
  server = await startTestServer({ gateway: true });
  ({ as } = await demoWorld(server.app, ['superadmin', 'manufacturer', 'admin', 'dealer', 'customer']));
});
afterAll(async () => {
  await server?.close();
});

const frames = async (who: Api, id: string) =>
  (await call(who, 'GET', `/device/ephemeral/${id}/frames`)).json().data.frames as DebugFrame[];

describe('temporary (debug) devices', () => {
  let device: EphemeralDevice;

  it('adds a temporary device by IMEI for 24 hours, refusing registered and bad IMEIs with a message', async () => {
    const added = await call(as.manufacturer!, 'POST', '/device/ephemeral', { imei: TEMPORARY_IMEI });
    expect(added.statusCode).toBe(201);
    device = added.json().data;
    expect(device).toMatchObject({ imei: TEMPORARY_IMEI, createdBy: 'Meera Iyer', lastFrameAt: null });
    const hours = (Date.parse(device.expiresAt!) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const twice = await call(as.superadmin!, 'POST', '/device/ephemeral', { imei: TEMPORARY_IMEI });
    expect([twice.statusCode, twice.json().message]).toEqual([
      409,
      'This IMEI is already being watched as a temporary device',
    ]);
    const registered = await call(as.manufacturer!, 'POST', '/device/ephemeral', { imei: '868347070000000' });
    expect([registered.statusCode, registered.json().message]).toEqual([
      409,
      'This IMEI belongs to a registered device: read its frames in the Raw Logs report',
    ]);
    const bad = await call(as.manufacturer!, 'POST', '/device/ephemeral', { imei: '12345' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, "Type the device's 15-digit IMEI"]);
  });

  it('is open to add-ephemeral-device alone, and to the adding organisation tree', async () => {
    // ADMIN has every module but debug; DEALER and CUSTOMER have neither
    for (const who of ['admin', 'dealer', 'customer']) {
      expect((await call(as[who]!, 'POST', '/device/ephemeral', { imei: '861234567890999' })).statusCode).toBe(403);
      expect((await call(as[who]!, 'GET', '/device/ephemeral')).statusCode).toBe(403);
    }
    expect((await server.app.inject({ method: 'GET', url: '/api/device/ephemeral' })).statusCode).toBe(401);
    // the root's SUPER_ADMIN sees the manufacturer's; the manufacturer sees its own
    expect(
      (await call(as.superadmin!, 'GET', '/device/ephemeral')).json().data.map((d: EphemeralDevice) => d.imei),
    ).toEqual([TEMPORARY_IMEI]);
    expect(
      (await call(as.manufacturer!, 'GET', '/device/ephemeral')).json().data.map((d: EphemeralDevice) => d.imei),
    ).toEqual([TEMPORARY_IMEI]);
  });

  it("shows the device's frames through the real gateway, newest first: raw frame, decoded fields, checksum and error", async () => {
    const socket = await connectDevice(server.gatewayPort);
    await socket.send(`${loginFrame(tracker)}\r\n`);
    await eventually(() => socket.received.includes(ACKS.login), 5000, 'the login acknowledgement');
    const good = normalFrame(tracker, new Date()).trim();
    // the same frame with its checksum spoilt, then one that cannot be decoded
    // a checksum that is not the frame's own (00 is right for about one frame in 256)
    const checksum = good.slice(good.lastIndexOf('*') + 1);
    const spoilt = `${good.slice(0, good.lastIndexOf('*'))}*${checksum === '00' ? '01' : '00'}`;
    const broken = `$NRM,WAYMARKSIM,1.0.4,NR,1,L,${TEMPORARY_IMEI},WB02AB1234,1,99999999,999999,xx,N,yy,E*`;
    let listed: DebugFrame[] = [];
    // one at a time, each stored before the next is sent, so each has its own received time
    for (const [i, frame] of [good, spoilt, broken].entries()) {
      await socket.send(`${frame}\r\n`);
      listed = await eventually(
        async () => {
          const rows = await frames(as.manufacturer!, device.id);
          return rows.length >= i + 2 ? rows : null;
        },
        8000,
        `frame ${i + 2} on the debug page`,
      );
    }
    socket.close();
    expect(listed.map((f) => f.kind)).toEqual([null, 'position', 'position', 'login']);
    const [undecodable, badChecksum, position, login] = listed;
    expect(undecodable).toMatchObject({ frame: broken, fields: null });
    expect(undecodable!.error).toBeTruthy();
    expect(badChecksum).toMatchObject({ checksum: 'invalid', error: 'checksum mismatch', frame: spoilt });
    expect(position).toMatchObject({ checksum: 'valid', error: null, frame: good });
    expect(position!.fields).toMatchObject({
      imei: TEMPORARY_IMEI,
      packetType: 'NR',
      position: { latitude: 22.5726, longitude: 88.3639, speed: 12 },
    });
    expect(login).toMatchObject({ kind: 'login', checksum: 'valid', fields: { registration: 'WB02AB1234' } });
    expect(Date.parse(listed[0]!.receivedAt)).toBeGreaterThanOrEqual(Date.parse(listed[3]!.receivedAt));
    expect((await call(as.manufacturer!, 'GET', '/device/ephemeral')).json().data[0].lastFrameAt).toBeTruthy();
  });

  it("sends the device's frames over the tab's live socket as they arrive, to those who may see them, with no fleet unless asked", async () => {
    const url = (await server.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    const watcher = await openLiveSocket(`${url}/api/socket`, as.manufacturer!.token, { fleet: false });
    watcher.send({ type: 'watch-frames', deviceId: device.id });
    const first = await eventually(() => watcher.messages.find((m) => m.type === 'frames'), 5000, 'the frames at once');
    expect(first).toMatchObject({ deviceId: device.id, device: { imei: TEMPORARY_IMEI } });
    const before = (first as unknown as { frames: DebugFrame[] }).frames.length;

    const gateway = await connectDevice(server.gatewayPort);
    await gateway.send(`${normalFrame({ ...tracker, speed: 77 }, new Date())}\r\n`);
    const pushed = await eventually(
      () =>
        watcher.messages
          .filter((m) => m.type === 'frames')
          .map((m) => m as unknown as { frames: DebugFrame[] })
          .find((m) => m.frames.length === before + 1),
      5000,
      'the new frame pushed',
    );
    expect(pushed.frames[0]!.fields).toMatchObject({ position: { speed: 77 } });
    gateway.close();
    // the debug page alone gets no vehicles
    expect(watcher.messages.some((m) => m.type === 'snapshot')).toBe(false);

    // ADMIN has live tracking but not debug: the socket opens, the device stays hidden
    const admin = await openLiveSocket(`${url}/api/socket`, as.admin!.token);
    await eventually(() => admin.messages.find((m) => m.type === 'snapshot'), 5000, 'the fleet');
    admin.send({ type: 'watch-frames', deviceId: device.id });
    expect(await eventually(() => admin.messages.find((m) => m.type === 'frames'), 5000, 'the refusal')).toEqual({
      type: 'frames',
      deviceId: device.id,
      gone: { message: 'You do not have permission to do this', messageKey: 'api.common.forbidden' },
    });
    admin.send({ type: 'watch-frames', deviceId: 'not-an-id' });
    expect(await eventually(() => admin.closeCode, 3000, 'a bad watch closes')).toBe(4400);
    watcher.close();
  });

  it("never appears in tenants' device lists, searches or counts", async () => {
    for (const who of ['superadmin', 'manufacturer']) {
      const list = await call(
        as[who]!,
        'GET',
        `/device?filter=${encodeURIComponent(JSON.stringify({ q: TEMPORARY_IMEI }))}`,
      );
      expect(list.json()).toEqual([]);
      expect(list.headers['content-range']).toMatch(/\/0$/);
      const all = await call(as[who]!, 'GET', '/device?range=[0,999]');
      expect(all.body).not.toContain(TEMPORARY_IMEI);
      const search = await call(as[who]!, 'GET', `/search?q=${TEMPORARY_IMEI}`);
      expect(search.statusCode).toBe(200);
      expect(search.body).not.toContain(TEMPORARY_IMEI);
    }
    const statuses = await call(as.superadmin!, 'GET', '/vehicle/statuses');
    expect(statuses.body).not.toContain(TEMPORARY_IMEI);
  });

  it('keeps a device past its 24 hours, removes it, and sweeps expired ones', async () => {
    const kept = await call(as.manufacturer!, 'PUT', `/device/ephemeral/${device.id}/keep`);
    expect(kept.json()).toMatchObject({ message: 'Temporary device kept until removed', data: { expiresAt: null } });
    expect((await call(as.manufacturer!, 'GET', '/device/ephemeral')).json().data[0].expiresAt).toBeNull();
    expect((await call(as.manufacturer!, 'DELETE', `/device/ephemeral/${device.id}`)).json().message).toBe(
      'Temporary device removed',
    );
    expect((await call(as.manufacturer!, 'GET', `/device/ephemeral/${device.id}/frames`)).json().message).toBe(
      'This temporary device has expired or was removed',
    );
    // an expired one is left out at once, and its IMEI can be watched again
    const again = (await call(as.manufacturer!, 'POST', '/device/ephemeral', { imei: TEMPORARY_IMEI })).json()
      .data as EphemeralDevice;
    await server.database.db.execute(
      sql`update ephemeral_devices set expires_at = now() - interval '1 minute' where id = ${again.id}::uuid`,
    );
    expect((await call(as.manufacturer!, 'GET', '/device/ephemeral')).json().data).toEqual([]);
    expect((await call(as.manufacturer!, 'PUT', `/device/ephemeral/${again.id}/keep`)).statusCode).toBe(404);
    expect((await call(as.superadmin!, 'POST', '/device/ephemeral', { imei: TEMPORARY_IMEI })).statusCode).toBe(201);
  });
});
