import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Caller } from '../auth/caller.ts';
import { effectivePrices, priceFor } from '../organisations/settings.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { message, said } from '../resources/messages.ts';
import { query } from '../resources/sql.ts';
import { InsufficientBalanceError, payingWallet, systemAccount, transfer, type Transfer } from './ledger.ts';

/** An activation leg's reference: the fitment it paid for (the ledger's transactions name the fitment by it). */
export const ACTIVATION_REFERENCE_PREFIX = 'fitment:';
const activationReference = (fitmentId: string) => `${ACTIVATION_REFERENCE_PREFIX}${fitmentId}`;

interface Settling {
  id: string;
  imei: string;
  organisationId: string;
  activationStatus: string;
  expiresOn: string;
  paidThrough: string | null;
  daysDue: number;
}

/**
 * Pays a fitment's activation up to its expiry (docs/wallet.md): the one place where a fitment's
 * paid time grows, called in the transaction of every write that could move its expiry (create,
 * edit, approve, bulk) after the row is written. A fitment that asks for no activation (INACTIVE)
 * owes nothing yet; one whose expiry is not past the date it is paid through owes nothing (an
 * undo and approve again, an edit that shortens). Otherwise the days between the two are bought
 * at the organisation's price for that length, from the paying wallet into the provider's revenue,
 * or the write is refused: a length with no price cannot be bought, and a short wallet changes nothing.
 */
export async function settleActivation(db: Db, caller: Caller, fitmentId: string): Promise<Transfer | null> {
  const [fitment] = await query<Settling>(
    db,
    sql`select id, imei, organisation_id as "organisationId", activation_status as "activationStatus",
      to_json(expires_on) #>> '{}' as "expiresOn", to_json(paid_through) #>> '{}' as "paidThrough",
      round(extract(epoch from expires_on - coalesce(paid_through, fitment_date)) / 86400)::integer as "daysDue"
    from fitments where id = ${fitmentId}::uuid for update`,
  );
  if (!fitment || fitment.activationStatus === 'INACTIVE') return null;
  if (fitment.paidThrough !== null && Date.parse(fitment.expiresOn) <= Date.parse(fitment.paidThrough)) return null;
  const prices = await effectivePrices(db, fitment.organisationId);
  const price = priceFor(prices, fitment.daysDue);
  if (price === null) {
    const text = said('wallet.messages.lengthNotPriced', { days: fitment.daysDue });
    throw badRequest(text, { durationInDays: text });
  }
  let paid: Transfer | null = null;
  if (price > 0) {
    // money moves only by a person: an API token may record a fitment already paid, never buy one
    if (caller.apiToken) throw forbidden(said('apiTokens.messages.peopleOnly'));
    const wallet = await payingWallet(db, fitment.organisationId);
    // no wallet is a balance of nothing: the whole amount is missing
    if (!wallet) throw new InsufficientBalanceError(price, 0, price);
    paid = await transfer(db, {
      fromId: wallet.id,
      toId: await systemAccount(db, 'REVENUE'),
      amountPaise: price,
      kind: 'ACTIVATION',
      description: message('wallet.messages.activation', { imei: fitment.imei, duration: fitment.daysDue }),
      reference: activationReference(fitment.id),
      // one purchase per date paid from: a retried request finds it, a later extension is another
      idempotencyKey: fitment.paidThrough
        ? `activation:${fitment.id}:from:${fitment.paidThrough}`
        : `activation:${fitment.id}`,
      actorId: caller.userId,
    });
  }
  await query(db, sql`update fitments set paid_through = expires_on where id = ${fitment.id}::uuid`);
  return paid;
}
