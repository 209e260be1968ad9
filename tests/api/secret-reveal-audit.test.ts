import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type TestServer } from './harness.ts';
import { call, demoWorld, type Api } from './resource-fixtures.ts';

/**
 * Revealing a secret (server/resources/reveal-secret.ts) leaves an audit row: who, the call and the
 * record's id, from where, never the secret; a refused reveal (no permission, another tenant's
 * record) leaves none. One route of each of the three resources with a secret.
 */
let server: TestServer;
let as: Record<string, Api>;
let orgs: Record<string, string>;
/** Users of Metro Auto Dealers: one holding the three reveal permissions, one reading the modules without them. */
let keeper: { api: Api; id: string };
let reader: Api;
/** A user of Ganga Movers, beside the dealer's tree, holding the three reveal permissions. */
let outsider: Api;
/** The records whose secrets are revealed, all of Metro Auto Dealers. */
const made: Record<string, string> = {};

const MODULES = {
  'management-notificationrules': 'reveal-notification-rule-secret',
  'management-forwarding': 'reveal-forwarding-secret',
  'management-webhooks': 'reveal-webhook-endpoint-secret',
};

/** A role of the organisation reading the three modules, with or without their reveal permissions, and a user holding it. */
async function userWith(organisationId: string, name: string, reveal: boolean) {
  const authScopes = Object.entries(MODULES).map(([module, permission]) => ({
    id: module,
    allowed: true,
    actions: { [permission]: reveal },
  }));
  const role = await call(as.superadmin!, 'POST', '/roles', { name, authScopes, organisationId });
  expect(role.statusCode, role.body).toBe(201);
  const email = `${name.toLowerCase()}@reveal.test`;
  const user = await call(as.superadmin!, 'POST', '/users', {
    firstName: name,
    email,
    phone: `98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    password: 'Reveal-pass-1',
    roleId: role.json().id,
    organisationId,
  });
  expect(user.statusCode, user.body).toBe(201);
  const session = await signIn(server.app, email, 'Reveal-pass-1');
  return { api: { app: server.app, token: session.token.access.token }, id: session.user.id };
}

beforeAll(async () => {
  server = await startTestServer();
  ({ as, orgs } = await demoWorld(server.app, ['superadmin', 'dealer']));
  const metro = orgs['Metro Auto Dealers']!;
  const root = (await call(as.superadmin!, 'GET', '/organisation?range=[0,99]')).json() as {
    id: string;
    parentId: string | null;
  }[];
  const ganga = await call(as.superadmin!, 'POST', '/organisation', {
    parentId: root.find((o) => !o.parentId)!.id,
    tradeName: 'Ganga Movers',
    brandName: 'Ganga Movers',
    email: 'ops@gangamovers.in',
  });
  expect(ganga.statusCode).toBe(201);
  keeper = await userWith(metro, 'KEEPER', true);
  reader = (await userWith(metro, 'READER', false)).api;
  outsider = (await userWith(ganga.json().id, 'OUTSIDER', true)).api;

  const created = [
    await call(as.superadmin!, 'POST', '/notificationrules', {
      name: 'Panic to the ERP',
      eventType: 'SOS',
      channels: ['webhook'],
      webhookUrl: 'https://hooks.metro.example/waymark',
      organisationId: metro,
    }),
    await call(as.superadmin!, 'POST', '/forwarding-destinations', {
      name: 'Metro ERP feed',
      kind: 'HTTP',
      address: 'https://example.com/metro-erp',
      organisationId: metro,
      enabled: false,
    }),
    await call(as.superadmin!, 'POST', '/webhook-endpoints', {
      name: 'Metro ERP',
      url: 'https://erp.example.invalid/waymark',
      events: ['device.created'],
      organisationId: metro,
    }),
  ];
  for (const answer of created) expect(answer.statusCode, answer.body).toBe(201);
  [made.notificationrules, made['forwarding-destinations'], made['webhook-endpoints']] = created.map(
    (answer) => answer.json().id as string,
  );
});
afterAll(async () => {
  await server?.close();
});

interface AuditRow {
  event: string;
  actorId: string | null;
  action: string;
  targetId: string | null;
  address: string;
  details: Record<string, unknown>;
  organisationId: string | null;
}

/** The rows of one call on one record, newest first, as `api` reads the audit log. */
async function rowsOf(api: Api, action: string, targetId: string): Promise<AuditRow[]> {
  const filter = encodeURIComponent(JSON.stringify({ action, targetId }));
  const response = await call(api, 'GET', `/audit-log?filter=${filter}&sort=["at","DESC"]&range=[0,49]`);
  expect(response.statusCode).toBe(200);
  return response.json() as AuditRow[];
}

describe.each([
  ['notificationrules', 'webhookSecret'],
  ['forwarding-destinations', 'secret'],
  ['webhook-endpoints', 'secret'],
] as const)('GET /api/%s/{id}/secret', (api, field) => {
  const action = `GET /api/${api}/:id/secret`;

  it('leaves an audit row of who revealed which record from where, read by the administrators, never the secret', async () => {
    const id = made[api]!;
    const answer = await call(keeper.api, 'GET', `/${api}/${id}/secret`);
    expect(answer.statusCode).toBe(200);
    const secret = answer.json().data[field] as string;
    expect(secret).toMatch(/^whsec_.{20,}/);

    await expect.poll(async () => (await rowsOf(as.superadmin!, action, id)).length, { timeout: 15_000 }).toBe(1);
    const [row] = await rowsOf(as.superadmin!, action, id);
    expect(row).toMatchObject({
      event: 'secret-revealed',
      actorId: keeper.id,
      action,
      targetId: id,
      address: '127.0.0.1',
      details: {},
      organisationId: orgs['Metro Auto Dealers'],
    });
    expect(JSON.stringify(row)).not.toContain(secret);
    // the dealer administers the tree the keeper is in: the row is his to read too
    expect((await rowsOf(as.dealer!, action, id)).map((r) => r.actorId)).toEqual([keeper.id]);
    // the event filter of the Audit Log screen finds it
    const filter = encodeURIComponent(JSON.stringify({ event: 'secret-revealed', targetId: id }));
    const byEvent = await call(as.superadmin!, 'GET', `/audit-log?filter=${filter}`);
    expect(byEvent.statusCode).toBe(200);
    expect((byEvent.json() as AuditRow[]).map((r) => r.action)).toEqual([action]);
  });

  it("refuses a caller without the permission (403) and another tenant's user (404), and leaves no row of either", async () => {
    const id = made[api]!;
    const refused = await call(reader, 'GET', `/${api}/${id}/secret`);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('whsec_');
    const hidden = await call(outsider, 'GET', `/${api}/${id}/secret`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('whsec_');
    const anonymous = await server.app.inject({ method: 'GET', url: `/api/${api}/${id}/secret` });
    expect(anonymous.statusCode).toBe(401);
    // a later reveal's row shows the refused ones' would have been written by then
    expect((await call(keeper.api, 'GET', `/${api}/${id}/secret`)).statusCode).toBe(200);
    await expect.poll(async () => (await rowsOf(as.superadmin!, action, id)).length, { timeout: 15_000 }).toBe(2);
    expect((await rowsOf(as.superadmin!, action, id)).map((r) => [r.actorId, r.event])).toEqual([
      [keeper.id, 'secret-revealed'],
      [keeper.id, 'secret-revealed'],
    ]);
  });
});
