import { array, boolean, defineResource, organisationField, text } from '../define.ts';

/**
 * The changes an integrator's endpoint can subscribe to (docs/webhooks.md). Each is queued in the
 * transaction of the change it tells of (server/changehooks/emit.ts).
 */
export const CHANGE_EVENT_TYPES = [
  'fitment.recorded',
  'fitment.activated',
  'fitment.expiring',
  'device.created',
  'device.moved',
  'device.deleted',
  'vehicle.linked',
  'wallet.movement',
  'renewal.paid',
] as const;
export type ChangeEventType = (typeof CHANGE_EVENT_TYPES)[number];

const escaped = (value: string) => value.replace(/\./g, '\\.');
const r = (name: string) => `resources.webhookendpoints.${name}`;

/**
 * A change webhook endpoint of an organisation (issue 29): where the changes of the organisation's
 * tree it subscribes to are posted, signed the Standard Webhooks way with its own secret. The
 * secret is made by the server: answered whole by the create alone, masked in reads, whole again by
 * `GET /api/webhook-endpoints/{id}/secret` to holders of reveal-webhook-endpoint-secret. It lives
 * in a column no field reads (server/db/changehooks-schema.ts); `secret` is what the reads show.
 */
export default defineResource({
  name: 'webhookendpoints',
  api: '/webhook-endpoints',
  table: 'webhook_endpoints',
  path: '/management/webhooks',
  title: r('title'),
  module: 'management-webhooks',
  scope: 'organisation',
  permissions: {
    create: 'add-webhook-endpoint',
    edit: 'edit-webhook-endpoint',
    delete: 'delete-webhook-endpoint',
    export: 'export-webhook-endpoint',
  },
  extraPermissions: ['reveal-webhook-endpoint-secret'],
  rowActions: [{ id: 'reveal-webhook-endpoint-secret', label: 'webhooks.reveal' }],
  fields: {
    name: text({ priority: 1, required: true, maxLength: 100, searchable: true, sortable: true }),
    url: text({
      priority: 1,
      required: true,
      maxLength: 500,
      searchable: true,
      pattern: '^https?://\\S+$',
      patternMessage: 'webhooks.messages.badUrl',
    }),
    events: array('text', {
      priority: 2,
      required: true,
      minItems: 1,
      maxItems: CHANGE_EVENT_TYPES.length,
      minItemsMessage: 'webhooks.messages.eventsRequired',
      itemPattern: `^(${CHANGE_EVENT_TYPES.map(escaped).join('|')})$`,
      itemPatternMessage: 'webhooks.messages.badEvent',
      choices: CHANGE_EVENT_TYPES,
      choiceLabels: 'webhooks.events',
    }),
    enabled: boolean({ priority: 2, default: true, filterable: true }),
    // whole in the create's answer only; masked (whsec_ and four characters) everywhere else
    secret: text({ readOnly: true, listed: false }),
    organisationId: organisationField({ priority: 3, sortable: true }),
  },
  list: ['name', 'url', 'events', 'enabled', 'organisationId'],
  recordLabel: ['name'],
  defaultSort: ['name', 'ASC'],
  emptyMessage: r('empty'),
  shownOnce: { field: 'secret', title: 'webhooks.secretTitle', message: 'webhooks.secretCreated' },
  messages: {
    en: {
      title: 'Change webhooks',
      empty: 'No webhook endpoints for the applied filters...',
      fields: {
        name: 'Name',
        url: 'URL',
        events: 'Events',
        enabled: 'Enabled',
        secret: 'Signing secret',
        organisationId: 'Organisation',
      },
      permissions: {
        'add-webhook-endpoint': 'Add',
        'edit-webhook-endpoint': 'Edit',
        'delete-webhook-endpoint': 'Delete',
        'export-webhook-endpoint': 'Export',
        'reveal-webhook-endpoint-secret': 'Reveal the signing secret',
      },
    },
    hi: {
      title: 'बदलाव वेबहुक',
      empty: 'लागू फ़िल्टर के लिए कोई वेबहुक एंडपॉइंट नहीं...',
      fields: {
        name: 'नाम',
        url: 'URL',
        events: 'घटनाएँ',
        enabled: 'सक्रिय',
        secret: 'हस्ताक्षर सीक्रेट',
        organisationId: 'संगठन',
      },
      permissions: {
        'add-webhook-endpoint': 'जोड़ें',
        'edit-webhook-endpoint': 'संपादित करें',
        'delete-webhook-endpoint': 'हटाएं',
        'export-webhook-endpoint': 'निर्यात करें',
        'reveal-webhook-endpoint-secret': 'हस्ताक्षर सीक्रेट देखें',
      },
    },
  },
});
