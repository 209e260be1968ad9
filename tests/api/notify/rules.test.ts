import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  bearer,
  demoEmail,
  signIn,
  startTestServer,
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  type TestServer,
} from '../harness.ts';
import { notifyConfig } from '../../../server/notify/settings.ts';
import { NoticeProcessor } from '../../../server/alerts/notices.ts';
import { PlaceLookup } from '../../../server/alerts/places.ts';
import { sweepLowWallets, sweepOfflineDevices } from '../../../server/alerts/sweep.ts';
import { insertEvents } from '../../../server/gateway/frame-rows.ts';
import { query } from '../../../server/resources/sql.ts';
import { emergencyFrame } from '../../../server/simulator/frames.ts';
import { connectDevice, eventually } from '../../gateway/device-client.ts';
import type { Db } from '../../../server/db/client.ts';

const PUBLIC_URL = 'https://track.example.in';
const SUNRISE_IMEI = '868347070000000';
let server: TestServer;
let db: Db;
let admin: string;
let customer: string;
/** Who makes the rules: the demo DEALER, above Sunrise Logistics (a CUSTOMER holds no management module). */
let author: string;
let customerId: string;
let limited: string;
let outsider: string;
let sunrise: { organisationId: string; deviceId: string; vehicleId: string; registration: string };

const call = async (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const response = await server.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });
  return { status: response.statusCode, body: response.json() };
};

/** A rule of Sunrise Logistics unless it names another organisation. */
const createRule = async (token: string, rule: object) => {
  const { status, body } = await call(token, 'POST', '/notificationrules', {
    organisationId: sunrise.organisationId,
    ...rule,
  });
  if (status !== 200 && status !== 201) throw new Error(`rule refused: ${JSON.stringify(body)}`);
  return body as { id: string; webhookSecret: string; throttleMinutes: number | null };
};

/** Inserts events as the gateway's store does (insertEvents), in a transaction of their own. */
const raise = async (type: string, eventTime: Date, attributes: Record<string, unknown> = {}) =>
  db.transaction(async (tx) => {
    await (tx as unknown as Db).execute(
      insertEvents([
        {
          type,
          deviceId: sunrise.deviceId,
          vehicleId: sunrise.vehicleId,
          organisationId: sunrise.organisationId,
          eventTime: eventTime.toISOString(),
          latitude: 26.4499,
          longitude: 80.3319,
          attributes,
        },
      ]),
    );
  });

const noticesOf = (ruleId: string) =>
  query<{ status: string }>(db, sql`select status from notices where rule_id = ${ruleId}::uuid order by id`);
const processorAt = (time: string) => new NoticeProcessor(db, { publicUrl: PUBLIC_URL, now: () => new Date(time) });

