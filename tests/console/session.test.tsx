import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

const later = (ms: number) => new Date(Date.now() + ms).toISOString();
const earlier = (ms: number) => new Date(Date.now() - ms).toISOString();

let refreshCalls = 0;
let refreshFails = false;
const server = setupServer(
  http.post('*/api/auth/refresh-tokens', async () => {
    refreshCalls++;
    await new Promise((r) => setTimeout(r, 20));
    if (refreshFails)
      return HttpResponse.json({ success: false, message: 'Session expired! Login again.' }, { status: 401 });
    return HttpResponse.json({
      success: true,
      data: {
        access: { token: `access-${refreshCalls}`, expires: later(900_000) },
        refresh: { token: `refresh-${refreshCalls}`, expires: later(86_400_000) },
      },
    });
  }),
  http.get('*/api/auth/logged-in-user/:id', ({ params }) =>
    HttpResponse.json({
      success: true,
      data: {
        id: params.id,
        firstName: 'Priya',
        lastName: 'Singh',
        email: 'p@x.in',
        phone: null,
        role: { id: 'r', name: 'CUSTOMER', authScopes: [{ id: 'vehicle-status' }] },
      },
    }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  refreshCalls = 0;
  refreshFails = false;
  vi.resetModules();
});
afterEach(() => server.resetHandlers());

async function load() {
  const session = await import('../../providers/session.ts');
  const { authProvider } = await import('../../providers/authProvider.ts');
  const { refreshAuth } = await import('../../providers/httpClient.ts');
  return { ...session, authProvider, refreshAuth };
}

function storedSession(access: string, refresh: string) {
  return {
    accessToken: 'access-0',
    refreshToken: 'refresh-0',
    accessExpiresAt: access,
    refreshExpiresAt: refresh,
    user: { id: 'u1', firstName: 'Priya', lastName: 'Singh', email: 'p@x.in', phone: null },
    role: { name: 'CUSTOMER', authScopes: [] },
  };
}

describe('sign-in', () => {
  it('signs in even when a stale session whose refresh is refused is still stored', async () => {
    const { generateKeyPairSync } = await import('node:crypto');
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    let loginBody: { username?: string; password?: string } = {};
    server.use(
      http.get('*/api/auth/public-key', () =>
        HttpResponse.json({
          success: true,
          data: { algorithm: 'RSA-OAEP-256', publicKey: publicKey.export({ type: 'spki', format: 'pem' }) },
        }),
      ),
      http.post('*/api/auth/login', async ({ request }) => {
        loginBody = (await request.json()) as typeof loginBody;
        return HttpResponse.json({
          success: true,
          message: 'Successfully logged in',
          data: {
            user: { id: 'u2', firstName: 'Neha', lastName: 'Gupta', email: 'n@x.in', phone: null },
            role: { name: 'DEALER', authScopes: [{ id: 'fitment' }] },
            token: {
              access: { token: 'fresh-access', expires: later(900_000) },
              refresh: { token: 'fresh-refresh', expires: later(86_400_000) },
            },
          },
        });
      }),
    );
    const { authProvider, writeSession, readSession, readPermissions } = await load();
    refreshFails = true;
    writeSession(storedSession(earlier(1000), later(86_400_000)));
    await authProvider.login({ username: '9800000006', password: 'Waymark@2026' });
    expect(loginBody.username).toBe('+919800000006');
    expect(loginBody.password).not.toBe('Waymark@2026');
    expect(readSession()?.accessToken).toBe('fresh-access');
    expect(readPermissions()).toEqual(['fitment']);
  });
});

describe('session restore', () => {
  it('reports a missing session as expired and sends to the login page', async () => {
    const { authProvider } = await load();
    await expect(authProvider.checkAuth({})).rejects.toEqual({
      message: 'auth.sessionExpired',
      redirectTo: '/auth/login',
    });
  });

  it('reports an incomplete session, and one whose refresh expiry passed, as expired', async () => {
    const { authProvider, writeSession, readSession } = await load();
    writeSession({ ...storedSession(later(60_000), earlier(1000)) });
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/auth/login' });
    expect(readSession()).toBeNull();
    localStorage.setItem('waymark.session', JSON.stringify({ accessToken: 'x' }));
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/auth/login' });
  });

  it('loads the user with a valid access token, without refreshing', async () => {
    const { authProvider, writeSession, readPermissions } = await load();
    writeSession(storedSession(later(600_000), later(86_400_000)));
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(refreshCalls).toBe(0);
    expect(readPermissions()).toEqual(['vehicle-status']);
  });

  it('refreshes an expired access token once for parallel callers', async () => {
    const { refreshAuth, writeSession, readSession } = await load();
    writeSession(storedSession(earlier(1000), later(86_400_000)));
    await Promise.all([refreshAuth(), refreshAuth(), refreshAuth()]);
    expect(refreshCalls).toBe(1);
    expect(readSession()?.accessToken).toBe('access-1');
    expect(readSession()?.refreshToken).toBe('refresh-1');
  });

  it('signs out when the refresh fails', async () => {
    const { authProvider, writeSession, readSession } = await load();
    refreshFails = true;
    writeSession(storedSession(earlier(1000), later(86_400_000)));
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ message: 'auth.sessionExpired' });
    expect(readSession()).toBeNull();
  });

  it('does not call an explicit sign-out an expired session', async () => {
    const { authProvider, writeSession } = await load();
    server.use(
      http.post('*/api/auth/logout', () => HttpResponse.json({ success: true, message: 'Successfully logged out' })),
    );
    writeSession(storedSession(later(600_000), later(86_400_000)));
    await authProvider.logout({});
    expect(localStorage.getItem('waymark.session')).toBeNull();
    await expect(authProvider.checkAuth({})).rejects.toEqual({ message: 'auth.signedOut', redirectTo: '/auth/login' });
  });
});
