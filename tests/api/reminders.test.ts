import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { loadConfig } from '../../server/config.ts';
import { registerSweep } from '../../server/reminders/plugin.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { call, demoWorld, type Api } from './resource-fixtures.ts';
import { query } from '../../server/resources/sql.ts';
import { DEMO_FIRST_IMEI } from '../../server/seed/demo.ts';

let server: TestServer;
let as: Record<string, Api>;
const DAY = 86_400_000;

/** Demo fitment i (server/seed/demo.ts): its IMEI and registration number. */
const demo = (i: number) => ({
  imei: (BigInt(DEMO_FIRST_IMEI) + BigInt(i)).toString(),
  registrationNumber: `UP78${String.fromCharCode(65 + i)}T${4321 + i}`,
});
interface Fitment {
  id: string;
  expiresOn: string;
  deviceId: string;
  customerId: string;
  organisationId: string;
}
async function fitmentOf(i: number): Promise<Fitment> {
  const filter = encodeURIComponent(JSON.stringify({ imei: demo(i).imei }));
  return (await call(as.superadmin!, 'GET', `/fitment?filter=${filter}`)).json()[0];
}
interface Sent {
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  options: { template?: string };
  organisationId: string | null;
}
/** What the sweep queued about a vehicle (the outbox the delivery workers send from). */
const sentAbout = (registrationNumber: string) =>
  query<Sent>(
    server.database.db,
    sql`select channel, recipient, subject, body, options, organisation_id as "organisationId" from outbox
    where subject like ${`%${registrationNumber}%`} order by created_at, id`,
  );
async function expiringEvents(deviceId: string) {
  const filter = encodeURIComponent(JSON.stringify({ type: 'SUBSCRIPTION_EXPIRING', deviceId }));
  return (await call(as.superadmin!, 'GET', `/eventlogs?filter=${filter}&range=[0,99]`)).json() as {
    type: string;
    attributes: { daysBefore: number; expiresOn: string };
  }[];
}
const at = (fitment: Fitment, daysBefore: number, minutes = 0) =>
  new Date(new Date(fitment.expiresOn).getTime() - daysBefore * DAY + minutes * 60_000);
const sweep = (now: Date) => server.app.sweep(now);

beforeAll(async () => {
  server = await startTestServer({ config: { sweep: false, testPayments: true } });
  ({ as } = await demoWorld(server.app, ['superadmin']));
  // the demo's subscriptions end days apart; fitments 2 and 4 are moved months away so that each test's sweeps see one
  for (const [i, days] of [
    [2, 100],
    [4, 200],
  ] as const)
    await server.database.db.execute(sql`update fitments set duration_in_days = duration_in_days + ${days},
      expires_on = expires_on + make_interval(days => ${days}) where imei = ${demo(i).imei}`);
});
afterAll(async () => {
  await server?.close();
});

