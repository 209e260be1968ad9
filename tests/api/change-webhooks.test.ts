import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { startTestServer, type TestServer } from './harness.ts';
import { call, createSample, demoWorld, sampleBody, type Api } from './resource-fixtures.ts';
import { startReceiver, type ReceivedRequest } from './notify/receivers.ts';
import { notifyConfig } from '../../server/notify/settings.ts';
import { query } from '../../server/resources/sql.ts';
import { sendExpiryReminders } from '../../server/reminders/expiry.ts';
import { findResource } from '../../resources/modules.ts';
import { CHANGE_EVENT_TYPES } from '../../resources/entities/webhook-endpoint.ts';
import { DEMO_FIRST_IMEI } from '../../server/seed/demo.ts';

const PUBLIC_URL = 'https://track.example.in';
let server: TestServer;
let as: Record<string, Api>;
let orgs: Record<string, string>;
let dealerHooks: Awaited<ReturnType<typeof startReceiver>>;
let otherHooks: Awaited<ReturnType<typeof startReceiver>>;
let dealerOrg: string;
let sunriseOrg: string;
/** The dealer's endpoint, subscribed to every change, and its secret as the create answered it. */
let endpoint: { id: string; url: string; secret: string };
/** Another tenant's endpoint (Ganga Movers, beside the dealer's tree), subscribed to every change. */
let foreign: { id: string };

interface Payload {
  type: string;
  timestamp: string;
  data: Record<string, unknown> & { id: string };
}

const payloadOf = (request: ReceivedRequest) => JSON.parse(String(request.body)) as Payload;
const headersOf = (request: ReceivedRequest) => ({
  'webhook-id': String(request.headers['webhook-id']),
  'webhook-timestamp': String(request.headers['webhook-timestamp']),
  'webhook-signature': String(request.headers['webhook-signature']),
});

/** The dealer's receiver's message of this type about this id, once it arrives: verified with the published Standard Webhooks verifier. */
async function delivered(type: string, id: string) {
  const find = () =>
    dealerHooks.requests.find((r) => {
      const payload = payloadOf(r);
      return payload.type === type && payload.data.id === id;
    });
  await expect.poll(() => Boolean(find()), { timeout: 20_000 }).toBe(true);
  const request = find()!;
  const verified = new Webhook(endpoint.secret).verify(String(request.body), headersOf(request)) as Payload;
  expect(() =>
    new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(String(request.body), headersOf(request)),
  ).toThrow();
  // the delivery id is the webhook-id, and the Deliveries screen of the endpoint's organisation lists it
  const [row] = await query<{ recipient: string; organisationId: string; status: string }>(
    server.database.db,
    sql`select recipient, organisation_id as "organisationId", status from outbox where id = ${request.headers['webhook-id']}::uuid`,
  );
  expect(row).toMatchObject({ recipient: endpoint.url, organisationId: dealerOrg });
  return verified;
}

