import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEMO_PASSWORD, demoEmail, signIn, startTestServer, type TestServer } from './harness.ts';
import { call, demoWorld, type Api } from './resource-fixtures.ts';

let server: TestServer;
let as: Record<string, Api>;
let orgs: Record<string, string>;
let roleIds: Record<string, string>;
let users: Record<string, { id: string; roleId: string; organisationId: string }>;

beforeAll(async () => {
  server = await startTestServer();
  ({ as, orgs } = await demoWorld(server.app, ['superadmin', 'dealer', 'distributer', 'rfcadmin']));
  const roles = (await call(as.superadmin!, 'GET', '/roles?range=[0,99]')).json() as { id: string; name: string }[];
  roleIds = Object.fromEntries(roles.map((r) => [r.name, r.id]));
  const list = (await call(as.superadmin!, 'GET', '/users?range=[0,99]')).json() as {
    id: string;
    email: string;
    roleId: string;
    organisationId: string;
  }[];
  users = Object.fromEntries(list.map((u) => [u.email.split('@')[0]!, u]));
});
afterAll(async () => {
  await server?.close();
});

let phone = 9700000000;
async function createUserAs(api: Api, roleName: string, organisationId: string) {
  phone += 1;
  return call(api, 'POST', '/users', {
    firstName: 'New',
    lastName: roleName,
    phone: String(phone),
    email: `new${phone}@example.in`,
    password: DEMO_PASSWORD,
    roleId: roleIds[roleName],
    organisationId,
  });
}

/** An ADMIN of a customer's organisation: a tenant administrator, not the platform's. */
async function tenantAdmin(): Promise<Api> {
  const created = await createUserAs(as.superadmin!, 'ADMIN', orgs['Sunrise Logistics']!);
  expect(created.statusCode).toBe(201);
  const session = await signIn(server.app, created.json().email);
  return { app: server.app, token: session.token.access.token };
}

describe('super-admin is the built-in role, never a name', () => {
  it('refuses to create a role with a built-in name, whatever its case or spacing', async () => {
    const admin = await tenantAdmin();
    for (const name of ['SUPER_ADMIN', ' super_admin ', 'Super Admin', 'super-admin', 'Dealer', 'CUSTOMER']) {
      const response = await call(admin, 'POST', '/roles', { name, authScopes: [] });
      expect(response.statusCode, name).toBe(400);
      expect(response.json().errors.name).toBe('This name belongs to a built-in role; choose another');
    }
    // not even the platform's super-admin may
    expect((await call(as.superadmin!, 'POST', '/roles', { name: 'admin', authScopes: [] })).statusCode).toBe(400);
  });

  it('refuses to rename a role to a built-in name, and to rename or delete a built-in role', async () => {
    const admin = await tenantAdmin();
    const created = await call(admin, 'POST', '/roles', { name: 'Night shift', authScopes: [] });
    expect(created.statusCode).toBe(201);
    const renamed = await call(admin, 'PUT', `/roles/${created.json().id}`, { name: 'SUPER_ADMIN ', authScopes: [] });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().errors.name).toBe('This name belongs to a built-in role; choose another');
    expect((await call(as.superadmin!, 'PUT', `/roles/${roleIds.DEALER}`, { name: 'Dealers' })).statusCode).toBe(400);
    expect((await call(as.superadmin!, 'DELETE', `/roles/${roleIds.DEALER}`)).statusCode).toBe(403);
  });

  it('gives a role named SUPER_ADMIN (as an older version let a tenant make) no power beyond its permissions', async () => {
    const admin = await tenantAdmin();
    const created = await call(admin, 'POST', '/roles', {
      name: 'Ops',
      authScopes: [{ id: 'management-organisation', actions: {} }],
    });
    expect(created.statusCode).toBe(201);
    await server.database.db.execute(sql`update roles set name = 'SUPER_ADMIN' where id = ${created.json().id}::uuid`);
    const user = await createUserAs(admin, 'SUPER_ADMIN', orgs['Sunrise Logistics']!);
    // the built-in SUPER_ADMIN is not the admin's to give
    expect(user.statusCode).toBe(403);
    const ops = await call(admin, 'POST', '/users', {
      firstName: 'Ops',
      phone: '9711111111',
      email: 'ops@example.in',
      password: DEMO_PASSWORD,
      roleId: created.json().id,
      organisationId: orgs['Sunrise Logistics'],
    });
    expect(ops.statusCode).toBe(201);
    const session = await signIn(server.app, 'ops@example.in');
    expect(session.role.name).toBe('SUPER_ADMIN');
    const opsApi = { app: server.app, token: session.token.access.token };
    const organisations = (await call(opsApi, 'GET', '/organisation?range=[0,99]')).json() as { tradeName: string }[];
    expect(organisations.map((o) => o.tradeName)).toEqual(['Sunrise Logistics']);
    expect((await call(opsApi, 'GET', '/device')).statusCode).toBe(403);
  });
});

