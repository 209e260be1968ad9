import crypto from 'node:crypto';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { walletTransactions, wallets, type TransferKind, type WalletTransaction } from '../db/wallet-schema.ts';
import { HttpError, badRequest, notFound, verbatim } from '../http/errors.ts';
import { formatRupees } from '../../core/money.ts';
import { said } from '../resources/messages.ts';
import { query } from '../resources/sql.ts';
import type { AccountKind } from '../../resources/entities/wallet.ts';
import { emitChange } from '../changehooks/emit.ts';
import { statementRows } from './statement.ts';

export type { WalletTransaction };

/**
 * One transfer of the double-entry ledger (docs/wallet.md): `amountPaise` leaves `fromId` and
 * enters `toId`. Every movement of money is one of these, and nothing else writes a balance.
 */
export interface TransferRequest {
  fromId: string;
  toId: string;
  amountPaise: number;
  kind: TransferKind;
  description: string;
  reference?: string | null;
  idempotencyKey: string;
  actorId: string | null;
}

/** Both legs of a transfer: the DEBIT of the account money left, the CREDIT of the one it entered. */
export interface Transfer {
  id: string;
  debit: WalletTransaction;
  credit: WalletTransaction;
}

/** The balance column is a PostgreSQL integer: the most a wallet can hold, in paise (and the most the bank can have paid out). */
export const MAX_BALANCE_PAISE = 2_147_483_647;

/** A transfer larger than the paying wallet's balance; `missingPaise` is what it lacks. */
export class InsufficientBalanceError extends HttpError {
  constructor(
    readonly missingPaise: number,
    readonly balancePaise: number,
    readonly amountPaise: number,
  ) {
    super(
      409,
      said('wallet.messages.insufficient', {
        missing: formatRupees(missingPaise),
        balance: formatRupees(balancePaise),
        amount: formatRupees(amountPaise),
      }),
      { amount: verbatim(String(missingPaise)) },
    );
  }
}

interface Account {
  id: string;
  balance: number;
  kind: AccountKind;
  organisationId: string;
}

/**
 * The provider's BANK or REVENUE account, made on first use: a database upgraded by migration 0029
 * has them, one whose root organisation was made after it gets them here.
 */
export async function systemAccount(db: Db, kind: Exclude<AccountKind, 'WALLET'>): Promise<string> {
  const [found] = await db.select({ id: wallets.id }).from(wallets).where(eq(wallets.kind, kind));
  if (found) return found.id;
  await query(
    db,
    sql`insert into wallets (kind, organisation_id, balance, low_balance_threshold, is_active)
    select ${kind}, id, 0, 0, true from organisations where parent_id is null order by created_at, id limit 1
    on conflict (kind) where kind <> 'WALLET' do nothing`,
  );
  const [made] = await db.select({ id: wallets.id }).from(wallets).where(eq(wallets.kind, kind));
  if (!made) throw new Error("There is no root organisation to hold the provider's accounts");
  return made.id;
}

/**
 * The wallet that pays for what is bought in an organisation (its activations, its renewals from a
 * wallet): the oldest active wallet of the nearest organisation, from this one up to the root,
 * that has one. An organisation made below a payer has no wallet of its own until one is made, and
 * a wallet is funded only by a transfer from above or a deposit: neither is a way round paying.
 */
export async function payingWallet(
  db: Db,
  organisationId: string,
): Promise<{ id: string; balance: number; organisationId: string; organisationName: string } | null> {
  const [wallet] = await query<{ id: string; balance: number; organisationId: string; organisationName: string }>(
    db,
    sql`select w.id, w.balance, w.organisation_id as "organisationId", o.trade_name as "organisationName"
    from organisations me join organisations o on me.path like o.path || '%'
    join wallets w on w.organisation_id = o.id and w.kind = 'WALLET' and w.is_active
    where me.id = ${organisationId}::uuid
    order by length(o.path) desc, w.created_at, w.id limit 1`,
  );
  return wallet ?? null;
}

/** An organisation's own wallet, its oldest active one: what its administrators transfer from and to. */
export async function organisationWallet(
  db: Db,
  organisationId: string,
): Promise<{ id: string; balance: number } | null> {
  const [wallet] = await db
    .select({ id: wallets.id, balance: wallets.balance })
    .from(wallets)
    .where(and(eq(wallets.organisationId, organisationId), eq(wallets.kind, 'WALLET'), eq(wallets.isActive, true)))
    .orderBy(asc(wallets.createdAt), asc(wallets.id))
    .limit(1);
  return wallet ?? null;
}

function checkRequest(request: TransferRequest) {
  if (!Number.isSafeInteger(request.amountPaise) || request.amountPaise <= 0) {
    throw badRequest(said('wallet.messages.amountInvalid'), { amount: said('wallet.messages.amountInvalid') });
  }
  if (request.amountPaise > MAX_BALANCE_PAISE) {
    const text = said('wallet.messages.amountTooLarge', { max: formatRupees(MAX_BALANCE_PAISE) });
    throw badRequest(text, { amount: text });
  }
  if (!request.idempotencyKey?.trim())
    throw badRequest(said('wallet.messages.keyRequired'), { idempotencyKey: said('wallet.messages.keyRequired') });
  if (!request.description?.trim())
    throw badRequest(said('wallet.messages.descriptionRequired'), {
      description: said('wallet.messages.descriptionRequired'),
    });
  if (request.fromId === request.toId) throw badRequest(said('wallet.messages.sameAccount'));
}

