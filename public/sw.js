/*
 * Waymark's service worker: shows the web pushes the server sends (server/notify/push.ts), so an
 * alert reaches a user whose console is in a background tab, or closed. The payload is JSON:
 * {id, title, body, data?}; `id` is the delivery id, the notification's tag, so a repeat of the same
 * delivery (delivery is at least once) replaces the one shown instead of showing it twice.
 * Registered by the console when the user turns notifications on (src/push/webPush.ts).
 */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const url = message.data && typeof message.data.url === 'string' ? message.data.url : '/';
  event.waitUntil(
    self.registration.showNotification(message.title || 'Waymark', {
      body: message.body || '',
      tag: message.id || undefined,
      icon: '/favicon.svg',
      data: { url },
    }),
  );
});

// a click brings the console forward (or opens it) at the notification's address
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url.startsWith(self.location.origin));
      if (open) return open.focus().then((w) => (w && target !== w.url ? w.navigate(target) : w));
      return self.clients.openWindow(target);
    }),
  );
});
