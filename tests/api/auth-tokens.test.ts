import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { bearer, signIn, demoEmail, startTestServer, type TestServer } from './harness.ts';
import { loadAuthKeys } from '../../server/auth/keys.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const refresh = (refreshToken: string) =>
  server.app.inject({ method: 'POST', url: '/api/auth/refresh-tokens', payload: { refreshToken } });
const me = (token: string, id: string) =>
  server.app.inject({ method: 'GET', url: `/api/auth/logged-in-user/${id}`, headers: bearer(token) });

describe('access tokens', () => {
  it('loads the signed-in user with a valid token', async () => {
    const session = await signIn(server.app, demoEmail('dealer'));
    const response = await me(session.token.access.token, session.user.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: session.user.id,
      email: demoEmail('dealer'),
      role: { name: 'DEALER' },
    });
  });

  it('refuses a request without a token', async () => {
    const session = await signIn(server.app, demoEmail('dealer'));
    const response = await server.app.inject({ method: 'GET', url: `/api/auth/logged-in-user/${session.user.id}` });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, message: 'Please sign in', messageKey: 'api.common.signIn' });
  });

  it('refuses a forged token signed with another key', async () => {
    const session = await signIn(server.app, demoEmail('dealer'));
    const forged = await new SignJWT({ sid: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(session.user.id)
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('not-the-server-secret-at-all-32b'));
    expect((await me(forged, session.user.id)).statusCode).toBe(401);
  });

  it('refuses a tampered token', async () => {
    const session = await signIn(server.app, demoEmail('dealer'));
    const [header, payload, signature] = session.token.access.token.split('.');
    const admin = await signIn(server.app, demoEmail('superadmin'));
    const otherPayload = admin.token.access.token.split('.')[1];
    expect((await me(`${header}.${otherPayload}.${signature}`, admin.user.id)).statusCode).toBe(401);
    expect((await me(`${header}.${payload}.${signature}x`, session.user.id)).statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const session = await signIn(server.app, demoEmail('dealer'));
    const keys = await loadAuthKeys(server.database.db);
    const expired = await new SignJWT({ sid: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(session.user.id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(keys.jwtSecret);
    expect((await me(expired, session.user.id)).statusCode).toBe(401);
  });

  it('does not show another user to a caller without user management', async () => {
    const customer = await signIn(server.app, demoEmail('customer'));
    const dealer = await signIn(server.app, demoEmail('dealer'));
    expect((await me(customer.token.access.token, dealer.user.id)).statusCode).toBe(404);
  });

  it('shows a user of its own tree to a user manager, not one above it', async () => {
    const distributer = await signIn(server.app, demoEmail('distributer'));
    const customer = await signIn(server.app, demoEmail('customer'));
    const admin = await signIn(server.app, demoEmail('admin'));
    expect((await me(distributer.token.access.token, customer.user.id)).statusCode).toBe(200);
    expect((await me(distributer.token.access.token, admin.user.id)).statusCode).toBe(404);
  });
});

describe('refresh tokens', () => {
  it('rotates: a new pair each time, the old refresh token spent', async () => {
    const session = await signIn(server.app, demoEmail('fitter'));
    const first = await refresh(session.token.refresh.token);
    expect(first.statusCode).toBe(200);
    const data = first.json().data;
    expect(data.access.token).toBeTruthy();
    expect(data.refresh.token).not.toBe(session.token.refresh.token);
    expect((await me(data.access.token, session.user.id)).statusCode).toBe(200);
    const second = await refresh(data.refresh.token);
    expect(second.statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is presented again', async () => {
    const session = await signIn(server.app, demoEmail('fitter'));
    const rotated = (await refresh(session.token.refresh.token)).json().data;
    const reuse = await refresh(session.token.refresh.token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().message).toMatch(/used elsewhere/);
    // the legitimate holder's newer token is gone too
    expect((await refresh(rotated.refresh.token)).statusCode).toBe(401);
  });

  it('keeps other sessions of the same user when one family is revoked', async () => {
    const a = await signIn(server.app, demoEmail('rfcadmin'));
    const b = await signIn(server.app, demoEmail('rfcadmin'));
    await refresh(a.token.refresh.token);
    await refresh(a.token.refresh.token);
    expect((await refresh(b.token.refresh.token)).statusCode).toBe(200);
  });

  it('refuses an unknown refresh token and an empty body', async () => {
    expect((await refresh('not-a-token')).statusCode).toBe(401);
    const empty = await server.app.inject({ method: 'POST', url: '/api/auth/refresh-tokens', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ refreshToken: 'The refreshToken field is required' });
  });
});

describe('logout', () => {
  it('revokes the session: its refresh token no longer works', async () => {
    const session = await signIn(server.app, demoEmail('manufacturer'));
    const out = await server.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: session.token.refresh.token },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true, message: 'Successfully logged out', messageKey: 'auth.loggedOut' });
    expect((await refresh(session.token.refresh.token)).statusCode).toBe(401);
  });

  it('answers 404 for a session that does not exist', async () => {
    const out = await server.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: 'unknown' },
    });
    expect(out.statusCode).toBe(404);
    expect(out.json().success).toBe(false);
  });
});
