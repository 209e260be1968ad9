import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn, startTestServer, ADMIN_EMAIL, ADMIN_PASSWORD, type TestServer } from '../api/harness.ts';
import { loginFrame, normalFrame, type DeviceState } from '../../server/simulator/frames.ts';
import { ACKS } from '../../server/gateway/server.ts';
import { connectDevice, eventually } from './device-client.ts';

let server: TestServer;
let admin: string;

const device = (imei: string, frameNumber = 1): DeviceState => ({
  imei,
  registration: 'UP78AT4321',
  latitude: 26.45,
  longitude: 80.33,
  speed: 20,
  heading: 0,
  ignition: true,
  frameNumber,
});

const api = async (method: 'GET' | 'POST', url: string, payload?: object) => {
  const response = await server.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(admin),
    ...(payload ? { payload } : {}),
  });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.body}`);
  return response.json();
};

interface CommandRow {
  id: string;
  command: string;
  status: string;
  sentToAddress: string | null;
}
const commands = async (deviceId: string) => (await api('GET', `/device/${deviceId}/commands`)) as CommandRow[];
const demoDevice = async (imei: string) => {
  const [found] = (await api('GET', `/device?filter={"q":"${imei}"}`)) as { id: string }[];
  const [vehicle] = (await api('GET', `/vehicle?filter={"deviceId":"${found!.id}"}`)) as { id: string }[];
  return { deviceId: found!.id, vehicleId: vehicle!.id };
};

/** Two full delivery passes, the second begun after everything above was queued and stored. */
const deliveryPasses = async () => {
  await server.gateway!.commands.deliver();
  await server.gateway!.commands.deliver();
};

beforeAll(async () => {
  server = await startTestServer({ gateway: true });
  admin = (await signIn(server.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token.access.token;
});

afterAll(async () => {
  await server?.close();
});

describe('commands to devices', () => {
  it('holds a command from a bare login and sends it once the connection sent a location, recording where it went', async () => {
    const imei = '868347070000000';
    const { deviceId } = await demoDevice(imei);
    const tracker = await connectDevice(server.gatewayPort);
    await tracker.send(loginFrame(device(imei)));
    await eventually(() => tracker.received.includes(ACKS.login), 5000, 'login acknowledgement');
    await api('POST', `/device/${deviceId}/command`, { command: 'SET PIN:4321' });
    await deliveryPasses();
    expect(tracker.received).not.toContain('SET PIN:4321');
    expect((await commands(deviceId))[0]).toMatchObject({
      command: 'SET PIN:4321',
      status: 'QUEUED',
      sentToAddress: null,
    });

    await tracker.send(normalFrame(device(imei), new Date()));
    await eventually(() => tracker.received.includes('SET PIN:4321\r\n'), 6000, 'command on the wire');
    expect((await commands(deviceId))[0]).toMatchObject({ status: 'SENT', sentToAddress: tracker.address });
    tracker.close();
  });

  it('sends a command to a connected device as soon as it is queued, woken by the database rather than the 30 s poll', async () => {
    const imei = '868347070000002';
    const { deviceId } = await demoDevice(imei);
    const tracker = await connectDevice(server.gatewayPort);
    await tracker.send(loginFrame(device(imei)));
    await tracker.send(normalFrame(device(imei), new Date()));
    await eventually(() => server.gateway!.connections.target(deviceId), 5000, 'a located connection');
    // the pass that a newly located connection schedules (50 ms later) is over before the command is queued
    await new Promise((resolve) => setTimeout(resolve, 200));
    await deliveryPasses();
    await api('POST', `/device/${deviceId}/command`, { command: 'GET VER' });
    await eventually(
      () => tracker.received.includes('GET VER\r\n'),
      5000,
      'command on the wire without a delivery pass',
    );
    expect((await commands(deviceId))[0]).toMatchObject({ command: 'GET VER', status: 'SENT' });
    tracker.close();
  });

  it('raises an alert and sends to neither when two connections speak for one IMEI at once', async () => {
    const imei = '868347070000001';
    const { deviceId, vehicleId } = await demoDevice(imei);
    const genuine = await connectDevice(server.gatewayPort);
    await genuine.send(loginFrame(device(imei)) + normalFrame(device(imei, 1), new Date(Date.now() - 30_000)));
    await eventually(
      () => server.gateway!.connections.holders(deviceId) === 1,
      5000,
      'the first connection to name the device',
    );
    const impostor = await connectDevice(server.gatewayPort);
    await impostor.send(loginFrame(device(imei)) + normalFrame(device(imei, 2), new Date(Date.now() - 20_000)));
    await eventually(
      () => server.gateway!.connections.holders(deviceId) === 2,
      5000,
      'the second connection to name the device',
    );
    await api('POST', `/device/${deviceId}/command`, { command: 'SET APN:airtelgprs.com' });
    await deliveryPasses();
    // the first connection is still talking, so this is not a device that reconnected
    await genuine.send(normalFrame(device(imei, 3), new Date(Date.now() - 10_000)));
    const alert = await eventually(
      async () => {
        const events = (await api('GET', `/eventlogs?filter=${encodeURIComponent(JSON.stringify({ vehicleId }))}`)) as {
          type: string;
          attributes: { addresses: string[] };
        }[];
        return events.find((e) => e.type === 'DUPLICATE_IMEI');
      },
      5000,
      'the duplicate IMEI alert',
    );
    expect(alert.attributes.addresses.sort()).toEqual([genuine.address, impostor.address].sort());
    await deliveryPasses();
    expect(genuine.received).not.toContain('SET APN');
    expect(impostor.received).not.toContain('SET APN');
    expect((await commands(deviceId))[0]).toMatchObject({ status: 'QUEUED' });

    // with one connection left, the command goes to it
    impostor.close();
    await eventually(
      () => genuine.received.includes('SET APN:airtelgprs.com\r\n'),
      6000,
      'command to the remaining connection',
    );
    expect((await commands(deviceId))[0]).toMatchObject({ status: 'SENT', sentToAddress: genuine.address });
    expect(impostor.received).not.toContain('SET APN');
    genuine.close();
  });
});