describe('nobody hands out a bigger role than their own', () => {
  it('refuses a dealer giving themselves the ADMIN role or moving to another organisation', async () => {
    const me = users.dealer!;
    const raise = await call(as.dealer!, 'PUT', `/users/${me.id}`, { roleId: roleIds.ADMIN });
    expect(raise.statusCode).toBe(403);
    expect(raise.json().message).toBe('You cannot change your own role or organisation');
    const move = await call(as.dealer!, 'PUT', `/users/${me.id}`, { organisationId: orgs['Sunrise Logistics'] });
    expect(move.statusCode).toBe(403);
    const fresh = (await call(as.superadmin!, 'GET', `/users/${me.id}`)).json();
    expect([fresh.roleId, fresh.organisationId]).toEqual([me.roleId, me.organisationId]);
    // the rest of their own profile is theirs to change
    expect((await call(as.dealer!, 'PUT', `/users/${me.id}`, { lastName: 'Kapoor' })).statusCode).toBe(200);
  });

  it('refuses a dealer and an RFC admin giving a role with permissions they lack, and allows a smaller one', async () => {
    for (const who of ['dealer', 'rfcadmin']) {
      for (const role of ['ADMIN', 'MANUFACTURER', 'SUPER_ADMIN']) {
        const response = await createUserAs(as[who]!, role, orgs['Metro Auto Dealers']!);
        expect(response.statusCode, `${who} gives ${role}`).toBe(403);
      }
    }
    const refused = await createUserAs(as.dealer!, 'ADMIN', orgs['Metro Auto Dealers']!);
    expect(refused.json().message).toBe('You can only give a role whose permissions you hold yourself');
    const fitter = await createUserAs(as.dealer!, 'FITTER', orgs['Metro Auto Dealers']!);
    expect(fitter.statusCode).toBe(201);
    const raise = await call(as.dealer!, 'PUT', `/users/${fitter.json().id}`, { roleId: roleIds.ADMIN });
    expect(raise.statusCode).toBe(403);
    expect((await call(as.superadmin!, 'GET', `/users/${fitter.json().id}`)).json().roleId).toBe(roleIds.FITTER);
  });

  it('refuses to change, disable or set the password of a user whose role holds more than the caller', async () => {
    const rfcAdmin = users.rfcadmin!;
    // the distributer's tree holds Metro Auto Dealers, but RFC_ADMIN holds the wallet, which the distributer does not
    const password = await call(as.distributer!, 'PUT', `/users/${rfcAdmin.id}/password`, { password: 'Taken-over-1' });
    expect(password.statusCode).toBe(403);
    expect(password.json().message).toBe('You cannot change a user whose role has permissions you do not hold');
    expect((await call(as.distributer!, 'PUT', `/users/${rfcAdmin.id}`, { isEnabled: false })).statusCode).toBe(403);
    expect((await signIn(server.app, demoEmail('rfcadmin'))).user.id).toBe(rfcAdmin.id);
  });

  it('refuses a role granting permissions its author lacks', async () => {
    const admin = await tenantAdmin();
    const response = await call(admin, 'POST', '/roles', {
      name: 'Debuggers',
      authScopes: [{ id: 'debug', actions: {} }],
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('You cannot grant permissions you do not hold: debug');
  });
});
