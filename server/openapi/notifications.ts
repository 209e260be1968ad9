import { said } from '../resources/messages.ts';
import { answers, answersSaying, obj } from './shared.ts';

/**
 * The OpenAPI answers and examples of the console's bell (server/alerts/bell-routes.ts), of an
 * alert rule's webhook secret (server/alerts/rule-hooks.ts) and of a browser's web push
 * subscription (server/notify/routes.ts).
 */

const count = { type: 'integer', minimum: 0 };
const unread = obj({ unread: count }, ['unread']);
const notification = obj(
  {
    id: { type: 'string', format: 'uuid' },
    eventId: { type: ['string', 'null'], description: 'the event that raised it (a bigint, as text)' },
    eventType: { type: ['string', 'null'] },
    title: { type: 'string' },
    body: { type: 'string' },
    vehicleId: { type: ['string', 'null'], format: 'uuid' },
    readAt: { type: ['string', 'null'], description: 'ISO 8601 instant; null while unread' },
    createdAt: { type: 'string', description: 'ISO 8601 instant' },
  },
  ['id', 'title', 'body', 'readAt', 'createdAt'],
);

const ENDPOINT =
  'https://fcm.googleapis.com/fcm/send/dpH5lCsTSSM:APA91bHqjZxM0VImWWqDRN7U0a3AycjUf4O-byuxb_wJsKRaKvV_iKw56s16ekq6FUqoCF7k2nqOrh2Lqnr6YyZMPy6R3Br-bqjg5eVCEKSZdnE';
const P256_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const subscription = obj(
  {
    id: { type: 'string', format: 'uuid' },
    endpoint: { type: 'string', description: "the push service's URL for the browser" },
    userAgent: { type: ['string', 'null'], description: 'the browser it was made in' },
    createdAt: { type: 'string', description: 'ISO 8601 instant' },
  },
  ['id', 'endpoint', 'userAgent', 'createdAt'],
);
const subscriptionExample = {
  id: '5b1e7d42-0c9a-4f3e-8d21-7a6b9c0e2f13',
  endpoint: ENDPOINT,
  userAgent:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  createdAt: '2026-11-28T10:15:00.000Z',
};

export const notificationDocs = {
  mine: answers(
    obj({ notifications: { type: 'array', items: notification, maxItems: 50 }, unread: count }, [
      'notifications',
      'unread',
    ]),
    {
      notifications: [
        {
          id: '3f6c2a9e-8b1d-4c47-9a0e-5d2f7b8c1e64',
          eventId: '88311',
          eventType: 'OVERSPEED',
          title: 'Overspeed: UP32AB1234',
          body: 'at 26.83980, 80.93550, 28/11/2026 15:45 IST',
          vehicleId: '7c2d9e14-3a5b-4f60-8e71-2b9c0d4a6f38',
          readAt: null,
          createdAt: '2026-11-28T10:15:02.481Z',
        },
      ],
      unread: 1,
    },
    [400, 401, 429],
  ),
  unread: answers(unread, { unread: 3 }, [401, 429]),
  markedRead: answers(unread, { unread: 2 }, [400, 401, 404, 429]),
  allRead: answers(unread, { unread: 0 }, [401, 429]),
  ruleSecret: answers(
    obj({ webhookSecret: { type: ['string', 'null'] } }, ['webhookSecret']),
    { webhookSecret: 'whsec_MfKQ9r8GKYqrHiIZ0xdD8eJeNXtK1v8K' },
    [400, 401, 403, 404, 429],
  ),
  pushKey: answers(
    obj({ publicKey: { type: 'string', description: 'base64url, the applicationServerKey' } }, ['publicKey']),
    { publicKey: P256_KEY },
    [401, 429],
  ),
  subscriptions: answers({ type: 'array', items: subscription }, [subscriptionExample], [401, 429]),
  subscribeExample: {
    endpoint: ENDPOINT,
    expirationTime: null,
    keys: { p256dh: P256_KEY, auth: 'tBHItJI5svbpez7KI4CCXg' },
  },
  subscribed: answersSaying(said('push.turnedOn'), subscription, subscriptionExample, [400, 401, 429], 201),
  unsubscribeExample: { endpoint: ENDPOINT },
};
