import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, signIn, demoEmail, type TestServer } from '../harness.ts';
import { call, demoWorld, type Api } from '../resource-fixtures.ts';

/**
 * An alert rule's recipients, vehicles and group, picked by name in the form (issue 26): the
 * server takes only rows of the caller's tree, and of the rule's own organisation's tree for users
 * and vehicles; it answers their names with the rule; a rule's author who may not read users or
 * vehicles picks them by name alone; the webhook secret is revealed only with its permission.
 */
let server: TestServer;
let as: Record<string, Api>;
let orgs: Record<string, string>;
/** A role of Metro Auto Dealers that makes rules: no user or vehicle screen, no reveal of secrets. */
let ruleMaker: Api;
/** A DEALER of another tenant, Ganga Movers. */
let rival: Api;
const ganga: { organisationId: string; userId: string; vehicleId: string; groupId: string } = {
  organisationId: '',
  userId: '',
  vehicleId: '',
  groupId: '',
};
let customer: { id: string; name: string };
let dealer: { id: string };
let sunriseVehicles: { id: string; registrationNumber: string }[];
let metroVehicle: string;

const json = <T>(response: { json(): unknown }) => response.json() as T;

async function newUser(roleId: string, organisationId: string, firstName: string, email: string) {
  const user = await call(as.superadmin!, 'POST', '/users', {
    firstName,
    lastName: 'Test',
    email,
    phone: `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
    password: 'Rules-pass-2026',
    roleId,
    organisationId,
  });
  expect(user.statusCode, user.body).toBe(201);
  return { app: server.app, token: (await signIn(server.app, email, 'Rules-pass-2026')).token.access.token };
}

beforeAll(async () => {
  server = await startTestServer();
  ({ as, orgs } = await demoWorld(server.app, ['superadmin', 'dealer']));
  const root = json<{ id: string; parentId: string | null }[]>(
    await call(as.superadmin!, 'GET', '/organisation?range=[0,50]'),
  ).find((o) => !o.parentId)!;
  ganga.organisationId = json<{ id: string }>(
    await call(as.superadmin!, 'POST', '/organisation', {
      parentId: root.id,
      tradeName: 'Ganga Movers',
      brandName: 'Ganga Movers',
      email: 'ops@gangamovers.in',
    }),
  ).id;
  const roles = json<{ id: string; name: string }[]>(await call(as.superadmin!, 'GET', '/roles?range=[0,50]'));
  rival = await newUser(roles.find((r) => r.name === 'DEALER')!.id, ganga.organisationId, 'Gita', 'gita@ganga.test');
  ganga.userId = json<{ id: string }[]>(
    await call(as.superadmin!, 'GET', `/users?filter=${encodeURIComponent('{"q":"gita@ganga.test"}')}`),
  )[0]!.id;
  const truck = await call(as.superadmin!, 'POST', '/vehicle', {
    name: 'Ganga 1',
    registrationNumber: 'UP32GT0001',
    category: 'TRUCK',
    organisationId: ganga.organisationId,
  });
  expect(truck.statusCode, truck.body).toBe(201);
  ganga.vehicleId = truck.json().id;
  ganga.groupId = json<{ id: string }>(
    await call(as.superadmin!, 'POST', '/group', { name: 'Ganga fleet', organisationId: ganga.organisationId }),
  ).id;
  expect(ganga.groupId).toBeTruthy();

  const maker = await call(as.superadmin!, 'POST', '/roles', {
    name: 'Rule maker',
    organisationId: orgs['Metro Auto Dealers'],
    authScopes: [
      {
        id: 'group-management',
        allowed: true,
        children: [
          {
            id: 'management-notificationrules',
            allowed: true,
            actions: { 'add-notification-rule': true, 'edit-notification-rule': true },
          },
        ],
      },
    ],
  });
  expect(maker.statusCode, maker.body).toBe(201);
  ruleMaker = await newUser(maker.json().id, orgs['Metro Auto Dealers']!, 'Ravi', 'ravi@rules.test');

  const users = json<{ id: string; firstName: string; lastName: string; email: string }[]>(
    await call(as.superadmin!, 'GET', '/users?range=[0,99]'),
  );
  const c = users.find((u) => u.email === demoEmail('customer'))!;
  customer = { id: c.id, name: `${c.firstName} ${c.lastName}`.trim() };
  dealer = { id: users.find((u) => u.email === demoEmail('dealer'))!.id };
  const vehicles = json<{ id: string; registrationNumber: string; organisationId: string }[]>(
    await call(as.superadmin!, 'GET', '/vehicle?range=[0,99]&sort=["registrationNumber","ASC"]'),
  );
  sunriseVehicles = vehicles.filter((v) => v.organisationId === orgs['Sunrise Logistics']);
  const metro = await call(as.superadmin!, 'POST', '/vehicle', {
    name: 'Metro demo truck',
    registrationNumber: 'UP78MA0001',
    category: 'TRUCK',
    organisationId: orgs['Metro Auto Dealers'],
  });
  expect(metro.statusCode, metro.body).toBe(201);
  metroVehicle = metro.json().id;
  expect(sunriseVehicles.length).toBeGreaterThan(1);
});
afterAll(async () => {
  await server?.close();
});

const rule = (extra: object) => ({
  name: `Rule ${Math.random().toString(36).slice(2, 8)}`,
  eventType: 'OVERSPEED',
  channels: ['console'],
  userIds: [customer.id],
  ...extra,
});
const countRules = async () =>
  json<unknown[]>(await call(as.dealer!, 'GET', '/notificationrules?range=[0,999]')).length;

describe("the rule form's pickers, for a role that may not read users or vehicles", () => {
  it('lists the users of its tree by id, name and e-mail alone, and not another tenant’s', async () => {
    const listed = await call(ruleMaker, 'GET', '/users?range=[0,99]&sort=["firstName","ASC"]');
    expect(listed.statusCode).toBe(200);
    const rows = json<Record<string, unknown>[]>(listed);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(['email', 'firstName', 'id', 'lastName']);
    expect(rows.map((r) => r.email)).toContain(demoEmail('customer'));
    expect(rows.map((r) => r.id)).not.toContain(ganga.userId);
    const typed = json<{ id: string }[]>(
      await call(ruleMaker, 'GET', `/users?filter=${encodeURIComponent(`{"q":"${demoEmail('customer')}"}`)}`),
    );
    expect(typed.map((r) => r.id)).toEqual([customer.id]);
    // the chosen ones shown by id: another tenant's is not answered
    const shown = json<{ id: string }[]>(
      await call(
        ruleMaker,
        'GET',
        `/users?filter=${encodeURIComponent(JSON.stringify({ id: [customer.id, ganga.userId] }))}`,
      ),
    );
    expect(shown.map((r) => r.id)).toEqual([customer.id]);
    expect((await call(ruleMaker, 'GET', `/users/${customer.id}`)).statusCode).toBe(403);
    expect((await call(ruleMaker, 'GET', '/users?filter={"isEnabled":true}')).statusCode).toBe(403);
  });

  it('lists vehicles by registration number alone, and makes a rule with them', async () => {
    const rows = json<Record<string, unknown>[]>(await call(ruleMaker, 'GET', '/vehicle?range=[0,99]'));
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(['id', 'registrationNumber']);
    expect(rows.map((r) => r.id)).not.toContain(ganga.vehicleId);
    const made = await call(
      ruleMaker,
      'POST',
      '/notificationrules',
      rule({ vehicleScope: 'VEHICLES', vehicleIds: [sunriseVehicles[0]!.id] }),
    );
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().labels.vehicleIds).toBe(sunriseVehicles[0]!.registrationNumber);
  });
});

describe('the server refuses ids outside the caller’s tree, with a clear message, and writes nothing', () => {
  it('refuses another tenant’s user, vehicle and group on create', async () => {
    const before = await countRules();
    const user = await call(as.dealer!, 'POST', '/notificationrules', rule({ userIds: [customer.id, ganga.userId] }));
    expect(user.statusCode).toBe(400);
    expect(user.json().message).toBe('Users to tell: one or more were not found among those you can see');
    expect(user.json().errors).toHaveProperty('userIds');
    const vehicle = await call(
      as.dealer!,
      'POST',
      '/notificationrules',
      rule({ vehicleScope: 'VEHICLES', vehicleIds: [ganga.vehicleId] }),
    );
    expect(vehicle.statusCode).toBe(400);
    expect(vehicle.json().message).toBe('Chosen vehicles: one or more were not found among those you can see');
    const group = await call(
      as.dealer!,
      'POST',
      '/notificationrules',
      rule({ vehicleScope: 'GROUP', groupId: ganga.groupId }),
    );
    expect(group.statusCode).toBe(400);
    expect(group.json().message).toBe('Group was not found');
    const notAnId = await call(as.dealer!, 'POST', '/notificationrules', rule({ userIds: ['Asha'] }));
    expect(notAnId.statusCode).toBe(400);
    expect(await countRules()).toBe(before);
  });

  it('refuses them on edit, and the rule stays as it was', async () => {
    const made = json<{ id: string }>(await call(as.dealer!, 'POST', '/notificationrules', rule({})));
    const changed = await call(as.dealer!, 'PUT', `/notificationrules/${made.id}`, {
      ...rule({ name: 'Taken over' }),
      userIds: [ganga.userId],
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().message).toBe('Users to tell: one or more were not found among those you can see');
    const after = json<{ name: string; userIds: string[] }>(
      await call(as.dealer!, 'GET', `/notificationrules/${made.id}`),
    );
    expect(after.userIds).toEqual([customer.id]);
    expect(after.name).not.toBe('Taken over');
  });

  it("keeps a rule's users and vehicles to its own organisation's tree, whose events alone it hears", async () => {
    const sunrise = orgs['Sunrise Logistics']!;
    // the dealer sees himself and his own vehicles, but Sunrise's rule hears nothing of Metro Auto
    const above = await call(
      as.dealer!,
      'POST',
      '/notificationrules',
      rule({ organisationId: sunrise, userIds: [dealer.id] }),
    );
    expect(above.statusCode).toBe(400);
    expect(above.json().message).toBe("A chosen user is not of the rule's organisation or one below it");
    const vehicle = await call(
      as.dealer!,
      'POST',
      '/notificationrules',
      rule({ organisationId: sunrise, vehicleScope: 'VEHICLES', vehicleIds: [metroVehicle] }),
    );
    expect(vehicle.statusCode).toBe(400);
    expect(vehicle.json().message).toBe("A chosen vehicle is not of the rule's organisation or one below it");
    // the same ids in the dealer's own rule are his tree's
    const own = await call(
      as.dealer!,
      'POST',
      '/notificationrules',
      rule({ userIds: [dealer.id], vehicleScope: 'VEHICLES', vehicleIds: [metroVehicle] }),
    );
    expect(own.statusCode, own.body).toBe(201);
  });
});

describe('a rule read names its users, vehicles and group', () => {
  it('answers the names beside the ids, in list and read, and keeps only what its scope uses', async () => {
    const [first, second] = sunriseVehicles;
    const made = json<{ id: string }>(
      await call(
        as.dealer!,
        'POST',
        '/notificationrules',
        rule({ name: 'Named (names test)', vehicleScope: 'VEHICLES', vehicleIds: [second!.id, first!.id] }),
      ),
    );
    const read = json<{ labels: Record<string, string> }>(
      await call(as.dealer!, 'GET', `/notificationrules/${made.id}`),
    );
    expect(read.labels.userIds).toBe(customer.name);
    expect(read.labels.vehicleIds).toBe(`${second!.registrationNumber}, ${first!.registrationNumber}`);
    const listed = json<{ id: string; labels: Record<string, string> }[]>(
      await call(as.dealer!, 'GET', `/notificationrules?filter=${encodeURIComponent('{"q":"names test"}')}`),
    );
    expect(listed.map((r) => [r.id, r.labels.userIds])).toEqual([[made.id, customer.name]]);

    const groupId = json<{ id: string }>(
      await call(as.superadmin!, 'POST', '/group', { name: 'Night shift', organisationId: orgs['Metro Auto Dealers'] }),
    ).id;
    const regrouped = await call(as.dealer!, 'PUT', `/notificationrules/${made.id}`, {
      ...rule({ name: 'Named (names test)' }),
      vehicleScope: 'GROUP',
      groupId,
      vehicleIds: [first!.id],
    });
    expect(regrouped.statusCode, regrouped.body).toBe(200);
    const after = json<{ vehicleIds: string[]; groupId: string; labels: Record<string, string> }>(
      await call(as.dealer!, 'GET', `/notificationrules/${made.id}`),
    );
    expect(after.vehicleIds).toEqual([]);
    expect(after.labels.groupId).toBe('Night shift');
    expect(after.labels.vehicleIds).toBe('');
  });
});

describe("revealing a rule's webhook secret", () => {
  it('answers it whole with the permission; 403 without it, 404 for another tenant, 401 anonymous', async () => {
    const made = json<{ id: string; webhookSecret: string }>(
      await call(as.dealer!, 'POST', '/notificationrules', rule({})),
    );
    const revealed = await call(as.dealer!, 'GET', `/notificationrules/${made.id}/secret`);
    expect(revealed.statusCode).toBe(200);
    expect(revealed.json().data.webhookSecret).toBe(made.webhookSecret);
    // the rule maker edits the rule but may not reveal its secret
    expect((await call(ruleMaker, 'GET', `/notificationrules/${made.id}`)).json().webhookSecret).toMatch(/…$/);
    const refused = await call(ruleMaker, 'GET', `/notificationrules/${made.id}/secret`);
    expect(refused.statusCode).toBe(403);
    expect(JSON.stringify(refused.json())).not.toContain(made.webhookSecret);
    expect((await call(rival, 'GET', `/notificationrules/${made.id}/secret`)).statusCode).toBe(404);
    const anonymous = await server.app.inject({ method: 'GET', url: `/api/notificationrules/${made.id}/secret` });
    expect(anonymous.statusCode).toBe(401);
  });
});