/** What the API answers for the record now (the as-seen shape), without the fields a read adds from the device's live state. */
const read = async (api: string, id: string) => {
  const response = await call(as.superadmin!, 'GET', `${api}/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json() as Record<string, unknown>;
};

const outboxCount = async () =>
  Number(
    (
      await query<{ n: number }>(
        server.database.db,
        sql`select count(*)::int as n from outbox where channel = 'webhook' and options->>'endpointId' = ${endpoint.id}`,
      )
    )[0]!.n,
  );

beforeAll(async () => {
  dealerHooks = await startReceiver();
  otherHooks = await startReceiver();
  // the receivers listen on loopback: the operator allows that range (WEBHOOK_ALLOW_RANGES), nothing else private
  server = await startTestServer({
    config: {
      notify: notifyConfig({ WEBHOOK_ALLOW_RANGES: '127.0.0.1/32', NOTIFY_RETRY_SECONDS: '1' }, PUBLIC_URL),
    },
  });
  ({ as, orgs } = await demoWorld(server.app, ['superadmin', 'dealer', 'fitter', 'customer']));
  dealerOrg = orgs['Metro Auto Dealers']!;
  sunriseOrg = orgs['Sunrise Logistics']!;
  const created = await call(as.dealer!, 'POST', '/webhook-endpoints', {
    name: 'Metro ERP',
    url: `${dealerHooks.url}/waymark`,
    events: [...CHANGE_EVENT_TYPES],
  });
  expect(created.statusCode).toBe(201);
  endpoint = created.json();
  const all = (await call(as.superadmin!, 'GET', '/organisation?range=[0,99]')).json() as {
    id: string;
    parentId: string | null;
  }[];
  const ganga = await call(as.superadmin!, 'POST', '/organisation', {
    parentId: all.find((o) => !o.parentId)!.id,
    tradeName: 'Ganga Movers',
    brandName: 'Ganga Movers',
    email: 'ops@gangamovers.in',
  });
  expect(ganga.statusCode).toBe(201);
  const other = await call(as.superadmin!, 'POST', '/webhook-endpoints', {
    name: 'Ganga ERP',
    url: `${otherHooks.url}/ganga`,
    events: [...CHANGE_EVENT_TYPES],
    organisationId: ganga.json().id,
  });
  expect(other.statusCode).toBe(201);
  foreign = other.json();
});

afterAll(async () => {
  await server?.close();
  await dealerHooks?.close();
  await otherHooks?.close();
});

describe('change webhook endpoints', () => {
  it('answers the secret whole on create only; reads mask it, the reveal route answers it whole', async () => {
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const masked = `${endpoint.secret.slice(0, 10)}…`;
    expect((await call(as.dealer!, 'GET', `/webhook-endpoints/${endpoint.id}`)).json().secret).toBe(masked);
    const listed = (await call(as.dealer!, 'GET', '/webhook-endpoints')).json() as { id: string; secret?: string }[];
    expect(listed.map((e) => e.id)).toEqual([endpoint.id]);
    expect(JSON.stringify(listed)).not.toContain(endpoint.secret);
    const revealed = await call(as.dealer!, 'GET', `/webhook-endpoints/${endpoint.id}/secret`);
    expect(revealed.json()).toEqual({ success: true, data: { secret: endpoint.secret } });
    const renamed = await call(as.dealer!, 'PUT', `/webhook-endpoints/${endpoint.id}`, { name: 'Metro ERP (live)' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Metro ERP (live)', secret: masked });
    // the secret is the same after the edit
    expect((await call(as.dealer!, 'GET', `/webhook-endpoints/${endpoint.id}/secret`)).json().data.secret).toBe(
      endpoint.secret,
    );
  });

  it("hides another tenant's endpoint (404) and refuses the roles without the module (403)", async () => {
    for (const [method, url] of [
      ['GET', `/webhook-endpoints/${foreign.id}`],
      ['GET', `/webhook-endpoints/${foreign.id}/secret`],
      ['PUT', `/webhook-endpoints/${foreign.id}`],
      ['DELETE', `/webhook-endpoints/${foreign.id}`],
    ] as const)
      expect((await call(as.dealer!, method, url, method === 'PUT' ? { enabled: false } : undefined)).statusCode).toBe(
        404,
      );
    for (const who of ['fitter', 'customer']) {
      expect((await call(as[who]!, 'GET', '/webhook-endpoints')).statusCode).toBe(403);
      expect((await call(as[who]!, 'GET', `/webhook-endpoints/${endpoint.id}/secret`)).statusCode).toBe(403);
      const refused = await call(as[who]!, 'POST', '/webhook-endpoints', {
        name: 'Mine',
        url: 'https://example.com/hooks',
        events: ['device.created'],
      });
      expect(refused.statusCode).toBe(403);
    }
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/webhook-endpoints' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses private, loopback, link-local and metadata addresses with a clear message, writing nothing', async () => {
    const before = (await call(as.dealer!, 'GET', '/webhook-endpoints')).json().length;
    const refusedNetwork = 'This address is on a private, loopback or link-local network Waymark may not reach';
    for (const url of ['http://10.20.30.40/hooks', 'http://169.254.169.254/latest/meta-data', 'http://[::1]:8080/x']) {
      const refused = await call(as.dealer!, 'POST', '/webhook-endpoints', {
        name: 'Bad',
        url,
        events: ['device.created'],
      });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().message).toBe(refusedNetwork);
      expect(refused.json().errors.url).toBe(refusedNetwork);
    }
    const wrongScheme = await call(as.dealer!, 'POST', '/webhook-endpoints', {
      name: 'Bad',
      url: 'ftp://example.com/hooks',
      events: ['device.created'],
    });
    expect(wrongScheme.statusCode).toBe(400);
    expect(wrongScheme.json().errors.url).toBe('Type a web address beginning with http:// or https://');
    const noEvents = await call(as.dealer!, 'POST', '/webhook-endpoints', {
      name: 'Bad',
      url: 'https://example.com/hooks',
      events: [],
    });
    expect(noEvents.statusCode).toBe(400);
    expect(noEvents.json().errors.events).toBe('Choose at least one event');
    const unknownEvent = await call(as.dealer!, 'POST', '/webhook-endpoints', {
      name: 'Bad',
      url: 'https://example.com/hooks',
      events: ['device.exploded'],
    });
    expect(unknownEvent.statusCode).toBe(400);
    // an edit to a refused address changes nothing either
    const moved = await call(as.dealer!, 'PUT', `/webhook-endpoints/${endpoint.id}`, { url: 'http://192.168.1.10/x' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors.url).toBe(refusedNetwork);
    expect((await call(as.dealer!, 'GET', `/webhook-endpoints/${endpoint.id}`)).json().url).toBe(endpoint.url);
    expect((await call(as.dealer!, 'GET', '/webhook-endpoints')).json().length).toBe(before);
  });
});

describe('changes delivered to the subscribed endpoints', () => {
  let deviceId: string;

  it('device.created, device.moved (both ways) and device.deleted carry the device as the API reads it', async () => {
    const device = await createSample(as.superadmin!, findResource('device')!, dealerOrg);
    deviceId = device.id;
    const created = await delivered('device.created', deviceId);
    const seen = await read('/device', deviceId);
    expect(created.data.device).toEqual(seen);
    expect(created.data.device).toMatchObject({ imei: device.imei, organisationId: dealerOrg });

    const allocated = await call(as.superadmin!, 'PUT', '/device/allocate', {
      ids: [deviceId],
      organisationId: sunriseOrg,
    });
    expect(allocated.statusCode).toBe(200);
    const moved = await delivered('device.moved', deviceId);
    expect(moved.data).toMatchObject({ fromOrganisationId: dealerOrg, toOrganisationId: sunriseOrg });
    expect(moved.data.device).toMatchObject({ organisationId: sunriseOrg, status: 'ALLOCATED' });

    const back = await call(as.superadmin!, 'PUT', `/device/${deviceId}`, { organisationId: dealerOrg });
    expect(back.statusCode).toBe(200);
    await expect
      .poll(
        () =>
          dealerHooks.requests
            .map(payloadOf)
            .filter((p) => p.type === 'device.moved' && p.data.id === deviceId && p.data.toOrganisationId === dealerOrg)
            .length,
        { timeout: 20_000 },
      )
      .toBe(1);

    const before = await read('/device', deviceId);
    expect((await call(as.superadmin!, 'DELETE', `/device/${deviceId}`)).statusCode).toBe(200);
    const deleted = await delivered('device.deleted', deviceId);
    expect(deleted.data.device).toEqual(before);
  });

  it('fitment.recorded, vehicle.linked, fitment.activated, wallet.movement, fitment.expiring and renewal.paid', async () => {
    const fitment = await createSample(as.superadmin!, findResource('fitment')!, dealerOrg);
    const recorded = await delivered('fitment.recorded', fitment.id);
    expect(recorded.data.fitment).toMatchObject({
      id: fitment.id,
      activationStatus: 'INACTIVE',
      organisationId: dealerOrg,
    });
    expect(recorded.data.fitment).toEqual(await read('/fitment', fitment.id));

    const linked = await delivered('vehicle.linked', fitment.vehicleId as string);
    expect(linked.data).toMatchObject({ deviceId: fitment.deviceId, previousDeviceId: null });
    expect(linked.data.vehicle).toMatchObject({ id: fitment.vehicleId, deviceId: fitment.deviceId });

    const approved = await call(as.superadmin!, 'PUT', `/activation/approve/${fitment.id}`);
    expect(approved.statusCode).toBe(200);
    const activated = await delivered('fitment.activated', fitment.id);
    expect(activated.data.fitment).toMatchObject({ activationStatus: 'ACTIVE' });
    // the activation was paid from the dealer's wallet: its DEBIT leg, as the wallet's statement shows it
    const [leg] = await query<{ id: string; walletId: string }>(
      server.database.db,
      sql`select id, wallet_id as "walletId" from wallet_transactions where reference = ${`fitment:${fitment.id}`} and transaction_type = 'DEBIT'`,
    );
    const movement = await delivered('wallet.movement', leg!.id);
    const statement = (await call(as.superadmin!, 'GET', `/wallets/${leg!.walletId}/transactions`)).json() as {
      id: string;
    }[];
    expect(movement.data.transaction).toEqual(statement.find((t) => t.id === leg!.id));
    expect(movement.data).toMatchObject({ walletId: leg!.walletId, organisationId: dealerOrg });

    const expiresOn = new Date((await read('/fitment', fitment.id)).expiresOn as string);
    await sendExpiryReminders(
      { db: server.database.db, publicUrl: PUBLIC_URL, brandName: 'Waymark' },
      new Date(expiresOn.getTime() - 5 * 86_400_000),
    );
    const expiring = await delivered('fitment.expiring', fitment.id);
    expect(expiring.data).toMatchObject({ daysBefore: 7, expiresOn: expiresOn.toISOString() });

    const demo = { imei: DEMO_FIRST_IMEI, registrationNumber: 'UP78AT4321' };
    const ordered = await server.app.inject({
      method: 'POST',
      url: '/api/public/renewal/orders',
      payload: { ...demo, durationInDays: 365, provider: 'upi' },
    });
    expect(ordered.statusCode).toBe(201);
    const reference = ordered.json().data.reference as string;
    const order = (
      await call(
        as.superadmin!,
        'GET',
        `/renewal-orders?filter=${encodeURIComponent(JSON.stringify({ q: reference }))}`,
      )
    ).json()[0] as { id: string };
    const confirmed = await call(as.superadmin!, 'PUT', `/renewal-orders/${order.id}/confirm`, {
      paymentReference: 'UTR20261128001',
    });
    expect(confirmed.statusCode).toBe(200);
    const paid = await delivered('renewal.paid', order.id);
    expect(paid.data.renewalOrder).toEqual(await read('/renewal-orders', order.id));
    expect(paid.data.renewalOrder).toMatchObject({ status: 'PAID', reference });
  });

  it('sends nothing for a change rolled back, and nothing to another tenant', async () => {
    const before = await outboxCount();
    const row = await sampleBody(as.superadmin!, findResource('fitment')!, dealerOrg);
    // the second row fits the same device again: the upload is refused whole
    const refused = await call(as.superadmin!, 'POST', '/activation/bulk', [row, row]);
    expect(refused.statusCode).toBe(409);
    const imei = (row.device as { imei: string }).imei;
    // the sample device's creation was its own change, committed: device.created alone reached the outbox
    const [device] = await query<{ id: string }>(server.database.db, sql`select id from devices where imei = ${imei}`);
    await delivered('device.created', device!.id);
    expect(await outboxCount()).toBe(before + 1);
    const aboutIt = dealerHooks.requests
      .map(payloadOf)
      .filter((p) => p.type !== 'device.created' && JSON.stringify(p.data).includes(imei));
    expect(aboutIt).toEqual([]);
    // Ganga Movers' endpoint subscribes to every change: none of the dealer's tree reached it
    expect(otherHooks.requests).toEqual([]);
  });

  it('stops sending to a disabled endpoint', async () => {
    await call(as.dealer!, 'PUT', `/webhook-endpoints/${endpoint.id}`, { enabled: false });
    const before = await outboxCount();
    const device = await createSample(as.superadmin!, findResource('device')!, dealerOrg);
    expect(device.id).toBeTruthy();
    expect(await outboxCount()).toBe(before);
    await call(as.dealer!, 'PUT', `/webhook-endpoints/${endpoint.id}`, { enabled: true });
  });
});
