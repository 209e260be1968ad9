import { answers, obj } from './shared.ts';

/**
 * The OpenAPI answers and examples of the console's bell (server/alerts/bell-routes.ts) and of an
 * alert rule's webhook secret (server/alerts/rule-hooks.ts).
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
};
