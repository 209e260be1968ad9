import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { signIn, startTestServer, type TestServer } from './harness.ts';
import { call, demoWorld, type Api } from './resource-fixtures.ts';
import { connectDevice, eventually } from '../gateway/device-client.ts';
import { FITTED_EARLY, fittedSince } from '../support/tracked-from.ts';
import { emergencyFrame, loginFrame } from '../../server/simulator/frames.ts';
import { ACKS } from '../../server/gateway/server.ts';
import { escalateDueSosCases } from '../../server/sos/escalation.ts';
import { query } from '../../server/resources/sql.ts';

/**
 * SOS cases (issue 26): opened by an SOS frame through the real gateway, one per device while open;
 * acknowledged only inside the tree holding the device and with acknowledge-sos; escalated up the
 * organisation tree every N minutes by a sweep run here with a fixed clock, until acknowledged.
 */
let server: TestServer;
let as: Record<string, Api>;
let orgs: Record<string, string>;
let ganga: Api;
let deviceId: string;
const IMEI = '868347079990001';
const REGISTRATION = 'UP78SO5001';
const minute = 60_000;
const PUBLIC_URL = 'https://waymark.example';
const truck = {
  imei: IMEI,
  registration: REGISTRATION,
  latitude: 26.4499,
  longitude: 80.3318,
  speed: 0,
  heading: 0,
  ignition: true,
  frameNumber: 1,
};

type Open = {
  id: string;
  registrationNumber: string;
  releasedAt: string | null;
  escalationLevel: number;
  latitude: number;
};
const openCases = async (api: Api) => {
  const response = await call(api, 'GET', '/sos/open');
  expect(response.statusCode).toBe(200);
  return (response.json().data as Open[]).filter((c) => c.registrationNumber === REGISTRATION);
};
const outbox = (since: string) =>
  query<{ channel: string; recipient: string; subject: string; body: string; organisationId: string }>(
    server.database.db,
    sql`select channel, recipient, subject, body, organisation_id as "organisationId" from outbox
      where created_at >= ${since}::timestamptz and subject like ${`%${REGISTRATION}%`} order by recipient, channel`,
  );
const casesOfDevice = () =>
  query<{ id: string; acknowledgedAt: string | null }>(
    server.database.db,
    sql`select id, acknowledged_at as "acknowledgedAt" from sos_cases where device_id = ${deviceId}::uuid order by opened_at`,
  );

async function pressPanic(at: Date, released = false) {
  // frames carry whole seconds
  const time = new Date(Math.floor(at.getTime() / 1000) * 1000);
  const socket = await connectDevice(server.gatewayPort);
  await socket.send(`${loginFrame(truck)}\r\n`);
  await eventually(() => socket.received.includes(ACKS.login), 5000, 'the login acknowledgement');
  await socket.send(`${emergencyFrame(truck, time, released)}\r\n`);
  const type = released ? 'SOS_CLEARED' : 'SOS';
  await eventually(
    async () =>
      (
        await query(
          server.database.db,
          sql`select 1 from events where device_id = ${deviceId}::uuid and type = ${type} and event_time = ${time.toISOString()}::timestamptz`,
        )
      ).length,
    8000,
    `the ${type} stored`,
  );
  socket.close();
}

beforeAll(async () => {
  server = await startTestServer({ gateway: true });
  ({ as, orgs } = await demoWorld(server.app, ['superadmin', 'customer', 'limited', 'dealer']));
  const admin = as.superadmin!;
  const root = (
    (await call(admin, 'GET', '/organisation?range=[0,50]')).json() as { id: string; parentId: string | null }[]
  ).find((o) => !o.parentId)!;
  const other = (
    await call(admin, 'POST', '/organisation', {
      parentId: root.id,
      tradeName: 'Ganga Movers',
      brandName: 'Ganga Movers',
      email: 'ops@gangamovers.in',
    })
  ).json();
  const roles = (await call(admin, 'GET', '/roles?range=[0,20]')).json() as { id: string; name: string }[];
  await call(admin, 'POST', '/users', {
    firstName: 'Gita',
    lastName: 'Rao',
    email: 'gita@gangamovers.in',
    phone: '9811111111',
    password: 'Ganga-pass-2026',
    roleId: roles.find((r) => r.name === 'CUSTOMER')!.id,
    organisationId: other.id,
  });
  ganga = {
    app: server.app,
    token: (await signIn(server.app, 'gita@gangamovers.in', 'Ganga-pass-2026')).token.access.token,
  };
  const sunrise = orgs['Sunrise Logistics']!;
  deviceId = (await call(admin, 'POST', '/device', { imei: IMEI, status: 'NEW', organisationId: sunrise })).json().id;
  const vehicleId = (
    await call(admin, 'POST', '/vehicle', {
      name: 'Panic truck',
      registrationNumber: REGISTRATION,
      category: 'TRUCK',
      deviceId,
      organisationId: sunrise,
    })
  ).json().id;
  await fittedSince(server.database.db, vehicleId, FITTED_EARLY);
}, 120_000);

