/** The ledger's accounts and their movements, in integer paise (docs/wallet.md; drizzle.config.ts reads this file beside schema.ts). */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { tableOf } from './declared.ts';
import { users } from './schema.ts';
import wallet from '../../resources/entities/wallet.ts';

/**
 * The accounts: organisations' wallets (held by a user) and the provider's BANK and REVENUE (held
 * by nobody, one each). Only BANK may go below zero: it is where deposits come from.
 */
export const wallets = tableOf(wallet, {
  columns: { userId: uuid('user_id').references(() => users.id) },
  constraints: (t) => [
    check('wallets_balance_check', sql`${t.balance} >= 0 OR ${t.kind} = 'BANK'`),
    check('wallets_kind_check', sql`${t.kind} IN ('WALLET', 'BANK', 'REVENUE')`),
    check('wallets_holder_check', sql`(${t.kind} = 'WALLET') = (${t.userId} IS NOT NULL)`),
    uniqueIndex('wallets_system_account_idx')
      .on(t.kind)
      .where(sql`${t.kind} <> 'WALLET'`),
  ],
});

export type WalletTransactionType = 'CREDIT' | 'DEBIT';
export const TRANSFER_KINDS = ['DEPOSIT', 'WITHDRAWAL', 'TRANSFER', 'ACTIVATION', 'RENEWAL'] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

/**
 * One leg of a transfer (paise): every transfer is two rows with the same transfer_id, a DEBIT of
 * the account money leaves and a CREDIT of the one it enters, by the same amount, written in one
 * transaction with both balances. Immutable: a trigger refuses UPDATE and DELETE.
 */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: id(),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id),
    transactionType: text('transaction_type').$type<WalletTransactionType>().notNull(),
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    description: text('description').notNull(),
    reference: text('reference'),
    /** A retried request carries the same key and gets the first movement back. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** The transfer both legs belong to, what kind it is, and the account on its other side. */
    transferId: uuid('transfer_id').notNull(),
    transferKind: text('transfer_kind').$type<TransferKind>().notNull(),
    counterWalletId: uuid('counter_wallet_id')
      .notNull()
      .references(() => wallets.id),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('wallet_transactions_idempotency_idx').on(t.walletId, t.idempotencyKey),
    uniqueIndex('wallet_transactions_transfer_leg_idx').on(t.transferId, t.transactionType),
    index('wallet_transactions_wallet_created_idx').on(t.walletId, t.createdAt),
    index('wallet_transactions_reference_idx').on(t.reference),
    check('wallet_transactions_type_check', sql`${t.transactionType} IN ('CREDIT', 'DEBIT')`),
    check(
      'wallet_transactions_kind_check',
      sql`${t.transferKind} IN ('DEPOSIT', 'WITHDRAWAL', 'TRANSFER', 'ACTIVATION', 'RENEWAL')`,
    ),
    check('wallet_transactions_amount_check', sql`${t.amount} > 0`),
  ],
);
export type WalletTransaction = typeof walletTransactions.$inferSelect;
