import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestServer, type TestServer } from './harness.ts';
import { call, demoWorld, type Api } from './resource-fixtures.ts';

let server: TestServer;
let admin: Api;
let orgs: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer();
  const world = await demoWorld(server.app, ['superadmin']);
  admin = world.as.superadmin!;
  orgs = world.orgs;
});
afterAll(async () => {
  await server?.close();
});

const roleId = async (name: string) =>
  (
    (await call(admin, 'GET', `/roles?filter=${encodeURIComponent(JSON.stringify({ name }))}`)).json() as {
      id: string;
    }[]
  )[0]!.id;

describe('reads carry the referenced rows as the spec shows them', () => {
  it('gives a user role {id, name} and organisation {id, brandName, tradeName}, in a list and a read', async () => {
    const [first] = (
      await call(admin, 'GET', `/users?filter=${encodeURIComponent(JSON.stringify({ q: 'dealer@demo.waymark.in' }))}`)
    ).json() as Record<string, unknown>[];
    const one = (await call(admin, 'GET', `/users/${first!.id}`)).json();
    for (const user of [first!, one]) {
      expect(user.role).toEqual({ id: user.roleId, name: 'DEALER' });
      expect(user.organisation).toEqual({
        id: user.organisationId,
        tradeName: 'Metro Auto Dealers',
        brandName: 'Metro Auto',
      });
    }
  });

  it('gives a device deviceModel {id, name}, and null where it has none', async () => {
    const devices = (await call(admin, 'GET', '/device?range=[0,49]')).json() as {
      modelId: string | null;
      deviceModel: { id: string; name: string } | null;
    }[];
    const modelled = devices.find((d) => d.modelId)!;
    expect(modelled.deviceModel).toEqual({ id: modelled.modelId, name: expect.any(String) });
    for (const device of devices.filter((d) => !d.modelId)) expect(device.deviceModel).toBeNull();
  });
});

describe('writes accept what a read shows', () => {
  it('saves a user body copied from a read, with its role object changed', async () => {
    const created = await call(admin, 'POST', '/users', {
      firstName: 'Copy',
      lastName: 'Paste',
      phone: '9722222222',
      email: 'copy@example.in',
      password: DEMO_PASSWORD,
      role: { id: await roleId('FITTER') },
      organisationId: orgs['Metro Auto Dealers'],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().role.name).toBe('FITTER');
    const read = (await call(admin, 'GET', `/users/${created.json().id}`)).json();
    const { roleId: _dropped, ...copied } = read;
    const saved = await call(admin, 'PUT', `/users/${read.id}`, {
      ...copied,
      role: { id: await roleId('VENDOR'), name: 'VENDOR' },
      lastName: 'Pasted',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ lastName: 'Pasted', role: { name: 'VENDOR' } });
    const byId = await call(admin, 'PUT', `/users/${read.id}`, { role: await roleId('FITTER') });
    expect(byId.json().role.name).toBe('FITTER');
  });

  it('names the id field when the object holds no usable id', async () => {
    const response = await call(
      admin,
      'PUT',
      `/device/${((await call(admin, 'GET', '/device?range=[0,0]')).json() as { id: string }[])[0]!.id}`,
      { deviceModel: { name: 'no id' } },
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['modelId']);
  });
});
