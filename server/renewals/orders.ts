import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { message, said } from '../resources/messages.ts';
import { query } from '../resources/sql.ts';
import { effectivePrices, priceFor } from '../organisations/settings.ts';
import { organisationWallet, systemAccount, transfer } from '../wallets/ledger.ts';
import {
  RENEWAL_DURATIONS,
  type RenewalProviderId,
  type RenewalStatus,
} from '../../resources/entities/renewal-order.ts';
import { normalise, rules } from '../../core/rules.ts';
import renewalOrderResource from '../../resources/entities/renewal-order.ts';
import { asSeen, emitChange } from '../changehooks/emit.ts';

/** The fitment a renewal extends: found only by its device's IMEI together with its vehicle's registration number. */
export interface RenewableFitment {
  id: string;
  imei: string;
  registrationNumber: string;
  expiresOn: string;
  organisationId: string;
}

export interface RenewalOrder {
  id: string;
  reference: string;
  fitmentId: string;
  imei: string;
  registrationNumber: string;
  durationInDays: number;
  amountPaise: number;
  provider: RenewalProviderId;
  status: RenewalStatus;
  expiresBefore: string;
  expiresAfter: string | null;
  confirmedAt: string | null;
  createdAt: string;
}

export interface Plan {
  durationInDays: number;
  amountPaise: number;
}

/** A pending order of the same plan is handed out again for this long, rather than a new one made. */
const REUSE_PENDING_DAYS = 7;

const ORDER_COLUMNS = sql`id, reference, fitment_id as "fitmentId", imei, registration_number as "registrationNumber",
  duration_in_days as "durationInDays", amount_paise as "amountPaise", provider, status,
  to_json(expires_before) #>> '{}' as "expiresBefore", to_json(expires_after) #>> '{}' as "expiresAfter",
  to_json(confirmed_at) #>> '{}' as "confirmedAt", to_json(created_at) #>> '{}' as "createdAt"`;

/** 8 characters without look-alikes (no 0/O, 1/I): 32 symbols, so a byte's low 5 bits pick one without bias. */
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newReference(): string {
  return `RNW-${[...crypto.randomBytes(8)].map((b) => REFERENCE_ALPHABET[b & 31]).join('')}`;
}

/** Upper case without spaces or dashes, as registration numbers are stored. */
export const normaliseRegistration = (value: string) => normalise(rules.registrationNumber, value);

/** The device's fitment when the vehicle it is fitted to has this registration number; undefined for any other pair. */
export async function findRenewableFitment(
  db: Db,
  registrationNumber: string,
  imei: string,
): Promise<RenewableFitment | undefined> {
  const [row] = await query<RenewableFitment>(
    db,
    sql`select f.id, f.imei, v.registration_number as "registrationNumber",
      to_json(f.expires_on) #>> '{}' as "expiresOn", f.organisation_id as "organisationId"
    from fitments f join vehicles v on v.id = f.vehicle_id
    where f.imei = ${imei} and v.registration_number = ${normaliseRegistration(registrationNumber)}
    order by f.created_at desc limit 1`,
  );
  return row;
}

/** The one answer for a wrong pair: it does not say which of the two is wrong. */
export const notMatched = () => notFound(said('renewal.notMatched'));

/** The plans the fitment's organisation sells, with their prices; empty when it sells none through Waymark. */
export async function plansOf(db: Db, fitment: RenewableFitment): Promise<Plan[]> {
  const prices = await effectivePrices(db, fitment.organisationId);
  return RENEWAL_DURATIONS.map((days) => ({ durationInDays: days, amountPaise: priceFor(prices, days) ?? 0 })).filter(
    (p) => p.amountPaise > 0,
  );
}

/**
 * A renewal order for a plan, PENDING until paid. A pending order of the same plan and provider
 * made in the last few days is answered again, so retries and reloads do not pile up orders.
 */
export async function orderRenewal(
  db: Db,
  fitment: RenewableFitment,
  durationInDays: number,
  provider: RenewalProviderId,
  createdBy: string | null,
): Promise<RenewalOrder> {
  const plan = (await plansOf(db, fitment)).find((p) => p.durationInDays === durationInDays);
  if (!plan) throw new HttpError(409, said('renewal.notSold'));
  const [pending] = await query<RenewalOrder>(
    db,
    sql`select ${ORDER_COLUMNS} from renewal_orders
    where fitment_id = ${fitment.id}::uuid and status = 'PENDING' and duration_in_days = ${durationInDays} and provider = ${provider}
      and amount_paise = ${plan.amountPaise} and created_at > now() - make_interval(days => ${REUSE_PENDING_DAYS})
    order by created_at desc limit 1`,
  );
  if (pending) return pending;
  const [created] = await query<RenewalOrder>(
    db,
    sql`insert into renewal_orders
      (reference, fitment_id, imei, registration_number, duration_in_days, amount_paise, provider, expires_before, created_by, organisation_id)
    values (${newReference()}, ${fitment.id}::uuid, ${fitment.imei}, ${fitment.registrationNumber}, ${durationInDays}, ${plan.amountPaise}, ${provider},
      ${fitment.expiresOn}::timestamptz, ${createdBy === null ? sql`null` : sql`${createdBy}::uuid`}, ${fitment.organisationId}::uuid)
    returning ${ORDER_COLUMNS}`,
  );
  return created!;
}

/** The order with this reference when it is for this IMEI: what an anonymous payer may read. */
export async function orderByReference(db: Db, reference: string, imei: string): Promise<RenewalOrder> {
  const [order] = await query<RenewalOrder>(
    db,
    sql`select ${ORDER_COLUMNS} from renewal_orders where reference = ${reference.toUpperCase()} and imei = ${imei}`,
  );
  if (!order) throw notFound(said('renewal.orderNotFound'));
  return order;
}

