import { boolean, choice, defineResource, number, organisationField, reference } from '../define.ts';

/**
 * What an account of the ledger is (docs/wallet.md): an organisation's wallet, held by one of its
 * users; or one of the provider's two system accounts, BANK (money entering and leaving Waymark,
 * the one account whose balance is negative) and REVENUE (what activations and renewals pay).
 */
export const ACCOUNT_KINDS = ['WALLET', 'BANK', 'REVENUE'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** A prepaid wallet, or a system account of the provider; the balance moves only through transfers of the ledger (paise). */
export default defineResource({
  name: 'wallet',
  api: '/wallets',
  table: 'wallets',
  path: '/management/wallet',
  title: 'menu.management.wallets',
  module: 'management-wallet',
  // the account screen finds its wallet by the spec's GET /wallets?userId=
  readableByModules: ['account-wallet'],
  scope: 'organisation',
  permissions: { create: 'add-wallet', edit: 'edit-wallet', export: 'export-wallet' },
  fields: {
    // the provider's BANK and REVENUE accounts are held by nobody (server/db/wallet-schema.ts)
    userId: reference('user', { priority: 1, required: true, nullable: true, unique: true, filterable: true }),
    balance: number({
      priority: 1,
      integer: true,
      readOnly: true,
      default: 0,
      sortable: true,
      format: 'money',
      label: 'resources.wallet.fields.balance',
    }),
    lowBalanceThreshold: number({ integer: true, min: 0, max: 2_147_483_647, default: 0, format: 'money' }),
    kind: choice(ACCOUNT_KINDS, {
      priority: 2,
      readOnly: true,
      default: 'WALLET',
      filterable: true,
      choiceLabels: 'wallet.kinds',
    }),
    isActive: boolean({ default: true, filterable: true }),
    organisationId: organisationField({ priority: 2, sortable: true }),
  },
  list: ['userId', 'kind', 'balance', 'lowBalanceThreshold', 'isActive', 'organisationId'],
  recordLabel: ['userId'],
  defaultSort: ['balance', 'DESC'],
  emptyMessage: 'resources.wallet.empty',
  // the balance moves only through these (PUT /wallets/add|deduct/{id}), never through Edit
  rowActions: [
    { id: 'add-money-wallet', label: 'permissions.add-money-wallet' },
    { id: 'deduct-money-wallet', label: 'permissions.deduct-money-wallet' },
    { id: 'view-wallet-transactions', label: 'permissions.view-wallet-transactions' },
  ],
});