describe('subscription expiry reminders', () => {
  it('sends the customer the renewal link 30, 7 and 1 days before the end, each exactly once', async () => {
    const fitment = await fitmentOf(0);
    const { registrationNumber, imei } = demo(0);
    await sweep(at(fitment, 31));
    expect(await sentAbout(registrationNumber)).toHaveLength(0);

    await sweep(at(fitment, 30));
    let sent = await sentAbout(registrationNumber);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      channel: 'email',
      recipient: 'customer@demo.waymark.in',
      options: { template: 'subscription-expiring' },
      organisationId: fitment.organisationId,
    });
    expect(sent[0]!.subject).toMatch(new RegExp(`^Your .+ subscription for ${registrationNumber} ends on `));
    expect(sent[0]!.body).toContain('/public/renewal-payment');
    expect(sent[0]!.body).toContain(`in 30 day(s)`);
    expect(sent[0]!.body).toContain(imei);
    // the Hindi text follows the English one
    expect(sent[0]!.body).toContain('नवीनीकरण');

    // a restart, the next sweeps of the day, two processes at once: nothing more
    await sweep(at(fitment, 30, 5));
    await Promise.all([sweep(at(fitment, 29)), sweep(at(fitment, 29))]);
    await sweep(at(fitment, 8));
    expect(await sentAbout(registrationNumber)).toHaveLength(1);

    await Promise.all([sweep(at(fitment, 7)), sweep(at(fitment, 7))]);
    await sweep(at(fitment, 6));
    sent = await sentAbout(registrationNumber);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body).toContain('in 7 day(s)');

    await sweep(at(fitment, 1));
    await sweep(at(fitment, 0, -30));
    // ended: no more
    await sweep(at(fitment, 0, 30));
    await sweep(at(fitment, -5));
    sent = await sentAbout(registrationNumber);
    expect(sent.map((s) => s.body.match(/in (\d+) day\(s\)/)![1])).toEqual(['30', '7', '1']);

    // each with its event, which alert rules notify on
    const events = await expiringEvents(fitment.deviceId);
    expect(events.map((e) => e.attributes.daysBefore).sort((a, b) => a - b)).toEqual([1, 7, 30]);
    expect(events.every((e) => e.type === 'SUBSCRIPTION_EXPIRING')).toBe(true);
  });

  it('sends a reminder made late only once, for the nearest mark, and none after a renewal', async () => {
    const fitment = await fitmentOf(2);
    const { registrationNumber, imei } = demo(2);
    // the sweep first runs 20 days before the end: the 30-day reminder, once
    await sweep(at(fitment, 20));
    await sweep(at(fitment, 19));
    expect(await sentAbout(registrationNumber)).toHaveLength(1);

    // the customer renews for a year on the public page
    const order = await server.app.inject({
      method: 'POST',
      url: '/api/public/renewal/orders',
      payload: { registrationNumber, imei, durationInDays: 365, provider: 'test' },
      remoteAddress: '10.20.0.1',
    });
    expect(order.statusCode, order.body).toBe(201);
    const paid = await server.app.inject({
      method: 'POST',
      url: `/api/public/renewal/orders/${order.json().data.reference}/test-payment`,
      payload: { imei },
      remoteAddress: '10.20.0.1',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const renewed = await fitmentOf(2);
    expect(new Date(renewed.expiresOn).getTime()).toBeGreaterThan(new Date(fitment.expiresOn).getTime());

    // the old end's 7 and 1 days pass without a word
    await sweep(at(fitment, 7));
    await sweep(at(fitment, 1));
    expect(await sentAbout(registrationNumber)).toHaveLength(1);
    // the new end has its own reminders
    await sweep(at(renewed, 30));
    expect(await sentAbout(registrationNumber)).toHaveLength(2);
  });

  it('goes by SMS with its DLT template when the customer has no e-mail', async () => {
    const fitment = await fitmentOf(4);
    const { registrationNumber } = demo(4);
    await server.database.db.execute(sql`update users set email = null where id = ${fitment.customerId}::uuid`);
    try {
      await sweep(at(fitment, 7));
      const sent = await sentAbout(registrationNumber);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({
        channel: 'sms',
        recipient: '+919876543210',
        options: { template: 'subscription-expiring' },
      });
    } finally {
      await server.database.db.execute(
        sql`update users set email = 'customer@demo.waymark.in' where id = ${fitment.customerId}::uuid`,
      );
    }
  });
});

