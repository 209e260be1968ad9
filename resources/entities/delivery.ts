import { choice, date, defineResource, number, organisationField, text } from '../define.ts';

/** The channels a message leaves by (server/notify/channel.ts keeps the same list). */
export const DELIVERY_CHANNELS = ['email', 'sms', 'webhook', 'push'] as const;
/** queued (waiting, or under a try), sent, logged (no provider configured: written to the log, not sent), dead (the last try failed). */
export const DELIVERY_STATUSES = ['queued', 'sent', 'logged', 'dead'] as const;

/**
 * The Deliveries screen: every message of the outbox (server/outbox.ts), what was sent to whom,
 * when, by which channel, its status, tries and the provider's last answer. Read-only over the
 * hand-written `outbox` table (server/db/schema.ts), so it is registered beside the declarations,
 * not among them (a declaration's table is derived from it). A row is seen by its organisation's
 * tree; the platform's own messages (no organisation) by SUPER_ADMIN alone. The `options` column
 * (a webhook's secret, a push subscription's keys) is no field: never read, never sent.
 * "Retry now" is the row action `retry-delivery` (server/notify/deliveries.ts).
 */
export default defineResource({
  name: 'deliveries',
  api: '/deliveries',
  table: 'outbox',
  path: '/management/deliveries',
  title: 'menu.management.deliveries',
  module: 'management-deliveries',
  scope: 'organisation',
  timestamps: false,
  permissions: {},
  views: { create: false, edit: false },
  // the workers update rows every second under a burst: a kept page would be forgotten at once
  listCache: false,
  fields: {
    createdAt: date({
      priority: 1,
      readOnly: true,
      default: 'now',
      sortable: true,
      filterable: true,
      label: 'deliveries.fields.createdAt',
    }),
    channel: choice(DELIVERY_CHANNELS, {
      priority: 2,
      readOnly: true,
      required: true,
      filterable: true,
      sortable: true,
      choiceLabels: 'deliveries.channels',
      label: 'deliveries.fields.channel',
    }),
    recipient: text({
      priority: 1,
      readOnly: true,
      required: true,
      searchable: true,
      sortable: true,
      label: 'deliveries.fields.recipient',
    }),
    subject: text({
      priority: 2,
      readOnly: true,
      required: true,
      searchable: true,
      label: 'deliveries.fields.subject',
    }),
    body: text({ readOnly: true, required: true, listed: false, multiline: true, label: 'deliveries.fields.body' }),
    status: choice(DELIVERY_STATUSES, {
      priority: 1,
      readOnly: true,
      default: 'queued',
      filterable: true,
      sortable: true,
      choiceLabels: 'deliveries.statuses',
      label: 'deliveries.fields.status',
    }),
    attempts: number({ priority: 3, readOnly: true, integer: true, default: 0, label: 'deliveries.fields.attempts' }),
    nextAttemptAt: date({ readOnly: true, default: 'now', sortable: true, label: 'deliveries.fields.nextAttemptAt' }),
    sentAt: date({ priority: 3, readOnly: true, sortable: true, label: 'deliveries.fields.sentAt' }),
    answer: text({ priority: 3, readOnly: true, label: 'deliveries.fields.answer' }),
    // the platform's own messages (a reset code of a user of no organisation) have none
    organisationId: organisationField({ readOnly: true, nullable: true }),
  },
  list: ['createdAt', 'channel', 'recipient', 'subject', 'status', 'attempts', 'sentAt', 'answer'],
  recordLabel: ['subject'],
  defaultSort: ['createdAt', 'DESC'],
  rowActions: [{ id: 'retry-delivery', label: 'permissions.retry-delivery' }],
  emptyMessage: 'deliveries.empty',
  filterPanel: ['status', 'channel'],
});