/** The legs an earlier request with this key wrote on either account: the same transfer again, or a key reused for another. */
async function earlierTransfer(tx: Db, request: TransferRequest, key: string): Promise<Transfer | undefined> {
  const legs = await tx
    .select()
    .from(walletTransactions)
    .where(
      and(
        inArray(walletTransactions.walletId, [request.fromId, request.toId]),
        eq(walletTransactions.idempotencyKey, key),
      ),
    );
  if (!legs.length) return undefined;
  const debit = legs.find((leg) => leg.transactionType === 'DEBIT' && leg.walletId === request.fromId);
  const credit = legs.find((leg) => leg.transactionType === 'CREDIT' && leg.walletId === request.toId);
  if (
    !debit ||
    !credit ||
    debit.transferId !== credit.transferId ||
    debit.amount !== request.amountPaise ||
    debit.transferKind !== request.kind
  ) {
    throw new HttpError(409, said('wallet.messages.keyReused'), { idempotencyKey: said('wallet.messages.keyReused') });
  }
  return { id: debit.transferId, debit, credit };
}

/**
 * Moves money between two accounts, in one transaction (a savepoint inside the caller's): both
 * rows are locked in id order, so concurrent transfers queue instead of deadlocking; a retry with
 * the same key finds the first transfer and returns it; the conditional UPDATE keeps a wallet from
 * going below zero (the CHECK on wallets backs it), and both legs are written with the balances.
 */
export async function transfer(db: Db, request: TransferRequest): Promise<Transfer> {
  checkRequest(request);
  const key = request.idempotencyKey.trim();
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const locked = await tx
      .select({ id: wallets.id, balance: wallets.balance, kind: wallets.kind, organisationId: wallets.organisationId })
      .from(wallets)
      .where(or(eq(wallets.id, request.fromId), eq(wallets.id, request.toId)))
      .orderBy(asc(wallets.id))
      .for('update');
    const from = locked.find((a) => a.id === request.fromId) as Account | undefined;
    const to = locked.find((a) => a.id === request.toId) as Account | undefined;
    if (!from || !to) throw notFound(said('wallet.messages.notFound'));
    const earlier = await earlierTransfer(tx, request, key);
    if (earlier) return earlier;
    const amount = request.amountPaise;
    // only the bank may go below zero, and no further than an integer reaches
    const [debited] = await tx
      .update(wallets)
      .set({ balance: sql`${wallets.balance} - ${amount}`, updatedAt: sql`now()` })
      .where(
        and(
          eq(wallets.id, from.id),
          from.kind === 'BANK'
            ? sql`${wallets.balance} - ${amount} >= ${-MAX_BALANCE_PAISE}`
            : sql`${wallets.balance} >= ${amount}`,
        ),
      )
      .returning({ balance: wallets.balance });
    if (!debited) {
      if (from.kind === 'BANK')
        throw badRequest(said('wallet.messages.balanceTooLarge', { max: formatRupees(MAX_BALANCE_PAISE) }));
      throw new InsufficientBalanceError(amount - from.balance, from.balance, amount);
    }
    if (to.balance + amount > MAX_BALANCE_PAISE)
      throw badRequest(said('wallet.messages.balanceTooLarge', { max: formatRupees(MAX_BALANCE_PAISE) }));
    const [credited] = await tx
      .update(wallets)
      .set({ balance: sql`${wallets.balance} + ${amount}`, updatedAt: sql`now()` })
      .where(eq(wallets.id, to.id))
      .returning({ balance: wallets.balance });
    const transferId = crypto.randomUUID();
    const leg = {
      amount,
      description: request.description.trim(),
      reference: request.reference?.trim() || null,
      idempotencyKey: key,
      transferId,
      transferKind: request.kind,
      createdBy: request.actorId,
    };
    const legs = await tx
      .insert(walletTransactions)
      .values([
        { ...leg, walletId: from.id, transactionType: 'DEBIT', balanceAfter: debited.balance, counterWalletId: to.id },
        {
          ...leg,
          walletId: to.id,
          transactionType: 'CREDIT',
          balanceAfter: credited!.balance,
          counterWalletId: from.id,
        },
      ])
      .returning();
    // change webhooks (docs/webhooks.md): each leg on an organisation's wallet, as its statement shows it
    for (const [account, leg] of [
      [from, legs.find((l) => l.transactionType === 'DEBIT')!],
      [to, legs.find((l) => l.transactionType === 'CREDIT')!],
    ] as const)
      if (account.kind === 'WALLET')
        await emitChange(tx, {
          type: 'wallet.movement',
          organisationIds: [account.organisationId],
          subjectId: leg.id,
          data: async () => ({
            id: leg.id,
            walletId: account.id,
            organisationId: account.organisationId,
            transaction: (await statementRows(tx, [eq(walletTransactions.id, leg.id)], 1))[0] ?? null,
          }),
        });
    return {
      id: transferId,
      debit: legs.find((l) => l.transactionType === 'DEBIT')!,
      credit: legs.find((l) => l.transactionType === 'CREDIT')!,
    };
  });
}
