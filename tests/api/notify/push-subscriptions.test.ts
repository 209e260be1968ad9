import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { demoEmail, signIn, startTestServer, type TestServer } from '../harness.ts';
import { call, type Api } from '../resource-fixtures.ts';
import { outbox } from '../../../server/db/schema.ts';
import { pushSubscriptions } from '../../../server/db/account-schema.ts';
import { notifyConfig } from '../../../server/notify/settings.ts';
import { queueMessages } from '../../../server/outbox.ts';
import { startReceiver } from './receivers.ts';
import { decrypt, subscriber } from './push-crypto.ts';

/**
 * Web push end to end: a user turns notifications on in two browsers (POST /api/push/subscriptions),
 * a push queued to `user:<id>` becomes one outbox row per browser, the worker delivers each through
 * a local HTTP endpoint standing in for the push service, the test decrypts what arrived (RFC 8291)
 * as the browser would, and a subscription the push service calls gone (410) is forgotten.
 */
let server: TestServer;
let pushService: Awaited<ReturnType<typeof startReceiver>>;
let customer: Api;
let customerId: string;
let fitter: Api;
let superAdmin: Api;

beforeAll(async () => {
  pushService = await startReceiver((request) => (request.url.startsWith('/gone') ? 410 : 201));
  server = await startTestServer({
    config: { notify: notifyConfig({ WEBHOOK_ALLOW_RANGES: '127.0.0.1/32' }, 'http://localhost:8080') },
  });
  const signedIn = await signIn(server.app, demoEmail('customer'));
  customer = { app: server.app, token: signedIn.token.access.token };
  customerId = signedIn.user.id;
  fitter = { app: server.app, token: (await signIn(server.app, demoEmail('fitter'))).token.access.token };
  superAdmin = { app: server.app, token: (await signIn(server.app, demoEmail('superadmin'))).token.access.token };
});
afterAll(async () => {
  await server?.close();
  await pushService?.close();
});

const db = () => server.database.db;
const laptop = subscriber();
const phone = subscriber();
const laptopEndpoint = () => `${pushService.url}/push/laptop-1`;
const phoneEndpoint = () => `${pushService.url}/gone/phone-1`;

