import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { walletTransactions } from '../db/wallet-schema.ts';
import type { Caller } from '../auth/caller.ts';
import { priceFor, readSettings } from '../organisations/settings.ts';
import { badRequest } from '../http/errors.ts';
import { message, said } from '../resources/messages.ts';
import { debit, InsufficientBalanceError, walletOfOrganisation, type WalletTransaction } from './ledger.ts';

export interface ChargedFitment {
  id: string; organisationId: string; durationInDays: number; imei: string;
  /** An edit of a fitment already activated: the plan it is active on, settled whether it was paid or activated before its organisation charged. */
  settledDurationInDays?: number;
}

/** What a fitment's activation has been debited so far (an edit to a dearer duration pays the difference). */
async function paidFor(db: Db, fitmentId: string): Promise<number> {
  const [row] = await db.select({ paid: sql<string>`coalesce(sum(${walletTransactions.amount}), 0)` }).from(walletTransactions)
    .where(and(eq(walletTransactions.reference, activationReference(fitmentId)), eq(walletTransactions.transactionType, 'DEBIT')));
  return Number(row?.paid ?? 0);
}

export const activationReference = (fitmentId: string) => `fitment:${fitmentId}`;

/**
 * Debits a fitment's activation from the wallet of the organisation it is recorded in, at that
 * organisation's price for the duration (docs/wallet.md), less what the fitment already paid: so
 * approving what was paid on creation, or again after an undo, charges nothing, and an edit to
 * 2 years pays the difference. An edit of an active fitment counts its current plan as settled, so a
 * fitment activated before its organisation set prices is not charged for being edited. The key names the amount already paid, so a retried request is
 * applied once. Run it inside the activation's transaction: a refusal then leaves nothing written.
 */
export async function chargeActivation(db: Db, caller: Caller, fitment: ChargedFitment): Promise<WalletTransaction | null> {
  // an edit that does not lengthen the active plan (a renewed one included: its days are no plan's) owes nothing
  if (fitment.settledDurationInDays !== undefined && fitment.durationInDays <= fitment.settledDurationInDays) return null;
  const settings = await readSettings(db, fitment.organisationId);
  if (!settings.priceOneYearPaise && !settings.priceTwoYearsPaise) return null;
  const price = priceFor(settings, fitment.durationInDays);
  if (price === null) throw badRequest(said('wallet.messages.durationNotPriced'), { durationInDays: said('wallet.messages.durationNotPriced') });
  const paid = await paidFor(db, fitment.id);
  const settled = fitment.settledDurationInDays ? Math.max(paid, priceFor(settings, fitment.settledDurationInDays) ?? 0) : paid;
  const due = price - settled;
  if (due <= 0) return null;
  const wallet = await walletOfOrganisation(db, fitment.organisationId);
  // no wallet is a balance of nothing: the whole amount is missing
  if (!wallet) throw new InsufficientBalanceError(due, 0, due);
  return debit(db, {
    walletId: wallet.id,
    amountPaise: due,
    description: message('wallet.messages.activation', { imei: fitment.imei, duration: fitment.durationInDays }),
    reference: activationReference(fitment.id),
    idempotencyKey: paid ? `activation:${fitment.id}:after:${paid}` : `activation:${fitment.id}`,
    actorId: caller.userId,
  });
}
