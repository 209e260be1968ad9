import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { bearer, demoEmail, signIn, startTestServer, type TestServer } from './harness.ts';
import { enforceRoutePermissions } from '../../server/http/permissions.ts';
import { defaultRoleGrants } from '../../server/roles/defaults.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const roles = (token: string, query = '') =>
  server.app.inject({ method: 'GET', url: `/api/roles${query}`, headers: bearer(token) });
const adminDivisions = (token: string) =>
  server.app.inject({ method: 'GET', url: '/api/admin-divisions', headers: bearer(token) });

describe('route permissions', () => {
  it('refuses GET /admin-divisions with 403 to a role without management-admin-division', async () => {
    const customer = await signIn(server.app, demoEmail('customer'));
    const response = await adminDivisions(customer.token.access.token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      success: false,
      message: 'You do not have permission to do this',
      messageKey: 'api.common.forbidden',
    });
  });

  it('refuses GET /roles with 401 without a token', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/roles' })).statusCode).toBe(401);
  });

  it('lists the 13 built-in roles to SUPER_ADMIN, with permissions when hydrated', async () => {
    const admin = await signIn(server.app, demoEmail('superadmin'));
    const response = await roles(admin.token.access.token, '?hydrate=permissions&range=[0,99]');
    expect(response.statusCode).toBe(200);
    const body = response.json() as { id: string; name: string; permissions: string[] }[];
    expect(body.map((r) => r.name).sort()).toEqual(Object.keys(defaultRoleGrants).sort());
    expect(response.headers['content-range']).toBe('role 0-12/13');
    const customer = body.find((r) => r.name === 'CUSTOMER')!;
    expect(customer.permissions).toContain('see-live-tracking');
    expect(customer.permissions).not.toContain('management-device');
    const one = await roles(admin.token.access.token, `?_id=${customer.id}`);
    expect(one.json()).toHaveLength(1);
    expect(one.json()[0]).not.toHaveProperty('permissions');
  });

  it("answers every role to the spec's own call, GET /roles?hydrate=permissions without a range", async () => {
    const admin = await signIn(server.app, demoEmail('superadmin'));
    const response = await roles(admin.token.access.token, '?hydrate=permissions');
    expect(response.statusCode).toBe(200);
    const names = (response.json() as { name: string }[]).map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['SUPER_ADMIN', 'VENDOR', 'RFC_ADMIN']));
    expect(names.sort()).toEqual(Object.keys(defaultRoleGrants).sort());
    expect(response.headers['content-range']).toBe('role 0-12/13');
    // a list that is not a reference list still answers its first ten without a range
    const devices = await server.app.inject({
      method: 'GET',
      url: '/api/device',
      headers: bearer(admin.token.access.token),
    });
    expect(devices.statusCode).toBe(200);
    expect((devices.json() as unknown[]).length).toBeLessThanOrEqual(10);
  });

  it('lets any signed-in user read roles for option lists', async () => {
    const customer = await signIn(server.app, demoEmail('customer'));
    expect((await roles(customer.token.access.token, '?name=DEALER')).json()).toHaveLength(1);
  });

  it('lets an ADMIN (who has management-role) list roles', async () => {
    const admin = await signIn(server.app, demoEmail('admin'));
    expect((await roles(admin.token.access.token, '?name=DEALER')).json()).toHaveLength(1);
  });

  it('applies a role change at once, without a new sign-in', async () => {
    const dealer = await signIn(server.app, demoEmail('dealer'));
    expect((await adminDivisions(dealer.token.access.token)).statusCode).toBe(403);
    const { roles: rolesTable } = await import('../../server/db/schema.ts');
    const { eq } = await import('drizzle-orm');
    await server.database.db
      .update(rolesTable)
      .set({ authScopes: [{ id: 'management-admin-division', actions: {} }] })
      .where(eq(rolesTable.name, 'DEALER'));
    // the change reaches every process's cache by NOTIFY, which PostgreSQL delivers just after the commit
    await expect
      .poll(async () => (await adminDivisions(dealer.token.access.token)).statusCode, { timeout: 2000, interval: 20 })
      .toBe(200);
  });

  it('rejects bad query input with a clear message', async () => {
    const admin = await signIn(server.app, demoEmail('superadmin'));
    const response = await roles(admin.token.access.token, '?_id=not-a-uuid');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The filter id is not valid');
  });

  it('refuses to start a route that does not declare its permission', async () => {
    const app = Fastify();
    const registering = app.register(async (api) => {
      enforceRoutePermissions(api);
      api.get('/open', async () => 'oops');
    });
    await expect(registering).rejects.toThrow('Route GET /open does not declare config.permission');
  });
});