afterAll(async () => server?.close());

describe('an SOS case', () => {
  let caseId: string;
  const pressedAt = new Date(Date.now() - 30_000);

  it('opens when an SOS frame is stored through the gateway, once per device while open, and notes the release', async () => {
    await pressPanic(pressedAt);
    const [open] = await openCases(as.customer!);
    expect(open).toMatchObject({ registrationNumber: REGISTRATION, releasedAt: null, escalationLevel: 0 });
    expect(open!.latitude).toBeCloseTo(26.4499, 4);
    caseId = open!.id;
    // pressed again while open: the same case
    await pressPanic(new Date(pressedAt.getTime() + 5_000));
    expect(await casesOfDevice()).toHaveLength(1);
    await pressPanic(new Date(pressedAt.getTime() + 10_000), true);
    const [released] = await openCases(as.customer!);
    expect(released!.id).toBe(caseId);
    expect(released!.releasedAt).not.toBeNull();
  });

  it('is seen and acknowledged only inside the tree holding the device, and only with acknowledge-sos', async () => {
    expect(await openCases(ganga)).toEqual([]);
    const elsewhere = await call(ganga, 'POST', `/sos/${caseId}/acknowledge`, { note: 'not mine' });
    expect(elsewhere.statusCode).toBe(404);
    // LIMITED_USER watches the live map: sees the SOS, may not acknowledge it
    expect(await openCases(as.limited!)).toHaveLength(1);
    const limited = await call(as.limited!, 'POST', `/sos/${caseId}/acknowledge`, { note: 'seen' });
    expect(limited.statusCode).toBe(403);
    const empty = await call(as.customer!, 'POST', `/sos/${caseId}/acknowledge`, { note: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/note/i);
    expect((await casesOfDevice())[0]!.acknowledgedAt).toBeNull();
  });

  it('escalates after N minutes to the parent’s administrators, then a level higher, and stops once acknowledged', async () => {
    const since = new Date().toISOString();
    const now = Date.now();
    expect(
      await escalateDueSosCases(server.database.db, { publicUrl: PUBLIC_URL, now: new Date(now + 4 * minute) }),
    ).toBe(0);
    expect(await outbox(since)).toEqual([]);
    // 5 minutes (the default): Sunrise Logistics set no contacts, so Metro Auto Dealers' administrators
    expect(
      await escalateDueSosCases(server.database.db, { publicUrl: PUBLIC_URL, now: new Date(now + 6 * minute) }),
    ).toBe(1);
    const first = await outbox(since);
    expect(first.map((m) => `${m.channel}:${m.recipient}`)).toEqual(
      ['sms:+919800000006', 'sms:+919800000010', 'email:dealer@demo.waymark.in', 'email:rfcadmin@demo.waymark.in'].sort(
        (a, b) => (a.split(':')[1]! < b.split(':')[1]! ? -1 : 1),
      ),
    );
    expect(first[0]!.organisationId).toBe(orgs['Sunrise Logistics']);
    expect(first[0]!.body).toContain('26.449900,80.331800');
    expect(first[0]!.body).toContain(`${PUBLIC_URL}/reports/sosalert`);
    expect((await openCases(as.customer!))[0]!.escalationLevel).toBe(1);
    // not yet due again
    expect(
      await escalateDueSosCases(server.database.db, { publicUrl: PUBLIC_URL, now: new Date(now + 8 * minute) }),
    ).toBe(0);
    // another 5 minutes: Metro set no contacts either, so Sharma Distributors' administrators
    const second = new Date().toISOString();
    expect(
      await escalateDueSosCases(server.database.db, { publicUrl: PUBLIC_URL, now: new Date(now + 12 * minute) }),
    ).toBe(1);
    expect((await outbox(second)).map((m) => m.recipient)).toContain('distributer@demo.waymark.in');

    const acknowledged = await call(as.customer!, 'POST', `/sos/${caseId}/acknowledge`, {
      note: 'Driver called: pressed by mistake',
    });
    expect(acknowledged.statusCode).toBe(200);
    expect(acknowledged.json().message).toBe('SOS acknowledged');
    expect(await openCases(as.customer!)).toEqual([]);
    const after = new Date().toISOString();
    expect(
      await escalateDueSosCases(server.database.db, { publicUrl: PUBLIC_URL, now: new Date(now + 60 * minute) }),
    ).toBe(0);
    expect(await outbox(after)).toEqual([]);
    const again = await call(as.dealer!, 'POST', `/sos/${caseId}/acknowledge`, { note: 'me too' });
    expect(again.statusCode).toBe(409);
  });

  it('shows in the SOS report as acknowledged, by whom, when and with the note', async () => {
    const filter = {
      from: new Date(pressedAt.getTime() - 60 * minute).toISOString(),
      to: new Date(Date.now() + minute).toISOString(),
      type: 'SOS',
    };
    const rows = (
      await call(as.customer!, 'GET', `/report/alertv2?filter=${encodeURIComponent(JSON.stringify(filter))}`)
    ).json() as Record<string, unknown>[];
    const ours = rows.filter((r) => r.registrationNumber === REGISTRATION);
    expect(ours).toHaveLength(2);
    for (const row of ours)
      expect(row).toMatchObject({
        sosStatus: 'acknowledged',
        acknowledgedBy: 'Priya Singh',
        acknowledgementNote: 'Driver called: pressed by mistake',
        escalationLevel: 2,
      });
    expect(ours[0]!.acknowledgedAt).toBeTruthy();
  });

  it('goes first to the contacts the organisation set, checked when saved; a new SOS after acknowledgement opens a new case', async () => {
    const sunrise = orgs['Sunrise Logistics']!;
    const settingsUrl = `/organisation/settings/${sunrise}`;
    const refused = await call(as.superadmin!, 'PUT', settingsUrl, { sosEscalationContacts: ['not a contact'] });
    expect(refused.statusCode).toBe(400);
    const gita = (
      await call(as.superadmin!, 'GET', `/users?filter=${encodeURIComponent(JSON.stringify({ q: 'gita' }))}`)
    ).json() as { id: string }[];
    const foreign = await call(as.superadmin!, 'PUT', settingsUrl, { sosEscalationContacts: [gita[0]!.id] });
    expect(foreign.statusCode).toBe(400);
    expect((await call(as.superadmin!, 'GET', settingsUrl)).json().data.settings.sosEscalationContacts).toEqual([]);
    const saved = await call(as.superadmin!, 'PUT', settingsUrl, {
      sosEscalationMinutes: 2,
      sosEscalationContacts: ['Ops@Sunrise.example', '98765 00000'],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.settings.sosEscalationContacts).toEqual(['ops@sunrise.example', '+919876500000']);

    await pressPanic(new Date());
    expect(await casesOfDevice()).toHaveLength(2);
    const since = new Date().toISOString();
    const now = Date.now();
    expect(
      await escalateDueSosCases(server.database.db, { publicUrl: PUBLIC_URL, now: new Date(now + 1 * minute) }),
    ).toBe(0);
    // two sweeps at once (two processes): the case is escalated, and its messages queued, once
    const sweeps = await Promise.all(
      [1, 2].map(() =>
        escalateDueSosCases(server.database.db, { publicUrl: PUBLIC_URL, now: new Date(now + 3 * minute) }),
      ),
    );
    expect(sweeps.sort()).toEqual([0, 1]);
    expect((await outbox(since)).map((m) => `${m.channel}:${m.recipient}`)).toEqual([
      'sms:+919876500000',
      'email:ops@sunrise.example',
    ]);
  });
});