describe("a dealer's daily list", () => {
  it('lists the fitments ending in the next 30 days, once a day, to the organisation that recorded them', async () => {
    const first = await fitmentOf(1);
    const dealer = (await call(as.superadmin!, 'GET', `/organisation/${first.organisationId}`)).json() as {
      email: string;
      tradeName: string;
    };
    const lists = () =>
      query<Sent>(
        server.database.db,
        sql`select channel, recipient, subject, body, options, organisation_id as "organisationId" from outbox
        where subject like '%ending in the next 30 days%' order by created_at, id`,
      );
    const before = (await lists()).length;
    // 10 days before fitment 1 ends: the two-year fitments 1, 3 and 5 end within 30 days (and fitment 2, renewed above)
    const now = at(first, 10);
    const all = (await call(as.superadmin!, 'GET', '/fitment?range=[0,99]')).json() as { expiresOn: string }[];
    const inWindow = all.filter((f) => {
      const left = new Date(f.expiresOn).getTime() - now.getTime();
      return left > 0 && left <= 30 * DAY;
    }).length;
    expect(inWindow).toBeGreaterThanOrEqual(3);
    await sweep(now);
    await sweep(new Date(now.getTime() + 60 * 60_000));
    const sent = (await lists()).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channel: 'email', recipient: dealer.email, organisationId: first.organisationId });
    expect(sent[0]!.body).toContain(dealer.tradeName);
    for (const i of [1, 3, 5]) expect(sent[0]!.body).toContain(demo(i).registrationNumber);
    expect(sent[0]!.body).not.toContain(demo(0).registrationNumber);
    expect(sent[0]!.subject).toMatch(new RegExp(`^${inWindow} subscription\\(s\\) ending in the next 30 days`));

    // the next day, the next list
    await sweep(new Date(now.getTime() + DAY));
    expect((await lists()).slice(before)).toHaveLength(2);

    // an organisation without an e-mail of its own: its ADMIN and DEALER users get it (one made a DEALER for the test)
    const limited = sql`(select id from users where email = 'limited@demo.waymark.in')`;
    const role = (name: string) => sql`(select id from roles where name = ${name} and organisation_id is null)`;
    await server.database.db.execute(
      sql`update organisations set email = null where id = ${first.organisationId}::uuid`,
    );
    await server.database.db.execute(sql`update users set role_id = ${role('DEALER')} where id = ${limited}`);
    try {
      await sweep(new Date(now.getTime() + 2 * DAY));
      expect((await lists()).slice(before + 2).map((s) => s.recipient)).toEqual(['limited@demo.waymark.in']);
    } finally {
      await server.database.db.execute(
        sql`update organisations set email = ${dealer.email} where id = ${first.organisationId}::uuid`,
      );
      await server.database.db.execute(sql`update users set role_id = ${role('LIMITED_USER')} where id = ${limited}`);
    }
  });
});

describe('the periodic sweep', () => {
  it('runs every WAYMARK_SWEEP_SECONDS by itself, and not at all when switched off', async () => {
    const { registrationNumber, imei } = demo(4);
    // fitment 4 now ends in 3 days, by the real clock
    await server.database.db
      .execute(sql`update fitments set expires_on = ${new Date(Date.now() + 3 * DAY).toISOString()}::timestamptz
      where imei = ${imei}`);
    const before = (await sentAbout(registrationNumber)).length;
    const app = Fastify();
    app.decorate('publicUrl', 'https://track.example.in');
    app.decorate('brand', 'demo');
    registerSweep(app, server.database.db, loadConfig({ WAYMARK_SWEEP_SECONDS: '1' }, { serveConsole: false }));
    const off = Fastify();
    off.decorate('publicUrl', 'https://track.example.in');
    off.decorate('brand', 'demo');
    registerSweep(off, server.database.db, loadConfig({ WAYMARK_SWEEP: '0' }, { serveConsole: false }));
    await off.ready();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await sentAbout(registrationNumber)).toHaveLength(before);
    await off.close();

    await app.ready();
    await expect.poll(async () => (await sentAbout(registrationNumber)).length, { timeout: 5000 }).toBe(before + 1);
    const sent = (await sentAbout(registrationNumber)).at(-1)!;
    expect(sent.body).toContain('https://track.example.in/public/renewal-payment');
    expect(sent.body).toContain('in 3 day(s)');
    await app.close();
    expect(() => loadConfig({ WAYMARK_SWEEP_SECONDS: 'often' })).toThrow(/WAYMARK_SWEEP_SECONDS/);
  });
});
