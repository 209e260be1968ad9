import { apiCall } from '../../providers/httpClient.ts';

/**
 * Web push in this browser: the service worker (public/sw.js, served at /sw.js) shows what the
 * server pushes; turning on asks the user's permission, subscribes with the server's VAPID public
 * key and hands the subscription to the server (POST /api/push/subscriptions), which pushes every
 * alert for this user to it; turning off forgets it on both sides.
 */
export const SERVICE_WORKER = '/sw.js';

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window &&
    window.isSecureContext
  );
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  return (await currentSubscription()) ? 'on' : 'off';
}

/** The VAPID key as the bytes PushManager.subscribe takes (applicationServerKey). */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Asks permission, subscribes and tells the server; answers the state it ended in ('denied' when refused). */
export async function turnPushOn(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  await navigator.serviceWorker.register(SERVICE_WORKER, { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const { data } = await apiCall<{ data: { publicKey: string } }>('/push/public-key');
  const key = keyBytes(data.publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // one made with another key (the server's keys changed) cannot receive: make a new one
  const made = subscription?.options.applicationServerKey;
  if (subscription && made && !sameBytes(new Uint8Array(made), key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await apiCall('/push/subscriptions', 'POST', subscription.toJSON());
  return 'on';
}

export async function turnPushOff(): Promise<PushState> {
  const subscription = await currentSubscription();
  if (subscription) {
    // the server may have forgotten it already (its push service said gone): that is off too
    await apiCall('/push/subscriptions', 'DELETE', { endpoint: subscription.endpoint }).catch((error: unknown) => {
      if ((error as { status?: number }).status !== 404) throw error;
    });
    await subscription.unsubscribe();
  }
  return 'off';
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