beforeAll(async () => {
  // no delivery in this process: the tests run the notice processor themselves, with a fixed clock
  server = await startTestServer({
    gateway: true,
    config: { notify: notifyConfig({ WAYMARK_DELIVER: '0' }, PUBLIC_URL) },
  });
  db = server.database.db;
  admin = (await signIn(server.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token.access.token;
  const signedCustomer = await signIn(server.app, demoEmail('customer'));
  customer = signedCustomer.token.access.token;
  customerId = signedCustomer.user.id;
  limited = (await signIn(server.app, demoEmail('limited'))).token.access.token;
  author = (await signIn(server.app, demoEmail('dealer'))).token.access.token;
  const organisations = (await call(admin, 'GET', '/organisation?range=[0,50]')).body as {
    id: string;
    parentId: string | null;
  }[];
  const root = organisations.find((o) => !o.parentId)!;
  const other = (
    await call(admin, 'POST', '/organisation', {
      parentId: root.id,
      tradeName: 'Ganga Movers',
      brandName: 'Ganga Movers',
      email: 'ops@gangamovers.in',
    })
  ).body as { id: string };
  const roles = (await call(admin, 'GET', '/roles?range=[0,20]')).body as { id: string; name: string }[];
  await call(admin, 'POST', '/users', {
    firstName: 'Gita',
    lastName: 'Rao',
    email: 'gita@gangamovers.in',
    phone: '9811111111',
    password: 'Ganga-pass-2026',
    roleId: roles.find((r) => r.name === 'DEALER')!.id,
    organisationId: other.id,
  });
  outsider = (await signIn(server.app, 'gita@gangamovers.in', 'Ganga-pass-2026')).token.access.token;
  const [row] = await query<{ organisationId: string; deviceId: string; vehicleId: string; registration: string }>(
    db,
    sql`select v.organisation_id as "organisationId", d.id as "deviceId", v.id as "vehicleId", v.registration_number as registration
      from devices d join vehicles v on v.device_id = d.id where d.imei = ${SUNRISE_IMEI}`,
  );
  sunrise = row!;
  // the demo's own rules (server/seed/demo-rules.ts) would add their deliveries to those counted here
  await query(db, sql`update notification_rules set enabled = false`);
});

afterAll(async () => {
  await server?.close();
});

describe('alert rules: who may see and change them', () => {
  it("keeps a dealer's rule to his tree, refuses roles without the permission, and checks what the rule holds", async () => {
    const rule = await createRule(author, {
      name: 'Panic to me',
      eventType: 'SOS',
      channels: ['console'],
      userIds: [customerId],
    });
    // the secret is made by the server, shown whole once (the create's answer), then masked, and whole to those allowed to reveal it
    expect(rule.webhookSecret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    expect((await call(author, 'GET', `/notificationrules/${rule.id}`)).body.webhookSecret).toMatch(/^whsec_.{4}…$/);
    const revealed = await call(author, 'GET', `/notificationrules/${rule.id}/secret`);
    expect(revealed.status).toBe(200);
    expect(revealed.body.data.webhookSecret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    // an edit's answer is what a read shows: whoever may edit the rule does not get the secret whole from it
    const edited = await call(author, 'PUT', `/notificationrules/${rule.id}`, { name: 'Panic to me, renamed' });
    expect(edited.status).toBe(200);
    expect(edited.body.name).toBe('Panic to me, renamed');
    expect(edited.body.webhookSecret).toMatch(/^whsec_.{4}…$/);

    expect((await call(author, 'GET', '/notificationrules')).body.map((r: { id: string }) => r.id)).toContain(rule.id);
    expect((await call(outsider, 'GET', '/notificationrules')).body).toEqual([]);
    expect((await call(outsider, 'GET', `/notificationrules/${rule.id}`)).status).toBe(404);
    expect(
      (
        await call(outsider, 'PUT', `/notificationrules/${rule.id}`, {
          name: 'Taken',
          eventType: 'SOS',
          channels: ['console'],
          userIds: [],
        })
      ).status,
    ).toBe(404);
    expect((await call(outsider, 'GET', `/notificationrules/${rule.id}/secret`)).status).toBe(404);

    expect((await call(limited, 'GET', '/notificationrules')).status).toBe(403);
    expect((await call(customer, 'GET', '/notificationrules')).status).toBe(403);
    expect(
      (await call(limited, 'POST', '/notificationrules', { name: 'x', eventType: 'SOS', channels: ['console'] }))
        .status,
    ).toBe(403);

    // bad input: a clear message, nothing written
    const before = (await call(author, 'GET', '/notificationrules')).body.length;
    const noAmount = await call(author, 'POST', '/notificationrules', {
      name: 'Wallet',
      eventType: 'WALLET_LOW',
      channels: ['console'],
      userIds: [customerId],
    });
    expect(noAmount.status).toBe(400);
    expect(noAmount.body.message).toBe('Wallet low needs its amount');
    const gitaId = (await call(admin, 'GET', `/users?filter=${encodeURIComponent('{"q":"gita@gangamovers.in"}')}`))
      .body[0].id;
    const foreignUser = await call(author, 'POST', '/notificationrules', {
      name: 'Tell Gita',
      eventType: 'SOS',
      channels: ['email'],
      userIds: [gitaId],
    });
    expect(foreignUser.status).toBe(400);
    expect(foreignUser.body.message).toBe('Users to tell: one or more were not found among those you can see');
    const badChannel = await call(author, 'POST', '/notificationrules', {
      name: 'Pigeon',
      eventType: 'SOS',
      channels: ['pigeon'],
      userIds: [customerId],
    });
    expect(badChannel.status).toBe(400);
    expect((await call(author, 'GET', '/notificationrules')).body.length).toBe(before);

    // an overspeed rule gets the 10-minute throttle when the form leaves it empty
    const overspeed = await createRule(author, {
      name: 'Speeding',
      eventType: 'OVERSPEED',
      channels: ['console'],
      userIds: [customerId],
    });
    expect(overspeed.throttleMinutes).toBe(10);
    for (const id of [rule.id, overspeed.id])
      expect((await call(author, 'DELETE', `/notificationrules/${id}`)).status).toBe(200);
  });
});

describe('the decision, made with the event', () => {
  it('turns an SOS the gateway stores into deliveries with the right recipients, in English and Hindi', async () => {
    const english = await createRule(author, {
      name: 'SOS to the owner',
      eventType: 'SOS',
      channels: ['email', 'sms', 'push', 'console', 'webhook'],
      userIds: [customerId],
      contactEmails: ['control@sunrise.example'],
      contactPhones: ['9800000099'],
      webhookUrl: 'https://hooks.sunrise.example/waymark',
    });
    const hindi = await createRule(author, {
      name: 'SOS हिंदी',
      eventType: 'SOS',
      language: 'hi',
      channels: ['sms'],
      contactPhones: ['+919800000098'],
    });
    // the customer's browser took web push: a push to him goes to its subscription (server/outbox.ts)
    await db.execute(
      sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth) values (${customerId}::uuid,
        'https://push.example/customer-laptop', 'BPublicKeyOfTheBrowser', 'authSecret')`,
    );
    const tracker = await connectDevice(server.gatewayPort);
    const pressed = new Date(Date.UTC(2026, 10, 27, 9, 15, 0));
    await tracker.send(
      emergencyFrame(
        {
          imei: SUNRISE_IMEI,
          registration: sunrise.registration,
          latitude: 26.4499,
          longitude: 80.3319,
          speed: 0,
          heading: 0,
          ignition: true,
          frameNumber: 1,
        },
        pressed,
      ),
    );
    // the notice is committed with the event, before anything is delivered
    await eventually(async () => (await noticesOf(english.id)).length === 1, 5000, 'notice');
    tracker.close();
    await processorAt('2026-11-27T09:15:05Z').drain();
    expect(await noticesOf(english.id)).toEqual([{ status: 'sent' }]);

    const rows = await query<{
      channel: string;
      recipient: string;
      subject: string;
      body: string;
      options: never;
      organisationId: string;
    }>(
      db,
      sql`select channel, recipient, subject, body, options, organisation_id as "organisationId" from outbox
        where created_at > now() - interval '1 minute' and (subject like '%SOS%') order by channel, recipient`,
    );
    const to = (channel: string) => rows.filter((r) => r.channel === channel).map((r) => r.recipient);
    expect(to('email')).toEqual([demoEmail('customer'), 'control@sunrise.example'].sort());
    expect(to('sms')).toEqual(['+919800000098', '+919800000099', '+919876543210']);
    expect(to('push')).toEqual(['https://push.example/customer-laptop']);
    expect(to('webhook')).toEqual(['https://hooks.sunrise.example/waymark']);
    expect(rows.every((r) => r.organisationId === sunrise.organisationId)).toBe(true);

    const mail = rows.find((r) => r.channel === 'email')!;
    expect(mail.subject).toBe(`SOS: ${sunrise.registration}`);
    expect(mail.body).toContain(`SOS for ${sunrise.registration}.`);
    expect(mail.body).toContain('Where: at 26.44990, 80.33190');
    expect(mail.body).toContain('When: 27/11/2026 14:45 (IST)');
    expect(mail.body).toContain(`${PUBLIC_URL}/vehicle/edit/${sunrise.vehicleId}`);
    const sms = rows.filter((r) => r.channel === 'sms');
    expect(sms.find((r) => r.recipient === '+919800000099')!.body).toBe(
      `Waymark: SOS - ${sunrise.registration} at 26.44990, 80.33190, 27/11/2026 14:45 IST. ${PUBLIC_URL}/vehicle/edit/${sunrise.vehicleId}`,
    );
    expect(sms.find((r) => r.recipient === '+919800000098')!.body).toContain('26.44990, 80.33190 पर');
    const hook = rows.find((r) => r.channel === 'webhook')!.options as {
      secret: string;
      type: string;
      data: Record<string, unknown>;
    };
    expect(hook.secret).toMatch(/^whsec_/);
    expect(hook.type).toBe('alert');
    expect(hook.data).toMatchObject({
      eventType: 'SOS',
      ruleId: english.id,
      vehicleId: sunrise.vehicleId,
      deviceId: sunrise.deviceId,
      registrationNumber: sunrise.registration,
    });

    // the console's bell
    const mine = await call(customer, 'GET', '/notifications/mine');
    expect(mine.body.data.unread).toBeGreaterThanOrEqual(1);
    expect(mine.body.data.notifications[0]).toMatchObject({
      title: `SOS: ${sunrise.registration}`,
      body: 'at 26.44990, 80.33190, 27/11/2026 14:45 IST',
      vehicleId: sunrise.vehicleId,
      readAt: null,
    });
    for (const id of [english.id, hindi.id]) await call(author, 'DELETE', `/notificationrules/${id}`);
  });

  it('throttles a vehicle to one overspeed per rule in its minutes, by a fixed clock', async () => {
    const rule = await createRule(author, {
      name: 'Speeding',
      eventType: 'OVERSPEED',
      channels: ['console'],
      userIds: [customerId],
    });
    await raise('OVERSPEED', new Date('2026-11-27T06:00:00Z'), { speed: 91 });
    await processorAt('2026-11-27T06:00:01Z').drain();
    await raise('OVERSPEED', new Date('2026-11-27T06:05:00Z'), { speed: 95 });
    await processorAt('2026-11-27T06:05:01Z').drain();
    await raise('OVERSPEED', new Date('2026-11-27T06:10:30Z'), { speed: 97 });
    await processorAt('2026-11-27T06:10:31Z').drain();
    expect((await noticesOf(rule.id)).map((n) => n.status)).toEqual(['sent', 'throttled', 'sent']);
    // two overspeeds decided in one round: the round's own first counts as sent for the second
    await raise('OVERSPEED', new Date('2026-11-27T06:30:00Z'), { speed: 92 });
    await raise('OVERSPEED', new Date('2026-11-27T06:31:00Z'), { speed: 93 });
    await processorAt('2026-11-27T06:31:01Z').drain();
    expect((await noticesOf(rule.id)).map((n) => n.status)).toEqual(['sent', 'throttled', 'sent', 'sent', 'throttled']);
    const mine = (await call(customer, 'GET', '/notifications/mine')).body.data.notifications as { body: string }[];
    expect(mine.filter((n) => n.body.includes('27/11/2026 11:35'))).toHaveLength(0);
    expect(mine.filter((n) => n.body.includes('27/11/2026 11:30') || n.body.includes('27/11/2026 11:40'))).toHaveLength(
      2,
    );
    await call(author, 'DELETE', `/notificationrules/${rule.id}`);
  });

  it("says the place's address when a reverse-geocoding service answers, in the rule's language, and the coordinates when it does not", async () => {
    const asked: { url: string; language: string | undefined }[] = [];
    let answer: 'address' | 'nothing' | 'slow' = 'address';
    const geocoder = http.createServer((request, response) => {
      asked.push({ url: request.url!, language: request.headers['accept-language'] });
      if (answer === 'slow') return void setTimeout(() => response.end('{}'), 2000);
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(answer === 'address' ? { display_name: 'Rama Mandi, Kanpur, Uttar Pradesh' } : {}));
    });
    await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}/reverse?format=jsonv2&lat={lat}&lon={lon}`;
    const places = new PlaceLookup(url, { timeoutMs: 300 });
    const processor = (time: string) =>
      new NoticeProcessor(db, { publicUrl: PUBLIC_URL, places, now: () => new Date(time) });
    const rule = await createRule(author, {
      name: 'Panic, in Hindi',
      eventType: 'SOS',
      channels: ['console', 'sms'],
      userIds: [customerId],
      contactPhones: ['9800000077'],
      language: 'hi',
    });
    const bodies = async () =>
      (
        await query<{ body: string }>(
          db,
          sql`select n.body from user_notifications n join notices o on o.id = n.notice_id
            where o.rule_id = ${rule.id}::uuid order by o.id`,
        )
      ).map((row) => row.body);
    try {
      await raise('SOS', new Date('2026-11-27T08:00:00Z'));
      await processor('2026-11-27T08:00:01Z').drain();
      expect(asked).toEqual([{ url: '/reverse?format=jsonv2&lat=26.4499&lon=80.3319', language: 'hi' }]);
      // the same place again is not asked again
      await raise('SOS', new Date('2026-11-27T08:01:00Z'));
      await processor('2026-11-27T08:01:01Z').drain();
      expect(asked).toHaveLength(1);
      expect(await bodies()).toEqual([
        expect.stringContaining('Rama Mandi, Kanpur, Uttar Pradesh'),
        expect.stringContaining('Rama Mandi, Kanpur, Uttar Pradesh'),
      ]);
      // an SMS keeps the coordinates: a DLT template's variable holds 30 characters
      const sms = await query<{ body: string }>(
        db,
        sql`select body from outbox where channel = 'sms' and recipient like '%9800000077' order by created_at`,
      );
      expect(sms.map((row) => row.body)).toEqual([
        expect.stringContaining('26.44990, 80.33190'),
        expect.stringContaining('26.44990, 80.33190'),
      ]);
      // a service too slow, or knowing no address, leaves the coordinates
      for (const [kind, minute] of [
        ['slow', '10'],
        ['nothing', '20'],
      ] as const) {
        answer = kind;
        const elsewhere = new PlaceLookup(url, { timeoutMs: 300 });
        await raise('SOS', new Date(`2026-11-27T08:${minute}:00Z`));
        await new NoticeProcessor(db, {
          publicUrl: PUBLIC_URL,
          places: elsewhere,
          now: () => new Date(`2026-11-27T08:${minute}:01Z`),
        }).drain();
      }
      const [, , slow, nothing] = await bodies();
      for (const body of [slow, nothing]) expect(body).toContain('26.44990, 80.33190');
    } finally {
      geocoder.closeAllConnections();
      geocoder.close();
      await call(author, 'DELETE', `/notificationrules/${rule.id}`);
    }
  });

  it('throttles a notice of no vehicle by its rule alone (a WALLET_LOW), by a fixed clock', async () => {
    const rule = await createRule(author, {
      name: 'Wallet low, once an hour',
      eventType: 'WALLET_LOW',
      walletBelow: 10_000_000,
      throttleMinutes: 60,
      channels: ['console'],
      userIds: [customerId],
    });
    const notice = (at: string) =>
      query(
        db,
        sql`insert into notices (event_id, rule_id, details) values (null, ${rule.id}::uuid,
          jsonb_build_object('eventType', 'WALLET_LOW', 'eventTime', ${at}::timestamptz,
            'organisationId', ${sunrise.organisationId}::uuid, 'attributes', '{"balance": 100, "below": 1000000000}'::jsonb))`,
      );
    await notice('2026-11-27T06:00:00Z');
    await processorAt('2026-11-27T06:00:01Z').drain();
    await notice('2026-11-27T06:30:00Z');
    await processorAt('2026-11-27T06:30:01Z').drain();
    await notice('2026-11-27T07:05:00Z');
    await processorAt('2026-11-27T07:05:01Z').drain();
    expect((await noticesOf(rule.id)).map((n) => n.status)).toEqual(['sent', 'throttled', 'sent']);
    await call(author, 'DELETE', `/notificationrules/${rule.id}`);
  });

  it('holds alerts back in quiet hours (Asia/Kolkata), but never an SOS', async () => {
    const quiet = { quietFrom: '22:00', quietTo: '06:00', channels: ['console'], userIds: [customerId] };
    const overspeed = await createRule(author, {
      name: 'Night speed',
      eventType: 'OVERSPEED',
      throttleMinutes: 0,
      ...quiet,
    });
    const sos = await createRule(author, { name: 'Night SOS', eventType: 'SOS', ...quiet });
    // 18:30 UTC is midnight in India
    await raise('OVERSPEED', new Date('2026-11-27T18:30:00Z'), { speed: 90 });
    await raise('SOS', new Date('2026-11-27T18:30:00Z'));
    await processorAt('2026-11-27T18:30:02Z').drain();
    expect(await noticesOf(overspeed.id)).toEqual([{ status: 'quiet' }]);
    expect(await noticesOf(sos.id)).toEqual([{ status: 'sent' }]);
    // 07:00 in India: out of the quiet hours
    await raise('OVERSPEED', new Date('2026-11-28T01:30:00Z'), { speed: 90 });
    await processorAt('2026-11-28T01:30:02Z').drain();
    expect((await noticesOf(overspeed.id)).map((n) => n.status)).toEqual(['quiet', 'sent']);
    for (const id of [overspeed.id, sos.id]) await call(author, 'DELETE', `/notificationrules/${id}`);
  });

  it('decides nothing for a disabled rule or another vehicle', async () => {
    const off = await createRule(author, {
      name: 'Off',
      eventType: 'IGNITION_ON',
      enabled: false,
      channels: ['console'],
      userIds: [customerId],
    });
    const other = await createRule(author, {
      name: 'Another truck',
      eventType: 'IGNITION_ON',
      vehicleScope: 'VEHICLES',
      vehicleIds: [
        (
          await query<{ id: string }>(
            db,
            sql`select id from vehicles where id <> ${sunrise.vehicleId}::uuid and organisation_id = ${sunrise.organisationId}::uuid limit 1`,
          )
        )[0]!.id,
      ],
      channels: ['console'],
      userIds: [customerId],
    });
    await raise('IGNITION_ON', new Date());
    expect(await noticesOf(off.id)).toEqual([]);
    expect(await noticesOf(other.id)).toEqual([]);
    for (const id of [off.id, other.id]) await call(author, 'DELETE', `/notificationrules/${id}`);
  });
});

describe('the sweep: DEVICE_OFFLINE and WALLET_LOW', () => {
  it("raises one DEVICE_OFFLINE per silence longer than the rule's minutes, and tells of it", async () => {
    const rule = await createRule(author, {
      name: 'Silent 30 minutes',
      eventType: 'DEVICE_OFFLINE',
      offlineMinutes: 30,
      vehicleScope: 'VEHICLES',
      vehicleIds: [sunrise.vehicleId],
      channels: ['console'],
      userIds: [customerId],
    });
    await query(
      db,
      sql`insert into device_states (device_id, last_seen_at) values (${sunrise.deviceId}::uuid, '2026-11-28T04:00:00Z')
        on conflict (device_id) do update set last_seen_at = excluded.last_seen_at`,
    );
    expect(await sweepOfflineDevices(db, new Date('2026-11-28T04:20:00Z'))).toBe(0);
    expect(await sweepOfflineDevices(db, new Date('2026-11-28T04:45:00Z'))).toBe(1);
    // the same silence is told once
    expect(await sweepOfflineDevices(db, new Date('2026-11-28T05:30:00Z'))).toBe(0);
    await processorAt('2026-11-28T04:45:01Z').drain();
    expect(await noticesOf(rule.id)).toEqual([{ status: 'sent' }]);
    const mine = (await call(customer, 'GET', '/notifications/mine')).body.data.notifications as { title: string }[];
    expect(mine[0]!.title).toBe(`Device offline: ${sunrise.registration}`);
    await call(author, 'DELETE', `/notificationrules/${rule.id}`);
  });

  it("tells a dealer once a day while his organisation's wallet is below the rule's amount", async () => {
    const signedDealer = await signIn(server.app, demoEmail('dealer'));
    const dealer = signedDealer.token.access.token;
    const rule = await createRule(dealer, {
      name: 'Wallet under ₹1 crore',
      eventType: 'WALLET_LOW',
      walletBelow: 10_000_000,
      organisationId: (
        await query<{ id: string }>(
          db,
          sql`select organisation_id as id from users where email = ${demoEmail('dealer')}`,
        )
      )[0]!.id,
      channels: ['console', 'email'],
      userIds: [signedDealer.user.id],
    });
    expect(await sweepLowWallets(db, new Date())).toBe(1);
    expect(await sweepLowWallets(db, new Date())).toBe(0);
    await processorAt(new Date().toISOString()).drain();
    expect(await noticesOf(rule.id)).toEqual([{ status: 'sent' }]);
    const mine = (await call(dealer, 'GET', '/notifications/mine')).body.data.notifications as { title: string }[];
    expect(mine[0]!.title).toBe('Wallet low: the organisation wallet');
    const [mail] = await query<{ body: string }>(
      db,
      sql`select body from outbox where recipient = ${demoEmail('dealer')} and subject like 'Wallet low%'`,
    );
    expect(mail!.body).toMatch(/Wallet balance: ₹[\d.]+/);
    await call(dealer, 'DELETE', `/notificationrules/${rule.id}`);
  });
});

describe('the demo', () => {
  it("seeds Sunrise Logistics' rules: SOS to console and e-mail, overspeed throttled", async () => {
    const rules = (await call(author, 'GET', '/notificationrules')).body as {
      eventType: string;
      channels: string[];
      throttleMinutes: number | null;
    }[];
    expect(rules.map((r) => [r.eventType, r.channels, r.throttleMinutes]).sort()).toEqual([
      ['OVERSPEED', ['console'], 10],
      ['SOS', ['console', 'email'], null],
    ]);
  });
});

describe('the bell', () => {
  it('marks one notification read, then all; a user reads and marks only his own', async () => {
    const before = (await call(customer, 'GET', '/notifications/mine')).body.data;
    expect(before.unread).toBeGreaterThanOrEqual(2);
    const first = before.notifications[0] as { id: string };
    expect((await call(outsider, 'POST', `/notifications/${first.id}/read`)).status).toBe(404);
    expect((await call(outsider, 'GET', '/notifications/mine')).body.data.notifications).toEqual([]);
    const one = await call(customer, 'POST', `/notifications/${first.id}/read`);
    expect(one.body.data.unread).toBe(before.unread - 1);
    expect((await call(customer, 'GET', '/notifications/unread-count')).body.data.unread).toBe(before.unread - 1);
    const unreadOnly = (await call(customer, 'GET', '/notifications/mine?unread=true')).body.data.notifications;
    expect(unreadOnly.map((n: { id: string }) => n.id)).not.toContain(first.id);
    await call(customer, 'POST', '/notifications/read-all');
    expect((await call(customer, 'GET', '/notifications/unread-count')).body.data.unread).toBe(0);
  });
});
