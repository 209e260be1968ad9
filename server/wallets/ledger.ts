import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { walletTransactions, wallets, type WalletTransaction, type WalletTransactionType } from '../db/wallet-schema.ts';
import { HttpError, badRequest, notFound } from '../http/errors.ts';
import { formatRupees } from '../../core/money.ts';
import { message, said } from '../resources/messages.ts';

export type { WalletTransaction };

export interface LedgerEntry {
  walletId: string;
  amountPaise: number;
  description: string;
  reference?: string | null;
  idempotencyKey: string;
  actorId: string | null;
}

/** The balance column is a PostgreSQL integer: the most a wallet can hold, in paise. */
export const MAX_BALANCE_PAISE = 2_147_483_647;

/** A debit larger than the balance; `missingPaise` is what the wallet lacks. */
export class InsufficientBalanceError extends HttpError {
  constructor(readonly missingPaise: number, readonly balancePaise: number, readonly amountPaise: number) {
    super(409, said('wallet.messages.insufficient', {
      missing: formatRupees(missingPaise), balance: formatRupees(balancePaise), amount: formatRupees(amountPaise),
    }), { amount: String(missingPaise) });
  }
}

export async function credit(db: Db, entry: LedgerEntry): Promise<WalletTransaction> {
  return move(db, 'CREDIT', entry);
}

/** Throws InsufficientBalanceError (409, naming the amount missing) when the balance is short; nothing is written then. */
export async function debit(db: Db, entry: LedgerEntry): Promise<WalletTransaction> {
  return move(db, 'DEBIT', entry);
}

/** The wallet that pays for an organisation's activations: its oldest active wallet. */
export async function walletOfOrganisation(db: Db, organisationId: string): Promise<{ id: string; balance: number } | null> {
  const [wallet] = await db.select({ id: wallets.id, balance: wallets.balance }).from(wallets)
    .where(and(eq(wallets.organisationId, organisationId), eq(wallets.isActive, true)))
    .orderBy(asc(wallets.createdAt), asc(wallets.id)).limit(1);
  return wallet ?? null;
}

function checkEntry(entry: LedgerEntry) {
  if (!Number.isSafeInteger(entry.amountPaise) || entry.amountPaise <= 0) {
    throw badRequest(said('wallet.messages.amountInvalid'), { amount: said('wallet.messages.amountInvalid') });
  }
  if (entry.amountPaise > MAX_BALANCE_PAISE) {
    const text = message('wallet.messages.amountTooLarge', { max: formatRupees(MAX_BALANCE_PAISE) });
    throw badRequest(text, { amount: text });
  }
  if (!entry.idempotencyKey?.trim()) throw badRequest(said('wallet.messages.keyRequired'), { idempotencyKey: said('wallet.messages.keyRequired') });
  if (!entry.description?.trim()) throw badRequest(said('wallet.messages.descriptionRequired'), { description: said('wallet.messages.descriptionRequired') });
}

/**
 * One movement: the wallet row is locked first, so a retry with the same key (even a concurrent
 * one) finds the first movement and returns it; the conditional UPDATE is what keeps the balance
 * from going below 0, and the CHECK on wallets backs it. `db` may already be a transaction (a savepoint then).
 */
async function move(db: Db, type: WalletTransactionType, entry: LedgerEntry): Promise<WalletTransaction> {
  checkEntry(entry);
  const key = entry.idempotencyKey.trim();
  return db.transaction(async (tx) => {
    const [wallet] = await tx.select({ id: wallets.id, balance: wallets.balance }).from(wallets)
      .where(eq(wallets.id, entry.walletId)).for('update');
    if (!wallet) throw notFound(said('wallet.messages.notFound'));
    const [previous] = await tx.select().from(walletTransactions)
      .where(and(eq(walletTransactions.walletId, wallet.id), eq(walletTransactions.idempotencyKey, key)));
    if (previous) {
      if (previous.transactionType !== type || previous.amount !== entry.amountPaise) {
        throw new HttpError(409, said('wallet.messages.keyReused'), { idempotencyKey: said('wallet.messages.keyReused') });
      }
      return previous;
    }
    if (type === 'CREDIT' && wallet.balance + entry.amountPaise > MAX_BALANCE_PAISE) {
      throw badRequest(said('wallet.messages.balanceTooLarge', { max: formatRupees(MAX_BALANCE_PAISE) }));
    }
    const delta = type === 'CREDIT' ? entry.amountPaise : -entry.amountPaise;
    const [moved] = await tx.update(wallets)
      .set({ balance: sql`${wallets.balance} + ${delta}`, updatedAt: sql`now()` })
      .where(type === 'DEBIT' ? and(eq(wallets.id, wallet.id), gte(wallets.balance, entry.amountPaise)) : eq(wallets.id, wallet.id))
      .returning({ balance: wallets.balance });
    if (!moved) throw new InsufficientBalanceError(entry.amountPaise - wallet.balance, wallet.balance, entry.amountPaise);
    const [row] = await tx.insert(walletTransactions).values({
      walletId: wallet.id,
      transactionType: type,
      amount: entry.amountPaise,
      balanceAfter: moved.balance,
      description: entry.description.trim(),
      reference: entry.reference?.trim() || null,
      idempotencyKey: key,
      createdBy: entry.actorId,
    }).returning();
    return row!;
  });
}