export interface Confirmation {
  /** Who confirmed (an administrator, a wallet's payer); null for the test provider. */
  actorId: string | null;
  /** The payer's UTR / transaction number, or the wallet transaction's id. */
  paymentReference: string;
  /** The provider that was paid through, when not the one the order was made for (a wallet paying a UPI order). */
  provider?: RenewalProviderId;
  /** The wallet that pays; without one the money came in through the bank (UPI, a transfer, the test provider). */
  walletId?: string;
}

/**
 * PENDING to PAID, its payment into the provider's revenue (from the payer's wallet, or from the
 * bank for money paid outside Waymark) and the fitment's expiry extension, paid through the new
 * expiry, in one transaction: the conditional update is what makes it happen once. A second confirmation (double click, two administrators, a retried
 * callback) finds the order no longer PENDING, answers 409 and changes nothing. The extension runs
 * from the later of the expiry and today by the plan's days, kept as the fitment's duration so an
 * edit of the fitment keeps it (expires_on = fitment_date + duration_in_days, as the form computes).
 */
export async function confirmOrder(db: Db, orderId: string, confirmation: Confirmation): Promise<RenewalOrder> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [paid] = await query<{
      id: string;
      fitmentId: string;
      durationInDays: number;
      amountPaise: number;
      reference: string;
      registrationNumber: string;
    }>(
      tx,
      sql`update renewal_orders
      set status = 'PAID', payment_reference = ${confirmation.paymentReference}, confirmed_at = now(), updated_at = now(),
        confirmed_by = ${confirmation.actorId === null ? sql`null` : sql`${confirmation.actorId}::uuid`},
        provider = ${confirmation.provider ?? sql`provider`}
      where id = ${orderId}::uuid and status = 'PENDING'
      returning id, fitment_id as "fitmentId", duration_in_days as "durationInDays", amount_paise as "amountPaise", reference,
        registration_number as "registrationNumber"`,
    );
    if (!paid) throw new HttpError(409, said('renewal.alreadyConfirmed'));
    // the fitment before the accounts, in the order an activation locks them
    const [before] = await query<{ expiresOn: string }>(
      tx,
      sql`select to_json(expires_on) #>> '{}' as "expiresOn" from fitments where id = ${paid.fitmentId}::uuid for update`,
    );
    const payment = await transfer(tx, {
      fromId: confirmation.walletId ?? (await systemAccount(tx, 'BANK')),
      toId: await systemAccount(tx, 'REVENUE'),
      kind: 'RENEWAL',
      amountPaise: paid.amountPaise,
      idempotencyKey: `renewal:${paid.id}`,
      actorId: confirmation.actorId,
      reference: paid.reference,
      description: message('renewal.walletPayment', {
        reference: paid.reference,
        registrationNumber: paid.registrationNumber,
      }),
    });
    if (confirmation.walletId)
      await query(tx, sql`update renewal_orders set payment_reference = ${payment.id} where id = ${paid.id}::uuid`);
    const days = sql`greatest(duration_in_days, ceil(extract(epoch from now() - fitment_date) / 86400)::integer) + ${paid.durationInDays}::integer`;
    await query(
      tx,
      sql`update fitments set duration_in_days = ${days}, expires_on = fitment_date + make_interval(days => ${days}),
        paid_through = fitment_date + make_interval(days => ${days}), updated_at = now()
      where id = ${paid.fitmentId}::uuid`,
    );
    const [order] = await query<RenewalOrder>(
      tx,
      sql`update renewal_orders o set expires_before = ${before!.expiresOn}::timestamptz, expires_after = f.expires_on
      from fitments f where o.id = ${paid.id}::uuid and f.id = o.fitment_id returning o.id, o.reference, o.fitment_id as "fitmentId", o.imei,
        o.registration_number as "registrationNumber", o.duration_in_days as "durationInDays", o.amount_paise as "amountPaise", o.provider, o.status,
        to_json(o.expires_before) #>> '{}' as "expiresBefore", to_json(o.expires_after) #>> '{}' as "expiresAfter",
        to_json(o.confirmed_at) #>> '{}' as "confirmedAt", to_json(o.created_at) #>> '{}' as "createdAt"`,
    );
    await emitChange(tx, {
      type: 'renewal.paid',
      organisationIds: [(await renewalOrganisation(tx, paid.id))!],
      subjectId: paid.id,
      data: async () => ({
        id: paid.id,
        fitmentId: paid.fitmentId,
        renewalOrder: await asSeen(tx, renewalOrderResource, paid.id),
      }),
    });
    return order!;
  });
}

/** The organisation a renewal order belongs to (its fitment's). */
async function renewalOrganisation(db: Db, orderId: string): Promise<string | undefined> {
  const [row] = await query<{ organisationId: string }>(
    db,
    sql`select organisation_id as "organisationId" from renewal_orders where id = ${orderId}::uuid`,
  );
  return row?.organisationId;
}

/**
 * Pays a pending order from the payer's organisation's wallet: the debit (the order id as its
 * idempotency key) and the confirmation in one transaction, so a short wallet changes nothing and
 * a repeated or concurrent payment debits once (the second finds the order PAID: 409).
 */
export async function payFromWallet(
  db: Db,
  order: RenewalOrder,
  payer: { userId: string; organisationId: string },
): Promise<RenewalOrder> {
  if (order.status !== 'PENDING') throw new HttpError(409, said('renewal.alreadyConfirmed'));
  const wallet = await organisationWallet(db, payer.organisationId);
  if (!wallet) throw new HttpError(409, said('renewal.noWallet'));
  return confirmOrder(db, order.id, {
    actorId: payer.userId,
    paymentReference: 'WALLET',
    provider: 'wallet',
    walletId: wallet.id,
  });
}
