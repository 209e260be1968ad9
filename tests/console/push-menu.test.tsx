import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext } from 'react-admin';
import { i18nProvider } from '../../providers/i18nProvider.ts';
import { authProvider } from '../../providers/authProvider.ts';
import { UserMenu } from '../../src/layout/UserMenu.tsx';
import { StackedNotifications } from '../../src/layout/Notifications.tsx';
import { storeSession } from './signed-in.ts';

/**
 * The user menu's web push switch against a browser's push API: jsdom has none, so the test gives
 * it one that keeps a subscription, and a server that answers the VAPID key and records what the
 * console sent it.
 */
const VAPID = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const subscriptionJson = {
  endpoint: 'https://push.example.net/send/abc123',
  expirationTime: null,
  keys: { p256dh: 'BOr9f'.padEnd(87, 'x'), auth: 'c2VjcmV0LWF1dGgtMTIzNA' },
};
let permission: NotificationPermission;
let answerPermission: NotificationPermission;
let current: PushSubscription | null;
const requests: { method: string; url: string; body: unknown }[] = [];

const subscription = {
  endpoint: subscriptionJson.endpoint,
  options: { applicationServerKey: null as ArrayBuffer | null },
  toJSON: () => subscriptionJson,
  unsubscribe: vi.fn(async () => {
    current = null;
    return true;
  }),
} as unknown as PushSubscription;
const subscribe = vi.fn(async (options: PushSubscriptionOptionsInit) => {
  (subscription.options as { applicationServerKey: unknown }).applicationServerKey = (
    options.applicationServerKey as Uint8Array
  ).buffer;
  current = subscription;
  return subscription;
});
const registration = {
  pushManager: { getSubscription: async () => current, subscribe },
} as unknown as ServiceWorkerRegistration;
const register = vi.fn(async () => registration);

beforeEach(() => {
  localStorage.clear();
  storeSession('CUSTOMER', ['vehicle-status']);
  permission = 'default';
  answerPermission = 'granted';
  current = null;
  requests.length = 0;
  vi.stubGlobal('PushManager', class {});
  // a getter, read on each use (Object.assign would copy today's value)
  const notification = Object.defineProperties(class {}, {
    permission: { get: () => permission },
    requestPermission: { value: async () => (permission = answerPermission) },
  });
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('isSecureContext', true);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: async () => (current ? registration : undefined),
      register,
      ready: Promise.resolve(registration),
    },
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    requests.push({ method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const json = url.endsWith('/push/public-key')
      ? { success: true, data: { publicKey: VAPID } }
      : { success: true, message: 'ok' };
    return new Response(JSON.stringify(json), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.clearAllMocks();
});

const openMenu = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'Profile' }));
  await screen.findByRole('menuitem', { name: 'Change password' });
};
const renderMenu = () =>
  render(
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider} authProvider={authProvider}>
        <UserMenu />
        <StackedNotifications />
      </AdminContext>
    </MemoryRouter>,
  );

describe('notifications in this browser', () => {
  it('turn on: asks permission, subscribes with the server key, and sends the subscription', async () => {
    renderMenu();
    await openMenu();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Turn on notifications' }));
    await screen.findByText('Notifications turned on for this browser.');
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    const key = new Uint8Array(subscribe.mock.calls[0]![0].applicationServerKey as Uint8Array);
    expect(Buffer.from(key).toString('base64url')).toBe(VAPID);
    expect(subscribe.mock.calls[0]![0].userVisibleOnly).toBe(true);
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({
      url: expect.stringMatching(/\/api\/push\/subscriptions$/),
      body: subscriptionJson,
    });
  });

  it('turn off: forgets the subscription on the server and in the browser', async () => {
    permission = 'granted';
    current = subscription;
    renderMenu();
    await openMenu();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Turn off notifications' }));
    await screen.findByText('Notifications turned off for this browser.');
    expect(requests.find((r) => r.method === 'DELETE')).toMatchObject({
      url: expect.stringMatching(/\/api\/push\/subscriptions$/),
      body: { endpoint: subscriptionJson.endpoint },
    });
    expect(subscription.unsubscribe).toHaveBeenCalled();
    expect(subscribe).not.toHaveBeenCalled();
  });

  it('sends nothing when the browser is refused permission, and says how to allow it', async () => {
    answerPermission = 'denied';
    renderMenu();
    await openMenu();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Turn on notifications' }));
    await screen.findByText(/This browser blocks notifications from Waymark/);
    expect(subscribe).not.toHaveBeenCalled();
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('is not offered where the browser has no push', async () => {
    vi.stubGlobal('isSecureContext', false);
    renderMenu();
    await openMenu();
    expect(screen.queryByRole('menuitem', { name: /notifications/ })).toBeNull();
  });
});