describe('a browser subscription', () => {
  it("is made with the server's VAPID public key and kept for the signed-in user", async () => {
    const key = await call(customer, 'GET', '/push/public-key');
    expect(key.statusCode).toBe(200);
    expect(key.json().data.publicKey).toBe(server.app.vapidPublicKey);
    expect(Buffer.from(key.json().data.publicKey as string, 'base64url')).toHaveLength(65);

    for (const [endpoint, keys] of [
      [laptopEndpoint(), laptop.keys],
      [phoneEndpoint(), phone.keys],
    ] as const) {
      const made = await call(customer, 'POST', '/push/subscriptions', { endpoint, keys, expirationTime: null });
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json()).toMatchObject({ success: true, data: { endpoint } });
      expect(made.body).not.toContain(keys.auth);
    }
    // subscribing again from the same browser keeps one row
    expect(
      (await call(customer, 'POST', '/push/subscriptions', { endpoint: laptopEndpoint(), keys: laptop.keys }))
        .statusCode,
    ).toBe(201);
    const mine = await call(customer, 'GET', '/push/subscriptions');
    expect((mine.json().data as { endpoint: string }[]).map((s) => s.endpoint).sort()).toEqual(
      [laptopEndpoint(), phoneEndpoint()].sort(),
    );
    // another user sees none of them
    expect((await call(fitter, 'GET', '/push/subscriptions')).json().data).toEqual([]);
  });

  it('refuses bad input with a clear message, and keeps nothing', async () => {
    const before = (await db().select().from(pushSubscriptions)).length;
    const noKeys = await call(customer, 'POST', '/push/subscriptions', { endpoint: `${pushService.url}/push/x` });
    expect(noKeys.statusCode).toBe(400);
    expect(noKeys.json().message).toBe('The subscription needs the p256dh and auth keys the browser gave.');
    const badKeys = await call(customer, 'POST', '/push/subscriptions', {
      endpoint: `${pushService.url}/push/x`,
      keys: { p256dh: 'short', auth: laptop.keys.auth },
    });
    expect(badKeys.statusCode).toBe(400);
    expect(badKeys.json().message).toBe('The subscription needs the p256dh and auth keys the browser gave.');
    const badEndpoint = await call(customer, 'POST', '/push/subscriptions', {
      endpoint: 'javascript:alert(1)//xxxxxxxx',
      keys: laptop.keys,
    });
    expect(badEndpoint.statusCode).toBe(400);
    expect(badEndpoint.json().message).toBe('The subscription needs the web address (http or https) the browser gave.');
    expect((await db().select().from(pushSubscriptions)).length).toBe(before);
    const anonymous = await server.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: { endpoint: `${pushService.url}/push/y`, keys: laptop.keys },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('a push to user:<id>', () => {
  it('reaches every browser of the user, encrypted for each; a gone one is forgotten', async () => {
    const ids = await db().transaction((tx) =>
      queueMessages(tx, {
        channel: 'push',
        recipient: `user:${customerId}`,
        subject: 'SOS: UP78FX0001',
        body: 'Panic button pressed near Rawatpur',
        options: { urgent: true },
      }),
    );
    expect(ids).toHaveLength(2);
    const rows = await db().select().from(outbox).where(inArray(outbox.id, ids));
    expect(rows.map((r) => r.recipient).sort()).toEqual([laptopEndpoint(), phoneEndpoint()].sort());
    expect(rows.find((r) => r.recipient === laptopEndpoint())!.options).toEqual({
      urgent: true,
      keys: laptop.keys,
    });

    await expect
      .poll(async () => (await db().select().from(outbox).where(inArray(outbox.id, ids))).map((r) => r.status).sort(), {
        timeout: 15_000,
      })
      .toEqual(['dead', 'sent']);
    const laptopId = rows.find((r) => r.recipient === laptopEndpoint())!.id;
    const arrived = pushService.requests.find((r) => r.url === '/push/laptop-1')!;
    expect(arrived.headers['content-encoding']).toBe('aes128gcm');
    expect(arrived.headers.urgency).toBe('high');
    expect(JSON.parse(decrypt(arrived.body, laptop.ecdh, laptop.auth))).toEqual({
      id: laptopId,
      title: 'SOS: UP78FX0001',
      body: 'Panic button pressed near Rawatpur',
    });
    // the phone's push service said 410: its subscription is gone, and the next push skips it
    const gone = await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, phoneEndpoint()));
    expect(gone).toEqual([]);
    const next = await queueMessages(db(), {
      channel: 'push',
      recipient: `user:${customerId}`,
      subject: 'Overspeed',
      body: '92 km/h',
    });
    expect(next).toHaveLength(1);

    // the Deliveries screen lists the pushes, never their keys
    const listed = await call(
      superAdmin,
      'GET',
      `/deliveries?range=[0,999]&filter=${encodeURIComponent('{"channel":"push"}')}`,
    );
    expect((listed.json() as { id: string }[]).map((r) => r.id)).toEqual(expect.arrayContaining(ids));
    expect(listed.body).not.toContain(laptop.keys.auth);
    expect(listed.body).not.toContain(laptop.keys.p256dh);
  });

  it('queues nothing for a user with no subscription', async () => {
    const fitterId = (await signIn(server.app, demoEmail('fitter'))).user.id;
    expect(
      await queueMessages(db(), { channel: 'push', recipient: `user:${fitterId}`, subject: 'Hello', body: 'Hi' }),
    ).toEqual([]);
  });
});

describe('turning notifications off', () => {
  it("forgets the browser's subscription, for its own user only", async () => {
    expect((await call(fitter, 'DELETE', '/push/subscriptions', { endpoint: laptopEndpoint() })).statusCode).toBe(404);
    const off = await call(customer, 'DELETE', '/push/subscriptions', { endpoint: laptopEndpoint() });
    expect(off.statusCode).toBe(200);
    expect(off.json().message).toBe('Notifications turned off for this browser.');
    expect((await call(customer, 'GET', '/push/subscriptions')).json().data).toEqual([]);
    expect(
      await queueMessages(db(), { channel: 'push', recipient: `user:${customerId}`, subject: 'Hello', body: 'Hi' }),
    ).toEqual([]);
  });
});
