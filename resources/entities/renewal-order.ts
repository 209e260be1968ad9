import { choice, date, defineResource, number, organisationField, reference, text } from '../define.ts';

export const RENEWAL_STATUSES = ['PENDING', 'PAID'] as const;
export type RenewalStatus = (typeof RENEWAL_STATUSES)[number];
/** How an order is paid: a UPI/bank transfer an administrator confirms, the demo's test provider, or a dealer's wallet. */
export const RENEWAL_PROVIDERS = ['upi', 'test', 'wallet'] as const;
export type RenewalProviderId = (typeof RENEWAL_PROVIDERS)[number];
/** The plans a renewal offers, in days (1 year, 2 years; spec §5). */
export const RENEWAL_DURATIONS = [365, 730] as const;
/** What a payer quotes: RNW- and 8 characters without look-alikes (0/O, 1/I). */
export const RENEWAL_REFERENCE_PATTERN = '^RNW-[A-HJ-NP-Z2-9]{8}$';

/**
 * A renewal order of a device's subscription, made on the public renewal page
 * (custom-pages/renewal); written by server/renewals only, read here, confirmed by a row action.
 */
export default defineResource({
  name: 'renewal-order',
  api: '/renewal-orders',
  table: 'renewal_orders',
  path: '/management/renewal-orders',
  title: 'menu.management.renewalOrders',
  module: 'management-renewal-order',
  scope: 'organisation',
  permissions: { export: 'export-renewal-order' },
  views: { create: false, edit: false },
  fields: {
    reference: text({ priority: 1, readOnly: true, required: true, unique: true, searchable: true, sortable: true }),
    registrationNumber: text({ priority: 1, readOnly: true, required: true, searchable: true, sortable: true }),
    imei: text({ readOnly: true, required: true, searchable: true, filterable: true }),
    durationInDays: number({ readOnly: true, required: true, integer: true, format: 'duration' }),
    amountPaise: number({
      priority: 2,
      readOnly: true,
      required: true,
      integer: true,
      format: 'money',
      sortable: true,
    }),
    provider: choice(RENEWAL_PROVIDERS, {
      readOnly: true,
      required: true,
      filterable: true,
      choiceLabels: 'renewal.providers',
    }),
    status: choice(RENEWAL_STATUSES, {
      priority: 1,
      readOnly: true,
      default: 'PENDING',
      filterable: true,
      sortable: true,
      choiceLabels: 'renewal.statuses',
    }),
    expiresBefore: date({ readOnly: true, required: true }),
    expiresAfter: date({ readOnly: true, sortable: true }),
    paymentReference: text({ readOnly: true, searchable: true }),
    confirmedAt: date({ readOnly: true, sortable: true }),
    fitmentId: reference('fitment', { readOnly: true, required: true, listed: false, filterable: true }),
    organisationId: organisationField({ readOnly: true }),
    createdAt: date({ readOnly: true, sortable: true }),
  },
  list: [
    'reference',
    'registrationNumber',
    'durationInDays',
    'amountPaise',
    'status',
    'expiresAfter',
    'paymentReference',
  ],
  recordLabel: ['reference'],
  defaultSort: ['createdAt', 'DESC'],
  rowActions: [{ id: 'confirm-renewal', label: 'permissions.confirm-renewal' }],
  // a signed-in dealer pays a renewal on the public renewal page from the organisation's wallet
  extraPermissions: ['pay-renewal-from-wallet'],
  emptyMessage: 'resources.renewal-order.empty',
  filterPanel: ['status'],
});
