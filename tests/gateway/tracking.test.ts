import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  signIn,
  startTestServer,
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  demoEmail,
  type TestServer,
} from '../api/harness.ts';
import {
  loginFrame,
  normalFrame,
  emergencyFrame,
  healthFrame,
  type DeviceState,
} from '../../server/simulator/frames.ts';
import { ACKS } from '../../server/gateway/server.ts';
import { connectDevice, eventually, openLiveSocket } from './device-client.ts';
import { VEHICLE_STATES } from '../../resources/tracking.ts';
import { query } from '../../server/resources/sql.ts';

let server: TestServer;
let admin: string;
let customer: string;
let outsider: string;
let url: string;
const SUNRISE_IMEI = '868347070000000';
const OTHER_IMEI = '868347079999990';
const devices: Record<string, string> = {};
const vehicles: Record<string, string> = {};

const device = (imei: string, patch: Partial<DeviceState> = {}): DeviceState => ({
  imei,
  registration: 'UP78AT4321',
  latitude: 26.4499,
  longitude: 80.3319,
  speed: 32,
  heading: 90,
  ignition: true,
  frameNumber: 1,
  ...patch,
});

/** An administrator's write through the API; throws with the server's answer when refused. */
const patch = async (path: string, method: 'PUT' | 'POST', payload: object) => {
  const response = await server.app.inject({ method, url: `/api${path}`, headers: bearer(admin), payload });
  if (response.statusCode >= 300) throw new Error(`${path}: ${response.body}`);
  return response.json() as { id: string; toleranceMeters?: number | null };
};

const get = async (token: string, path: string) => {
  const response = await server.app.inject({ method: 'GET', url: `/api${path}`, headers: bearer(token) });
  return { status: response.statusCode, body: response.json(), range: response.headers['content-range'] };
};

