import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, signIn, startTestServer, type TestServer } from './harness.ts';
import { call } from './resource-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('PUT /auth/profile', () => {
  it("changes one's own name and contacts, whatever the role, and nothing else", async () => {
    const customer = { app: server.app, token: (await signIn(server.app, demoEmail('customer'))).token.access.token };
    const saved = await call(customer, 'PUT', '/auth/profile', {
      firstName: 'Priyanka',
      lastName: 'Singh',
      phone: '98765 43210',
      roleId: '00000000-0000-0000-0000-000000000000',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      message: 'Profile saved',
      data: { firstName: 'Priyanka', phone: '+919876543210', role: { name: 'CUSTOMER' } },
    });
  });

  it("refuses another user's e-mail and bad values", async () => {
    const dealer = { app: server.app, token: (await signIn(server.app, demoEmail('dealer'))).token.access.token };
    const taken = await call(dealer, 'PUT', '/auth/profile', { email: demoEmail('fitter') });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ email: 'This Email is already in use' });
    const blank = await call(dealer, 'PUT', '/auth/profile', { firstName: '' });
    expect(blank.json().errors).toEqual({ firstName: 'First Name is required' });
    expect(
      (await server.app.inject({ method: 'PUT', url: '/api/auth/profile', payload: { firstName: 'X' } })).statusCode,
    ).toBe(401);
  });
});
