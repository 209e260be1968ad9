import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { demoEmail, signIn, startTestServer, type TestServer } from '../harness.ts';
import { call, type Api } from '../resource-fixtures.ts';
import { outbox } from '../../../server/db/schema.ts';
import { notifyConfig } from '../../../server/notify/settings.ts';
import { newWebhookSecret } from '../../../server/notify/webhook.ts';
import { queueMessage } from '../../../server/outbox.ts';
import { startReceiver } from './receivers.ts';

/**
 * The Deliveries screen's API (GET /api/deliveries, POST /api/deliveries/{id}/retry): a tenant sees
 * the messages of his organisation's tree and nothing else, never a webhook's secret or a push key,
 * and "Retry now" puts a failed message back in the queue, where a worker delivers it.
 */
let server: TestServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
/** The webhook receiver refuses (500) until told to take. */
let accepting = false;
let superAdmin: Api;
let dealerStaff: Api;
let dealerViewer: Api;
let rival: Api;
let demoDealer: Api;
const orgs: Record<string, string> = {};
const secret = newWebhookSecret();

async function userWithRole(name: string, actions: string[], organisationId: string): Promise<Api> {
  const authScopes = [
    {
      id: 'group-management',
      allowed: true,
      children: [
        {
          id: 'management-deliveries',
          allowed: true,
          actions: Object.fromEntries(actions.map((a) => [a, true])),
        },
      ],
    },
  ];
  const role = await call(superAdmin, 'POST', '/roles', { name, authScopes, organisationId });
  expect(role.statusCode, role.body).toBe(201);
  const email = `${name.toLowerCase().replace(/\W/g, '')}@deliveries.test`;
  const user = await call(superAdmin, 'POST', '/users', {
    firstName: name,
    email,
    phone: `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
    password: 'Deliveries-pass-1',
    roleId: role.json().id,
    organisationId,
  });
  expect(user.statusCode, user.body).toBe(201);
  return { app: server.app, token: (await signIn(server.app, email, 'Deliveries-pass-1')).token.access.token };
}

const list = async (api: Api, filter: Record<string, unknown> = {}) => {
  const response = await call(
    api,
    'GET',
    `/deliveries?range=[0,999]&filter=${encodeURIComponent(JSON.stringify(filter))}`,
  );
  return response;
};
const ids = (response: { json(): unknown }) => (response.json() as { id: string }[]).map((r) => r.id);
const rowOf = async (id: string) => (await server.database.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;

/** Waits for a condition (beforeAll has no expect.poll). */
async function until(condition: () => Promise<boolean>, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let mine: string;
let theirs: string;
let platform: string;
let sent: string;

beforeAll(async () => {
  receiver = await startReceiver(() => (accepting ? 204 : 500));
  server = await startTestServer({
    config: {
      notify: notifyConfig(
        { WEBHOOK_ALLOW_RANGES: '127.0.0.1/32', NOTIFY_MAX_ATTEMPTS: '1', NOTIFY_RETRY_SECONDS: '1' },
        'http://localhost:8080',
      ),
    },
  });
  superAdmin = { app: server.app, token: (await signIn(server.app, demoEmail('superadmin'))).token.access.token };
  demoDealer = { app: server.app, token: (await signIn(server.app, demoEmail('dealer'))).token.access.token };
  const organisations = (await call(superAdmin, 'GET', '/organisation?range=[0,99]')).json() as {
    id: string;
    tradeName: string;
    parentId: string | null;
  }[];
  for (const o of organisations) orgs[o.tradeName] = o.id;
  const root = organisations.find((o) => o.parentId === null)!.id;
  orgs.rival = (
    await call(superAdmin, 'POST', '/organisation', { tradeName: 'Rival Couriers', brandName: 'Rival', parentId: root })
  ).json().id;
  dealerStaff = await userWithRole('DELIVERY_DESK', ['retry-delivery'], orgs['Metro Auto Dealers']!);
  dealerViewer = await userWithRole('DELIVERY_VIEWER', [], orgs['Metro Auto Dealers']!);
  rival = await userWithRole('RIVAL_DESK', ['retry-delivery'], orgs.rival);

  const db = server.database.db;
  // a customer's (below the dealer) webhook, which fails once and, with one try allowed, goes dead
  mine = await queueMessage(db, {
    channel: 'webhook',
    recipient: `${receiver.url}/hooks/sunrise`,
    subject: 'Overspeed: UP78FX0001',
    body: '92 km/h near Rawatpur',
    options: { secret },
    organisationId: orgs['Sunrise Logistics']!,
  });
  theirs = await queueMessage(db, {
    channel: 'sms',
    recipient: '+919811111111',
    subject: 'Rival alert',
    body: 'Their message',
    organisationId: orgs.rival,
  });
  platform = await queueMessage(db, {
    channel: 'email',
    recipient: 'someone@platform.test',
    subject: 'Your reset code',
    body: 'Code 123456',
  });
  sent = await queueMessage(db, {
    channel: 'email',
    recipient: 'fleet@sunriselogistics.in',
    subject: 'Welcome',
    body: 'Welcome to Waymark',
    organisationId: orgs['Sunrise Logistics']!,
  });
  // no SMTP or SMS provider here: those are logged; the webhook's one try fails
  for (const [id, status] of [
    [mine, 'dead'],
    [sent, 'logged'],
    [theirs, 'logged'],
  ] as const)
    await until(async () => (await rowOf(id)).status === status);
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

describe('the Deliveries list', () => {
  it("shows a tenant his tree's messages, with what the provider said, and nothing of another tree or the platform", async () => {
    const response = await list(dealerStaff);
    expect(response.statusCode).toBe(200);
    expect(ids(response)).toEqual(expect.arrayContaining([mine, sent]));
    expect(ids(response)).not.toContain(theirs);
    expect(ids(response)).not.toContain(platform);
    const row = (response.json() as Record<string, unknown>[]).find((r) => r.id === mine)!;
    expect(row).toMatchObject({
      channel: 'webhook',
      recipient: `${receiver.url}/hooks/sunrise`,
      subject: 'Overspeed: UP78FX0001',
      status: 'dead',
      attempts: 1,
      organisationId: orgs['Sunrise Logistics'],
    });
    expect(row.answer).toMatch(/^500 /);
    expect((response.json() as Record<string, unknown>[]).find((r) => r.id === sent)).toMatchObject({
      status: 'logged',
      answer: 'no SMTP_URL: written to the log',
      sentAt: null,
    });

    const others = await list(rival);
    expect(ids(others)).toContain(theirs);
    expect(ids(others)).not.toContain(mine);
    expect((await call(rival, 'GET', `/deliveries/${mine}`)).statusCode).toBe(404);

    // the platform's own messages: SUPER_ADMIN's alone
    expect(ids(await list(superAdmin))).toEqual(expect.arrayContaining([mine, theirs, platform]));
    expect(
      ids(await list({ app: server.app, token: (await signIn(server.app, demoEmail('admin'))).token.access.token })),
    ).not.toContain(platform);
  });

  it('never returns a webhook secret or push keys', async () => {
    for (const url of ['/deliveries?range=[0,999]', `/deliveries/${mine}`]) {
      const response = await call(superAdmin, 'GET', url);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(secret);
      expect(response.body).not.toContain('"options"');
    }
  });

  it('filters by status, channel and date', async () => {
    expect(ids(await list(dealerStaff, { status: 'logged' }))).toEqual([sent]);
    expect(ids(await list(dealerStaff, { channel: 'webhook' }))).toEqual([mine]);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect(ids(await list(dealerStaff, { createdAt_gte: future }))).toEqual([]);
    expect(ids(await list(dealerStaff, { createdAt_lte: future }))).toEqual(expect.arrayContaining([mine, sent]));
    expect(ids(await list(dealerStaff, { status: 'lost' }))).toEqual([]);
  });

  it('is refused to a role without its permission id', async () => {
    expect((await list(demoDealer)).statusCode).toBe(403);
    expect((await call(demoDealer, 'GET', `/deliveries/${mine}`)).statusCode).toBe(403);
  });
});

describe('Retry now', () => {
  it('is refused without retry-delivery, and to another tree', async () => {
    expect((await call(dealerViewer, 'POST', `/deliveries/${mine}/retry`)).statusCode).toBe(403);
    expect((await call(demoDealer, 'POST', `/deliveries/${mine}/retry`)).statusCode).toBe(403);
    expect((await call(rival, 'POST', `/deliveries/${mine}/retry`)).statusCode).toBe(404);
    expect((await rowOf(mine)).status).toBe('dead');
  });

  it('refuses a message that went out or to the log, and changes nothing', async () => {
    const response = await call(dealerStaff, 'POST', `/deliveries/${sent}/retry`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'Only a queued or failed message can be retried; this one is Not sent: no provider configured, written to the log.',
    );
    expect((await rowOf(sent)).status).toBe('logged');
  });

  it('queues a failed message again, and a worker delivers it at once', async () => {
    accepting = true;
    const before = receiver.requests.length;
    const response = await call(dealerStaff, 'POST', `/deliveries/${mine}/retry`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'The message is queued again; it goes out in a moment.',
      data: { id: mine },
    });
    expect(response.json().data.options).toBeUndefined();
    await expect.poll(async () => (await rowOf(mine)).status, { timeout: 5_000 }).toBe('sent');
    expect(receiver.requests.length).toBe(before + 1);
    expect(receiver.requests.at(-1)!.headers['webhook-id']).toBe(mine);
    const row = await rowOf(mine);
    expect(row.attempts).toBe(1);
    expect(row.answer).toMatch(/^204/);
  });
});