beforeAll(async () => {
  // each socket rechecks its vehicles every 300 ms instead of 30 s, so a vehicle falling silent shows at once
  server = await startTestServer({ gateway: true, config: { liveRecheckMs: 300 } });
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  url = address.replace('http', 'ws');
  admin = (await signIn(server.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token.access.token;
  customer = (await signIn(server.app, demoEmail('customer'))).token.access.token;
  const post = (path: string, payload: object) => patch(path, 'POST', payload);
  // a second fleet in another organisation tree: neither may see the other
  const organisations = (await get(admin, '/organisation?range=[0,50]')).body as {
    id: string;
    parentId: string | null;
  }[];
  const root = organisations.find((o) => !o.parentId)!;
  const other = await post('/organisation', {
    parentId: root.id,
    tradeName: 'Ganga Movers',
    brandName: 'Ganga Movers',
    email: 'ops@gangamovers.in',
  });
  const roles = (await get(admin, '/roles?range=[0,20]')).body as { id: string; name: string }[];
  await post('/users', {
    firstName: 'Gita',
    lastName: 'Rao',
    email: 'gita@gangamovers.in',
    phone: '9811111111',
    password: 'Ganga-pass-2026',
    roleId: roles.find((r) => r.name === 'CUSTOMER')!.id,
    organisationId: other.id,
  });
  outsider = (await signIn(server.app, 'gita@gangamovers.in', 'Ganga-pass-2026')).token.access.token;
  const otherDevice = await post('/device', { imei: OTHER_IMEI, status: 'INSTALLED', organisationId: other.id });
  const otherVehicle = await post('/vehicle', {
    name: 'Ganga 1',
    registrationNumber: 'UP32GM1001',
    category: 'TRUCK',
    deviceId: otherDevice.id,
    organisationId: other.id,
  });
  devices[OTHER_IMEI] = otherDevice.id;
  vehicles[OTHER_IMEI] = otherVehicle.id;
  const sunrise = (await get(admin, `/device?filter={"q":"${SUNRISE_IMEI}"}`)).body as { id: string }[];
  devices[SUNRISE_IMEI] = sunrise[0]!.id;
  const linked = (await get(admin, `/vehicle?filter={"deviceId":"${sunrise[0]!.id}"}`)).body as { id: string }[];
  vehicles[SUNRISE_IMEI] = linked[0]!.id;
});

afterAll(async () => {
  await server?.close();
});

describe('the AIS-140 gateway', () => {
  it("acknowledges a login once stored, and turns a normal frame into the device's position", async () => {
    const tracker = await connectDevice(server.gatewayPort);
    const state = device(SUNRISE_IMEI, { speed: 41.5, heading: 135 });
    await tracker.send(loginFrame(state));
    await eventually(() => tracker.received.includes(ACKS.login), 5000, 'login acknowledgement');
    const fixTime = new Date(Date.now() - 2000);
    fixTime.setMilliseconds(0);
    await tracker.send(normalFrame(state, fixTime));
    const record = await eventually(
      async () => {
        const { body } = await get(admin, `/device/${devices[SUNRISE_IMEI]}`);
        return body.lastPosition?.speed === 41.5 ? body : null;
      },
      5000,
      'lastPosition',
    );
    expect(record.lastPosition).toMatchObject({
      latitude: 26.4499,
      longitude: 80.3319,
      heading: 135,
      ignition: true,
      fixTime: fixTime.toISOString(),
    });
    expect(record.lastPosition.attributes).toMatchObject({
      vendorId: 'WAYMARKSIM',
      gsmSignal: 24,
      networkOperator: 'AIRTEL',
      checksum: 'valid',
    });
    expect(record.lastSeenAt).toBeTruthy();
    // the live page's telemetry reads the same position, attributes and all
    const tracked = await get(customer, `/vehicle/position/track?vehicleId=${vehicles[SUNRISE_IMEI]}`);
    expect(tracked.body.data.position).toEqual(record.lastPosition);

    const positions = await get(
      customer,
      `/positions?filter=${encodeURIComponent(JSON.stringify({ vehicleId: vehicles[SUNRISE_IMEI], from: new Date(Date.now() - 60_000).toISOString() }))}`,
    );
    expect(positions.status).toBe(200);
    expect(positions.range).toMatch(/^positions 0-0\/1$/);
    expect(positions.body[0]).toMatchObject({
      speed: 41.5,
      heading: 135,
      satellites: 14,
      packetType: 'NR',
      live: true,
      imei: SUNRISE_IMEI,
    });

    const logs = await get(customer, `/raw-logs?filter={"imei":"${SUNRISE_IMEI}"}&range=[0,9]`);
    expect(logs.body.map((l: { parseResult: string }) => l.parseResult)).toEqual(['OK', 'OK']);
    tracker.close();
  });

  it('keeps frames of an unknown IMEI for the port checker, never as positions', async () => {
    const tracker = await connectDevice(server.gatewayPort);
    await tracker.send(normalFrame(device('868347071234567'), new Date()));
    await tracker.send('$NRM,garbage*\r\n');
    // waits on the raw logs (the port checker is throttled), then asks it once: the super-admin sees the frame's reading
    await eventually(
      async () =>
        (await query(server.database.db, sql`select 1 from raw_logs where imei = '868347071234567'`)).length > 0,
      5000,
      'the frame in the raw logs',
    );
    const check = (await get(admin, '/check-port?imei=868347071234567')).body.data;
    expect(check).toMatchObject({
      received: true,
      detail: { framesLast24Hours: 1, parseResult: 'UNKNOWN_DEVICE', message: 'IMEI not registered' },
    });
    // a stranger learns only that frames arrive
    const stranger = (await server.app.inject({ method: 'GET', url: '/api/check-port?imei=868347071234567' })).json()
      .data;
    expect(stranger).toEqual({ imei: '868347071234567', received: true, withinMinutes: 10, detail: null });
    const nobody = (await server.app.inject({ method: 'GET', url: '/api/check-port?imei=868347070000999' })).json()
      .data;
    expect(nobody).toMatchObject({ received: false, detail: null });
    const invalid = await server.app.inject({ method: 'GET', url: '/api/check-port?imei=12' });
    expect(invalid.json()).toMatchObject({ message: 'The IMEI must be 15 digits' });
    const logs = await eventually(
      async () => {
        const { body } = await get(admin, '/raw-logs?filter={"parseResult":"INVALID"}');
        return body.length ? body : null;
      },
      5000,
      'invalid frame in raw logs',
    );
    expect(logs[0]).toMatchObject({ frame: '$NRM,garbage*', message: 'missing or invalid IMEI', imei: null });
    tracker.close();
  });

  it('stores history frames with their own time without moving the live marker back', async () => {
    const tracker = await connectDevice(server.gatewayPort);
    const before = (await get(admin, `/device/${devices[SUNRISE_IMEI]}`)).body.lastPosition;
    const old = new Date(Date.parse(before.fixTime) - 3600_000);
    await tracker.send(
      normalFrame(device(SUNRISE_IMEI, { speed: 12, latitude: 26.4 }), old, { type: 'NR', alertId: 2 }, false),
    );
    await eventually(
      async () =>
        (
          await get(
            customer,
            `/positions?filter={"imei":"${SUNRISE_IMEI}","to":"${new Date(Date.parse(before.fixTime) - 1000).toISOString()}"}`,
          )
        ).body.length === 1,
      5000,
      'history position',
    );
    const after = (await get(admin, `/device/${devices[SUNRISE_IMEI]}`)).body.lastPosition;
    expect(after.fixTime).toBe(before.fixTime);
    expect(after.latitude).toBe(before.latitude);
    tracker.close();
  });

  it('keeps the latest health report and the last position, each frame leaving the other as it was', async () => {
    const tracker = await connectDevice(server.gatewayPort);
    const before = (await get(admin, `/device/${devices[SUNRISE_IMEI]}`)).body;
    expect(before.lastPosition).toBeTruthy();
    for (const battery of [64, 57]) {
      await tracker.send(healthFrame(device(SUNRISE_IMEI), battery));
      const record = await eventually(
        async () => {
          const { body } = await get(admin, `/device/${devices[SUNRISE_IMEI]}`);
          return body.lastHealth?.batteryPercent === battery ? body : null;
        },
        5000,
        `health report with battery ${battery}%`,
      );
      expect(record.lastHealth).toMatchObject({ vendorId: 'WAYMARKSIM', firmwareVersion: '1.0.4', memoryPercent: 35 });
      expect(record.lastPosition).toEqual(before.lastPosition);
    }
    // and a position frame leaves the health report as it was
    const fixTime = new Date(Date.parse(before.lastPosition.fixTime) + 1000);
    await tracker.send(normalFrame(device(SUNRISE_IMEI, { speed: 23.5 }), fixTime));
    const moved = await eventually(
      async () => {
        const { body } = await get(admin, `/device/${devices[SUNRISE_IMEI]}`);
        return body.lastPosition?.fixTime === fixTime.toISOString() ? body : null;
      },
      5000,
      'the newer position',
    );
    expect(moved.lastHealth).toMatchObject({ batteryPercent: 57 });
    tracker.close();
  });

  it('writes alerts as events, scoped to the organisation', async () => {
    const tracker = await connectDevice(server.gatewayPort);
    await tracker.send(emergencyFrame(device(SUNRISE_IMEI), new Date()));
    await tracker.send(normalFrame(device(SUNRISE_IMEI, { speed: 92 }), new Date(), { type: 'OS', alertId: 17 }));
    const events = await eventually(
      async () => {
        const { body } = await get(customer, `/eventlogs?filter={"vehicleId":"${vehicles[SUNRISE_IMEI]}"}`);
        return body.length >= 2 ? body : null;
      },
      5000,
      'events',
    );
    expect(events.map((e: { type: string }) => e.type).sort()).toEqual(['OVERSPEED', 'SOS']);
    expect(events[0]).toMatchObject({ registrationNumber: 'UP78AT4321', imei: SUNRISE_IMEI });
    expect((await get(outsider, '/eventlogs')).body).toEqual([]);
    tracker.close();
  });

  it('sends a queued command to the connected device and stores its answer', async () => {
    const tracker = await connectDevice(server.gatewayPort);
    await tracker.send(loginFrame(device(SUNRISE_IMEI)));
    await eventually(() => tracker.received.includes(ACKS.login), 5000, 'login acknowledgement');
    // commands go only to a connection that has sent a location (tests/gateway/commands.test.ts)
    await tracker.send(normalFrame(device(SUNRISE_IMEI), new Date(Date.now() - 5000)));
    const queued = await server.app.inject({
      method: 'POST',
      url: `/api/device/${devices[SUNRISE_IMEI]}/command`,
      headers: bearer(admin),
      payload: { command: 'SET PIN:1234' },
    });
    expect(queued.statusCode).toBe(201);
    await eventually(() => tracker.received.includes('SET PIN:1234\r\n'), 6000, 'command on the wire');
    await tracker.send(`$CMD,${SUNRISE_IMEI},PIN SET OK*\r\n`);
    const commands = await eventually(
      async () => {
        const { body } = await get(admin, `/device/${devices[SUNRISE_IMEI]}/commands`);
        const list = (body.data ?? body) as { status: string; result: string }[];
        return list[0]?.status === 'ANSWERED' ? list : null;
      },
      5000,
      'answered command',
    );
    expect(commands[0]).toMatchObject({ status: 'ANSWERED', result: 'PIN SET OK' });
    tracker.close();
  });
});

describe('live tracking API', () => {
  it('reports vehicle states and scopes them to what the caller may see', async () => {
    const mine = await get(customer, '/vehicle/statuses?range=[0,9]');
    expect(mine.range).toBe('vehicle/statuses 0-5/6');
    expect(mine.body.find((v: { id: string }) => v.id === vehicles[SUNRISE_IMEI])).toMatchObject({
      status: expect.stringMatching(/running|idle|stopped/),
      imei: SUNRISE_IMEI,
    });
    expect(mine.body.filter((v: { status: string }) => v.status === 'noData')).toHaveLength(5);
    const summary = (await get(customer, '/vehicle/statuses/summary')).body.data;
    expect(summary).toMatchObject({ noData: 5, total: 6 });
    expect((await get(customer, '/vehicle/statuses/summary?filter={"status":"running"}')).body.data).toMatchObject({
      noData: 5,
      total: 6,
    });
    expect(await get(customer, '/vehicle/statuses/summary?filter={bad')).toMatchObject({
      status: 400,
      body: { message: 'The filter parameter is not valid' },
    });
    const theirs = await get(outsider, '/vehicle/statuses');
    expect(theirs.body.map((v: { registrationNumber: string }) => v.registrationNumber)).toEqual(['UP32GM1001']);
    expect((await get(outsider, `/vehicle/position/track?vehicleId=${vehicles[SUNRISE_IMEI]}`)).status).toBe(404);
    expect(
      (
        await get(
          outsider,
          `/vehicle/position/playback?vehicleId=${vehicles[SUNRISE_IMEI]}&from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z`,
        )
      ).status,
    ).toBe(404);
    expect((await get(outsider, `/positions?filter={"imei":"${SUNRISE_IMEI}"}`)).body).toEqual([]);
    const filtered = await get(customer, '/vehicle/statuses?filter={"status":"noData","q":"UP78B"}');
    expect(filtered.body.map((v: { registrationNumber: string }) => v.registrationNumber)).toEqual(['UP78BT4322']);
  });

  it('replays a path with its stops and refuses a bad period', async () => {
    const tracker = await connectDevice(server.gatewayPort);
    const start = Date.UTC(2026, 10, 20, 4, 0, 0);
    const frames: string[] = [];
    // 5 minutes moving, 6 minutes standing, 2 minutes moving, every 30 s
    for (let s = 0; s <= 13 * 60; s += 30) {
      const moving = s < 300 || s >= 660;
      frames.push(
        normalFrame(
          device(SUNRISE_IMEI, { speed: moving ? 30 : 0, latitude: 26.4 + s / 100_000 }),
          new Date(start + s * 1000),
          { type: 'NR', alertId: 2 },
          false,
        ),
      );
    }
    await tracker.send(frames.join(''));
    const query = `vehicleId=${vehicles[SUNRISE_IMEI]}&from=${new Date(start).toISOString()}&to=${new Date(start + 3600_000).toISOString()}`;
    const data = await eventually(
      async () => {
        const { body } = await get(customer, `/vehicle/position/playback?${query}`);
        return body.data?.points.length === frames.length ? body.data : null;
      },
      5000,
      'playback',
    );
    // the stops are the reports' (issue 25): the last 2 minutes move 170 m, less than the shortest
    // trip (300 m), so they are part of the stop, as the custom-trip report lists it
    expect(data.stops).toEqual([
      expect.objectContaining({ minutes: 8, from: '2026-11-20T04:05:00+00:00', to: '2026-11-20T04:13:00+00:00' }),
    ]);
    expect(data.summary.maxSpeed).toBe(30);
    const backwards = await get(
      customer,
      `/vehicle/position/playback?vehicleId=${vehicles[SUNRISE_IMEI]}&from=2026-11-21T00:00:00Z&to=2026-11-20T00:00:00Z`,
    );
    expect(backwards).toMatchObject({
      status: 400,
      body: { message: 'The end of the period must be after its start' },
    });
    const tooLong = await get(
      customer,
      `/vehicle/position/playback?vehicleId=${vehicles[SUNRISE_IMEI]}&from=2026-10-01T00:00:00Z&to=2026-11-20T00:00:00Z`,
    );
    expect(tooLong.body.message).toBe('Choose a period of at most 7 days');
    tracker.close();
  });

  it('pushes a snapshot, then the frames of visible vehicles only, over the socket', async () => {
    const socket = await openLiveSocket(`${url}/api/socket`, customer);
    const snapshot = await eventually(() => socket.messages.find((m) => m.type === 'snapshot'), 5000, 'snapshot');
    expect(snapshot.vehicles).toHaveLength(6);
    const tracker = await connectDevice(server.gatewayPort);
    await tracker.send(normalFrame(device(OTHER_IMEI, { speed: 55 }), new Date()));
    await tracker.send(normalFrame(device(SUNRISE_IMEI, { speed: 66.6 }), new Date(Date.now() + 1000)));
    const moved = await eventually(() => socket.positions().find((p) => p.speed === 66.6), 3000, 'live update');
    expect(moved.vehicleId).toBe(vehicles[SUNRISE_IMEI]);
    await tracker.send(
      normalFrame(device(SUNRISE_IMEI, { speed: 20 }), new Date(Date.now() + 2000), { type: 'EA', alertId: 10 }),
    );
    await eventually(() => socket.events().find((e) => e.type === 'SOS'), 3000, 'SOS on the socket');
    // a device emptying its store after a gap: its SOS of three days ago goes to the reports, not to live maps as news
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000);
    await tracker.send(
      normalFrame(device(SUNRISE_IMEI, { speed: 20 }), threeDaysAgo, { type: 'EA', alertId: 10 }, false),
    );
    await tracker.send(
      normalFrame(device(SUNRISE_IMEI, { speed: 21 }), new Date(Date.now() + 3000), { type: 'EA', alertId: 10 }),
    );
    await eventually(() => socket.events().filter((e) => e.type === 'SOS').length >= 2, 3000, 'the next live SOS');
    expect(socket.events().filter((e) => Date.parse(e.eventTime) < Date.now() - 3_600_000)).toEqual([]);
    expect(socket.positions().some((p) => p.vehicleId === vehicles[OTHER_IMEI])).toBe(false);
    expect(moved).toMatchObject({ ignition: true, heading: 90, status: 'running' });
    // hop times are the live bench's (WAYMARK_LIVE_HOP_TIMES), never sent otherwise
    expect(socket.messages.filter((m) => m.type === 'update' && 'hops' in m)).toEqual([]);
    socket.close();
    tracker.close();
  });

  it('sends the state the server gives a vehicle with each position, and turns it offline when it falls silent', async () => {
    const socket = await openLiveSocket(`${url}/api/socket`, outsider);
    const snapshot = await eventually(() => socket.messages.find((m) => m.type === 'snapshot'), 5000, 'snapshot');
    const vehicleId = vehicles[OTHER_IMEI]!;
    expect(snapshot.vehicles).toEqual([expect.objectContaining({ vehicleId, status: 'running' })]);
    const tracker = await connectDevice(server.gatewayPort);
    await tracker.send(normalFrame(device(OTHER_IMEI, { speed: 0, ignition: true }), new Date(Date.now() + 1000)));
    expect(await eventually(() => socket.positions().find((p) => p.speed === 0), 3000, 'idle position')).toMatchObject({
      vehicleId,
      status: 'idle',
    });
    await tracker.send(normalFrame(device(OTHER_IMEI, { speed: 0, ignition: false }), new Date(Date.now() + 2000)));
    await eventually(() => socket.positions().find((p) => p.status === 'stopped'), 3000, 'stopped position');
    expect(socket.states()).toEqual([]);

    // not heard from for longer than its organisation's offline minutes: the server says so, with no frame
    await server.database.db.execute(
      sql`update device_states set last_seen_at = now() - interval '2 hours' where device_id = ${devices[OTHER_IMEI]!}::uuid`,
    );
    expect(await eventually(() => socket.states().find(([id]) => id === vehicleId), 3000, 'offline state')).toEqual([
      vehicleId,
      'offline',
    ]);
    const listed = await get(
      outsider,
      `/vehicle/statuses?filter=${encodeURIComponent(JSON.stringify({ status: 'offline' }))}`,
    );
    expect(listed.body).toEqual([expect.objectContaining({ id: vehicleId })]);

    await tracker.send(normalFrame(device(OTHER_IMEI, { speed: 40 }), new Date(Date.now() + 3000)));
    await eventually(
      () => socket.positions().find((p) => p.speed === 40 && p.status === 'running'),
      3000,
      'running again',
    );
    expect(socket.states()).toHaveLength(1);
    socket.close();
    tracker.close();
  });

  it('keeps a socket going with a newer token and closes it on a bad one', async () => {
    const socket = await openLiveSocket(`${url}/api/socket`, customer);
    await eventually(() => socket.messages.find((m) => m.type === 'snapshot'), 5000, 'snapshot');
    const renewed = (await signIn(server.app, demoEmail('customer'))).token.access.token;
    socket.send({ type: 'auth', token: renewed });
    const tracker = await connectDevice(server.gatewayPort);
    await tracker.send(normalFrame(device(SUNRISE_IMEI, { speed: 33.3 }), new Date(Date.now() + 3000)));
    await eventually(() => socket.positions().find((p) => p.speed === 33.3), 3000, 'update after renewal');
    socket.send({ type: 'auth', token: 'expired-or-forged' });
    await eventually(() => socket.closeCode === 4401, 3000, 'close 4401');
    tracker.close();
  });

  it("sends the vehicles of the map's viewport and the selected one in full, the others coarse and later", async () => {
    const socket = await openLiveSocket(`${url}/api/socket`, customer);
    await eventually(() => socket.messages.find((m) => m.type === 'snapshot'), 5000, 'snapshot');
    // a viewport over Mumbai: the vehicle reports from Kanpur
    socket.send({ type: 'viewport', bounds: [72.7, 18.8, 73.1, 19.3], focus: null });
    const tracker = await connectDevice(server.gatewayPort);
    await tracker.send(normalFrame(device(SUNRISE_IMEI, { speed: 44.4 }), new Date(Date.now() + 4000)));
    const distant = await eventually(
      () => socket.distant().find(([id]) => id === vehicles[SUNRISE_IMEI]),
      4000,
      'coarse position',
    );
    expect(distant).toEqual([vehicles[SUNRISE_IMEI], 26.4499, 80.3319, 44, VEHICLE_STATES.indexOf('running')]);
    expect(socket.positions().some((p) => p.speed === 44.4)).toBe(false);
    // the same place and speed again is not sent again
    await tracker.send(normalFrame(device(SUNRISE_IMEI, { speed: 44.2 }), new Date(Date.now() + 4500)));
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(socket.distant()).toHaveLength(1);

    // selected, it comes in full wherever it is; back in view, so do the others
    socket.send({ type: 'viewport', bounds: [72.7, 18.8, 73.1, 19.3], focus: vehicles[SUNRISE_IMEI] });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await tracker.send(normalFrame(device(SUNRISE_IMEI, { speed: 45.5 }), new Date(Date.now() + 5000)));
    expect(
      await eventually(() => socket.positions().find((p) => p.speed === 45.5), 3000, 'focused position'),
    ).toMatchObject({ heading: 90 });
    socket.send({ type: 'viewport', bounds: [80, 26, 81, 27], focus: null });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await tracker.send(normalFrame(device(SUNRISE_IMEI, { speed: 46.6 }), new Date(Date.now() + 6000)));
    await eventually(() => socket.positions().find((p) => p.speed === 46.6), 3000, 'position in view');

    socket.send({ type: 'viewport', bounds: [72.7, 95, 73.1, 19.3] });
    expect(await eventually(() => socket.closeCode, 3000, 'refused viewport')).toBe(4400);
    tracker.close();
  });

  it('closes a socket that does not sign in properly', async () => {
    const socket = await openLiveSocket(`${url}/api/socket`, 'not-a-token');
    await eventually(() => socket.closeCode === 4401, 3000, 'close 4401');
    expect(socket.messages).toEqual([]);
  });
});

describe('shared links', () => {
  it('opens a live position without sign-in until the link is withdrawn', async () => {
    const post = (token: string, payload: object) =>
      server.app.inject({ method: 'POST', url: '/api/share-playback', headers: bearer(token), payload });
    const created = await post(customer, { kind: 'live', vehicleId: vehicles[SUNRISE_IMEI], expiresInHours: 2 });
    expect(created.statusCode).toBe(201);
    const { token, url: link, id } = created.json().data;
    expect(link).toBe(`/public/share/live-tracking?token=${token}`);
    const open = await server.app.inject({ method: 'GET', url: `/api/public/share-playback?token=${token}` });
    if (open.statusCode !== 200) throw new Error(open.body);
    expect(open.json().data).toMatchObject({
      kind: 'live',
      live: { registrationNumber: 'UP78AT4321', latitude: expect.any(Number) },
    });
    expect(open.json().data.live.imei).toBeUndefined();

    const playback = await post(customer, {
      kind: 'playback',
      vehicleId: vehicles[SUNRISE_IMEI],
      expiresInHours: 24,
      from: '2026-11-20T04:00:00Z',
      to: '2026-11-20T05:00:00Z',
    });
    const replay = await server.app.inject({
      method: 'GET',
      url: `/api/public/share-playback?token=${playback.json().data.token}`,
    });
    expect(replay.json().data.playback.points.length).toBeGreaterThan(10);
    expect(playback.json().data.url).toMatch(/^\/public\/playback\/share\/[0-9a-f-]{36}\?token=/);

    expect(
      (await post(outsider, { kind: 'live', vehicleId: vehicles[SUNRISE_IMEI], expiresInHours: 2 })).statusCode,
    ).toBe(404);
    expect(
      (await post(customer, { kind: 'live', vehicleId: vehicles[SUNRISE_IMEI], expiresInHours: 500 })).json().message,
    ).toBe('A link lasts from 1 to 168 hours');
    const limited = (await signIn(server.app, demoEmail('limited'))).token.access.token;
    expect(
      (await post(limited, { kind: 'live', vehicleId: vehicles[SUNRISE_IMEI], expiresInHours: 2 })).statusCode,
    ).toBe(403);

    const revoked = await server.app.inject({
      method: 'DELETE',
      url: `/api/share-playback/${id}`,
      headers: bearer(customer),
    });
    expect(revoked.statusCode).toBe(200);
    const after = await server.app.inject({ method: 'GET', url: `/api/public/share-playback?token=${token}` });
    expect(after.statusCode).toBe(410);
    expect(after.json().message).toBe('This link has expired or was withdrawn');
    expect(
      (await server.app.inject({ method: 'GET', url: `/api/public/share-playback?token=${customer}` })).statusCode,
    ).toBe(410);
  });
});

// last: it adds a seventh vehicle to the fleet the tests above count
describe('geofence and route events', () => {
  it('raises entering and leaving an assigned geofence, and leaving the planned route', async () => {
    // a fresh vehicle and device, so the rules load on first sight
    const sunriseOrg = (await get(admin, `/vehicle/${vehicles[SUNRISE_IMEI]}`)).body.organisationId as string;
    const imei = '868347070000777';
    const tracked = await patch('/device', 'POST', { imei, status: 'INSTALLED', organisationId: sunriseOrg });
    const route = await patch('/routes', 'POST', {
      name: 'Mall Road run',
      toleranceMeters: 100,
      organisationId: sunriseOrg,
      line: {
        type: 'LineString',
        coordinates: [
          [80.34, 26.46],
          [80.36, 26.46],
        ],
      },
    });
    const vehicle = await patch('/vehicle', 'POST', {
      name: 'Fence test',
      registrationNumber: 'UP78ZZ0001',
      category: 'TRUCK',
      deviceId: tracked.id,
      routeId: route.id,
      organisationId: sunriseOrg,
    });
    const fence = await patch('/geofences', 'POST', {
      name: 'Phool Bagh',
      type: 'POINT',
      area: { type: 'Point', coordinates: [80.35, 26.46] },
      radiusMeters: 300,
      organisationId: sunriseOrg,
    });
    await patch(`/vehicle/${vehicle.id}/geofences`, 'PUT', { geofenceIds: [fence.id] });
    await patch(`/organisation/settings/${sunriseOrg}`, 'PUT', { overspeedKmph: 60 });

    const tracker = await connectDevice(server.gatewayPort);
    const at = (longitude: number, latitude: number, s: number, speed = 30) =>
      normalFrame(device(imei, { longitude, latitude, speed }), new Date(Date.now() - 60_000 + s * 1000));
    // on the route west of the fence, into the fence, out east, 1 km off the route, then over the organisation's 60 km/h
    for (const [i, frame] of [
      at(80.341, 26.46, 1),
      at(80.35, 26.4601, 2),
      at(80.359, 26.46, 3),
      at(80.359, 26.47, 4),
      at(80.359, 26.471, 5, 75),
    ].entries()) {
      await tracker.send(frame);
      await eventually(
        async () => (await get(customer, `/positions?filter={"vehicleId":"${vehicle.id}"}`)).body.length === i + 1,
        5000,
        `position ${i + 1}`,
      );
    }
    const events = await eventually(
      async () => {
        const { body } = await get(
          customer,
          `/eventlogs?filter={"vehicleId":"${vehicle.id}"}&sort=["eventTime","ASC"]`,
        );
        return body.length >= 4 ? body : null;
      },
      5000,
      'zone events',
    );
    expect(events.map((e: { type: string }) => e.type)).toEqual([
      'GEOFENCE_ENTER',
      'GEOFENCE_EXIT',
      'ROUTE_VIOLATION',
      'OVERSPEED',
    ]);
    expect(events[3].attributes).toMatchObject({ limitKmph: 60, speed: 75, source: 'server' });
    expect(events[0].attributes).toMatchObject({ geofenceName: 'Phool Bagh' });
    expect(events[2].attributes).toMatchObject({ routeName: 'Mall Road run' });
    expect(events[2].attributes.meters).toBeGreaterThan(1000);
    tracker.close();
  });

  it("applies the organisation's route deviation to routes without a tolerance, and raises idling past its idle minutes once per halt", async () => {
    const sunriseOrg = (await get(admin, `/vehicle/${vehicles[SUNRISE_IMEI]}`)).body.organisationId as string;
    const imei = '868347070000778';
    const tracked = await patch('/device', 'POST', { imei, status: 'INSTALLED', organisationId: sunriseOrg });
    const route = await patch('/routes', 'POST', {
      name: 'Canal Road run',
      organisationId: sunriseOrg,
      line: {
        type: 'LineString',
        coordinates: [
          [80.34, 26.46],
          [80.36, 26.46],
        ],
      },
    });
    expect(route.toleranceMeters).toBeNull();
    const vehicle = await patch('/vehicle', 'POST', {
      name: 'Idle test',
      registrationNumber: 'UP78ZZ0002',
      category: 'TRUCK',
      deviceId: tracked.id,
      routeId: route.id,
      organisationId: sunriseOrg,
    });
    await patch(`/organisation/settings/${sunriseOrg}`, 'PUT', {
      routeDeviationMeters: 1500,
      idleMinutes: 2,
      overspeedKmph: 120,
    });

    const tracker = await connectDevice(server.gatewayPort);
    const start = Date.now() - 10 * 60_000;
    const at = (minute: number, latitude: number, speed: number) =>
      normalFrame(
        device(imei, { longitude: 80.35, latitude, speed, ignition: true }),
        new Date(start + minute * 60_000),
      );
    // 1.1 km off the route (inside the organisation's 1.5 km), standing with the engine on for 3 minutes,
    // moving off, then standing again for 2; then 2.2 km off the route
    const frames = [
      at(0, 26.47, 0),
      at(1, 26.47, 0),
      at(2, 26.47, 0),
      at(3, 26.47, 0),
      at(4, 26.4705, 30),
      at(5, 26.471, 0),
      at(7, 26.471, 0),
      at(8, 26.48, 30),
    ];
    for (const [i, frame] of frames.entries()) {
      await tracker.send(frame);
      await eventually(
        async () => (await get(customer, `/positions?filter={"vehicleId":"${vehicle.id}"}`)).body.length === i + 1,
        5000,
        `position ${i + 1}`,
      );
    }
    const events = await eventually(
      async () => {
        const { body } = await get(
          customer,
          `/eventlogs?filter={"vehicleId":"${vehicle.id}"}&sort=["eventTime","ASC"]`,
        );
        return body.length >= 3 ? body : null;
      },
      5000,
      'idle and route events',
    );
    expect(
      events.map((e: { type: string; eventTime: string }) => [
        e.type,
        Math.round((Date.parse(e.eventTime) - start) / 60_000),
      ]),
    ).toEqual([
      ['EXCESS_IDLE', 2],
      ['EXCESS_IDLE', 7],
      ['ROUTE_VIOLATION', 8],
    ]);
    expect(events[0].attributes).toMatchObject({ limitMinutes: 2, minutes: 2 });
    tracker.close();
  });
});
