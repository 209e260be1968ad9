/** The prepaid wallets and their ledger, in integer paise (docs/wallet.md; drizzle.config.ts reads this file beside schema.ts). */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { tableOf } from './declared.ts';
import { users } from './schema.ts';
import wallet from '../../resources/entities/wallet.ts';

/** Money in integer paise. */
export const wallets = tableOf(wallet, { constraints: (t) => [check('wallets_balance_check', sql`${t.balance} >= 0`)] });

export type WalletTransactionType = 'CREDIT' | 'DEBIT';

/** One movement of a wallet's balance (paise); immutable, a trigger refuses UPDATE and DELETE. */
export const walletTransactions = pgTable('wallet_transactions', {
  id: id(),
  walletId: uuid('wallet_id').notNull().references(() => wallets.id),
  transactionType: text('transaction_type').$type<WalletTransactionType>().notNull(),
  amount: integer('amount').notNull(),
  balanceAfter: integer('balance_after').notNull(),
  description: text('description').notNull(),
  reference: text('reference'),
  /** A retried request carries the same key and gets the first movement back. */
  idempotencyKey: text('idempotency_key').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('wallet_transactions_idempotency_idx').on(t.walletId, t.idempotencyKey),
  index('wallet_transactions_wallet_created_idx').on(t.walletId, t.createdAt),
  index('wallet_transactions_reference_idx').on(t.reference),
  check('wallet_transactions_type_check', sql`${t.transactionType} IN ('CREDIT', 'DEBIT')`),
  check('wallet_transactions_amount_check', sql`${t.amount} > 0`),
  check('wallet_transactions_balance_after_check', sql`${t.balanceAfter} >= 0`),
]);
export type WalletTransaction = typeof walletTransactions.$inferSelect;
