import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  demoEmail,
  encryptPassword,
  login,
  signIn,
  startTestServer,
  type TestServer,
} from './harness.ts';
import { MAX_FAILURES } from '../../server/auth/throttle.ts';
import { users } from '../../server/db/schema.ts';
import { eq } from 'drizzle-orm';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('health and keys', () => {
  it('answers health once migrations are applied', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('gives the login public key as SPKI PEM', async () => {
    const body = (await server.app.inject({ method: 'GET', url: '/api/auth/public-key' })).json();
    expect(body.success).toBe(true);
    expect(body.data.algorithm).toBe('RSA-OAEP-256');
    expect(body.data.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
  });

  it('answers unknown API paths with the error envelope', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'Not found', messageKey: 'api.common.notFound' });
  });

  it('serves the OpenAPI document built from the route schemas', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toContain('/api/auth/login');
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with an e-mail and answers the spec shape', async () => {
    const response = await login(server.app, demoEmail('customer'), DEMO_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.message).toBe('Successfully logged in');
    expect(body.data.user.email).toBe(demoEmail('customer'));
    expect(body.data.user).not.toHaveProperty('passwordHash');
    expect(body.data.role.name).toBe('CUSTOMER');
    expect(Array.isArray(body.data.role.authScopes)).toBe(true);
    expect(body.data.token.access.token.split('.')).toHaveLength(3);
    expect(Date.parse(body.data.token.access.expires) - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(Date.parse(body.data.token.refresh.expires) - Date.now()).toBeGreaterThan(29 * 86_400_000);
  });

  it('matches a bare phone number as +91 followed by it', async () => {
    const response = await login(server.app, '9876543210', DEMO_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user.phone).toBe('+919876543210');
  });

  it('refuses a wrong password with 401 and a message', async () => {
    const response = await login(server.app, demoEmail('dealer'), 'Wrong-pass-1');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      success: false,
      message: 'Incorrect username or password',
      messageKey: 'api.auth.wrongCredentials',
    });
  });

  it('refuses an unknown user exactly as a wrong password', async () => {
    const response = await login(server.app, 'nobody@example.com', 'Wrong-pass-1');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Incorrect username or password');
  });

  it('gives the spec messages for missing fields', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      username: 'The username field is required',
      password: 'The password field is required',
    });
    // the console's own keys for these texts, which it says in the user's language
    expect(response.json().errorKeys).toEqual({
      username: { key: 'auth.usernameRequired' },
      password: { key: 'auth.passwordRequired' },
    });
  });

  it('refuses a username over 255 characters', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'a'.repeat(256), password: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.username).toBe('The username may not be greater than 255 characters');
  });

  it('refuses a password that is not encrypted with the server key', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: demoEmail('dealer'), password: DEMO_PASSWORD },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/could not be read/);
  });

  it('refuses a disabled account', async () => {
    await server.database.db
      .update(users)
      .set({ isEnabled: false })
      .where(eq(users.email, demoEmail('custom')));
    const response = await login(server.app, demoEmail('custom'), DEMO_PASSWORD);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/disabled/);
  });

  it('locks a username after 10 failures in 15 minutes, even for the right password', async () => {
    const username = demoEmail('vendor');
    const wrong = await encryptPassword(server.app, 'Wrong-pass-1');
    const statuses: number[] = [];
    for (let i = 0; i < MAX_FAILURES; i++) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username, password: wrong },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, MAX_FAILURES - 1).every((s) => s === 401)).toBe(true);
    expect(statuses[MAX_FAILURES - 1]).toBe(429);
    const right = await login(server.app, username, DEMO_PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(/locked; try again in 15 minutes/);
    // another account is not affected
    expect((await login(server.app, demoEmail('fitter'), DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('clears the failure count after a successful sign-in', async () => {
    const username = demoEmail('rfc');
    for (let i = 0; i < MAX_FAILURES - 1; i++) await login(server.app, username, 'Wrong-pass-1');
    await signIn(server.app, username);
    expect((await login(server.app, username, 'Wrong-pass-1')).statusCode).toBe(401);
  });
});
