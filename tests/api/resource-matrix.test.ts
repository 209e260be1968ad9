import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, signIn, startTestServer, type TestServer } from './harness.ts';
import { resources, modules } from '../../resources/modules.ts';
import { call, createSample, sampleBody, type Api } from './resource-fixtures.ts';

/**
 * Generated over every declared resource: a user of another organisation tree sees and changes
 * none of a row (0 leaks), and a role without an action's permission id gets 403 for it.
 */
let server: TestServer;
let superAdmin: Api;
let rival: Api;
let viewer: Api;
let nobody: Api;
let customerOrg: string;
let rivalOrg: string;

async function userWithRole(roleName: string, authScopes: unknown[], organisationId: string): Promise<Api> {
  const role = await call(superAdmin, 'POST', '/roles', { name: roleName, authScopes, organisationId });
  expect(role.statusCode).toBe(201);
  const email = `${roleName.toLowerCase().replace(/\W/g, '')}@matrix.test`;
  const phone = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const user = await call(superAdmin, 'POST', '/users', {
    firstName: roleName,
    email,
    phone,
    password: 'Matrix-pass-1',
    roleId: role.json().id,
    organisationId,
  });
  expect(user.statusCode).toBe(201);
  return { app: server.app, token: (await signIn(server.app, email, 'Matrix-pass-1')).token.access.token };
}

beforeAll(async () => {
  server = await startTestServer();
  superAdmin = { app: server.app, token: (await signIn(server.app, demoEmail('superadmin'))).token.access.token };
  const orgs = (await call(superAdmin, 'GET', '/organisation?range=[0,99]')).json() as {
    id: string;
    tradeName: string;
    parentId: string | null;
  }[];
  customerOrg = orgs.find((o) => o.tradeName === 'Sunrise Logistics')!.id;
  const root = orgs.find((o) => o.parentId === null)!.id;
  rivalOrg = (
    await call(superAdmin, 'POST', '/organisation', {
      tradeName: 'Rival Telematics',
      brandName: 'Rival',
      parentId: root,
    })
  ).json().id;
  // the rival holds every permission there is, in a tree beside the demo one
  const everything = modules.map((m) => ({
    id: m.id,
    allowed: true,
    actions: Object.fromEntries(m.actions.map((a) => [a.id, true])),
  }));
  rival = await userWithRole('RIVAL_ALL', everything, rivalOrg);
  // modules open, no actions
  viewer = await userWithRole(
    'VIEW_ONLY',
    modules.map((m) => ({ id: m.id, allowed: true, actions: {} })),
    customerOrg,
  );
  nobody = await userWithRole('NOTHING', [], customerOrg);
});
afterAll(async () => {
  await server?.close();
});

describe.each(resources.map((r) => [r.name, r] as const))('%s', (_name, resource) => {
  const owned = resource.scope !== 'global';

  it.runIf(owned)('is invisible and unchangeable to another organisation tree', async () => {
    const row = await createSample(superAdmin, resource, customerOrg, server.database.db);
    const list = await call(rival, 'GET', `${resource.api}?range=[0,999]`);
    expect(list.statusCode).toBe(200);
    expect((list.json() as { id: string }[]).map((r) => r.id)).not.toContain(row.id);
    expect(
      (
        await call(rival, 'GET', `${resource.api}?filter=${encodeURIComponent(JSON.stringify({ id: [row.id] }))}`)
      ).json(),
    ).toEqual([]);
    expect((await call(rival, 'GET', `${resource.api}/${row.id}`)).statusCode).toBe(404);
    if (resource.permissions.export) {
      const exported = await call(rival, 'GET', `${resource.api}/export?range=[0,4999]`);
      expect((exported.json() as { id: string }[]).map((r) => r.id)).not.toContain(row.id);
    }
    if (resource.permissions.edit)
      expect((await call(rival, 'PUT', `${resource.api}/${row.id}`, {})).statusCode).toBe(404);
    if (resource.permissions.delete)
      expect((await call(rival, 'DELETE', `${resource.api}/${row.id}`)).statusCode).toBe(404);
    // still there, unchanged, for its owners
    expect((await call(superAdmin, 'GET', `${resource.api}/${row.id}`)).statusCode).toBe(200);
  });

  it.runIf(owned && resource.permissions.create)(
    'refuses to create a row in an organisation the caller cannot see',
    async () => {
      const body = await sampleBody(superAdmin, resource, customerOrg);
      const response = await call(
        rival,
        'POST',
        resource.api,
        resource.scope === 'organisation-tree' ? { ...body, parentId: customerOrg } : body,
      );
      expect([400, 403]).toContain(response.statusCode);
      expect(response.json().success).toBe(false);
    },
  );

  it('answers 403 to a role without the permission id of each action', async () => {
    const row = await createSample(superAdmin, resource, customerOrg, server.database.db);
    const body = await sampleBody(superAdmin, resource, customerOrg);
    const attempts: [string, Api, 'GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [];
    if (!resource.readableBySignedIn) {
      attempts.push(['list', nobody, 'GET', resource.api], ['read', nobody, 'GET', `${resource.api}/${row.id}`]);
    }
    if (resource.permissions.export) attempts.push(['export', viewer, 'GET', `${resource.api}/export`]);
    if (resource.permissions.create) attempts.push(['create', viewer, 'POST', resource.api, body]);
    if (resource.permissions.edit) attempts.push(['edit', viewer, 'PUT', `${resource.api}/${row.id}`, body]);
    if (resource.permissions.delete) attempts.push(['delete', viewer, 'DELETE', `${resource.api}/${row.id}`]);
    for (const [action, who, method, url, payload] of attempts) {
      const response = await call(who, method, url, payload);
      expect(response.statusCode, `${action} ${method} ${url}`).toBe(403);
    }
    // the module permission alone lets the viewer read
    expect((await call(viewer, 'GET', `${resource.api}/${row.id}`)).statusCode).toBe(200);
  });
});
