import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queueMessage } from '../outbox.ts';
import { query } from '../resources/sql.ts';
import { emitFitmentChange } from '../fitments/resource-hooks.ts';
import { administratorsOf } from '../organisations/administrators.ts';
import { textIn } from '../resources/messages.ts';
import { SUBSCRIPTION_EXPIRING } from '../../resources/reports/event-types.ts';
import { bilingual, claimMark, inBothLanguages, DAY_MS, indianDate, indianDay, insertSweepEvent } from './common.ts';

/** Days before a subscription ends that its customer is reminded, each once. */
export const REMINDER_DAYS = [30, 7, 1] as const;
/** How far ahead a dealer's daily list looks. */
export const DEALER_LIST_DAYS = 30;

/**
 * The reminder a subscription ending at `expiresOn` is due at `now`: the nearest of 30, 7 and 1
 * days it is within (a fitment made 5 days before its end gets the 7-day one, never the 30-day one
 * late), or none once it has ended.
 */
export function reminderDue(expiresOn: Date, now: Date): number | null {
  const left = expiresOn.getTime() - now.getTime();
  if (left <= 0) return null;
  const within = REMINDER_DAYS.filter((days) => left <= days * DAY_MS);
  return within.length ? Math.min(...within) : null;
}

interface Expiring {
  id: string;
  deviceId: string;
  vehicleId: string | null;
  organisationId: string;
  organisationName: string;
  expiresOn: string | Date;
  imei: string;
  registrationNumber: string;
  customerName: string;
  customerPhone: string;
  customerEmail: string | null;
}

/** Active fitments ending after `now` and within `days`. */
async function expiringWithin(db: Db, now: Date, days: number): Promise<Expiring[]> {
  const until = new Date(now.getTime() + days * DAY_MS);
  return query<Expiring>(
    db,
    sql`select f.id, f.device_id as "deviceId", f.vehicle_id as "vehicleId", f.organisation_id as "organisationId",
      o.trade_name as "organisationName", f.expires_on as "expiresOn", f.imei, f.registration_number as "registrationNumber",
      f.customer_name as "customerName", f.customer_phone as "customerPhone", u.email as "customerEmail"
    from fitments f join organisations o on o.id = f.organisation_id left join users u on u.id = f.customer_id
    where f.activation_status = 'ACTIVE' and f.expires_on > ${now.toISOString()}::timestamptz
      and f.expires_on <= ${until.toISOString()}::timestamptz
    order by f.organisation_id, f.expires_on, f.registration_number`,
  );
}

export interface SweepContext {
  db: Db;
  publicUrl: string;
  brandName: string;
}

/**
 * Each customer whose subscription ends within 30, 7 or 1 days gets the renewal link once for that
 * mark: by e-mail when his account has one, else by SMS (DLT template `subscription-expiring`),
 * with a SUBSCRIPTION_EXPIRING event, all in one transaction with the mark (server/db/reminder-schema.ts).
 * A renewal moves `expiresOn`, so the old marks no longer match and the next reminder waits for the
 * new end. Answers how many reminders this call queued.
 */
export async function sendExpiryReminders(ctx: SweepContext, now: Date): Promise<number> {
  let sent = 0;
  const link = `${ctx.publicUrl}/public/renewal-payment`;
  for (const fitment of await expiringWithin(ctx.db, now, Math.max(...REMINDER_DAYS))) {
    const expiresOn = new Date(fitment.expiresOn);
    const days = reminderDue(expiresOn, now);
    if (days === null) continue;
    const key = `expiry:${fitment.id}:${expiresOn.toISOString()}:${days}`;
    const values = {
      brand: ctx.brandName,
      name: fitment.customerName,
      registration: fitment.registrationNumber,
      imei: fitment.imei,
      date: indianDate(expiresOn),
      days: Math.ceil((expiresOn.getTime() - now.getTime()) / DAY_MS),
      link,
    };
    const queued = await ctx.db.transaction(async (tx) => {
      if (!(await claimMark(tx, key))) return false;
      await queueMessage(tx, {
        channel: fitment.customerEmail ? 'email' : 'sms',
        recipient: fitment.customerEmail || fitment.customerPhone,
        ...bilingual('maintenance.expiry', values),
        options: { template: 'subscription-expiring' },
        organisationId: fitment.organisationId,
      });
      await insertSweepEvent(tx, {
        type: SUBSCRIPTION_EXPIRING,
        deviceId: fitment.deviceId,
        vehicleId: fitment.vehicleId,
        organisationId: fitment.organisationId,
        time: now,
        attributes: { fitmentId: fitment.id, daysBefore: days, expiresOn: expiresOn.toISOString() },
      });
      await emitFitmentChange(tx, 'fitment.expiring', fitment.id, {
        daysBefore: days,
        expiresOn: expiresOn.toISOString(),
      });
      return true;
    });
    if (queued) sent++;
  }
  return sent;
}

/** Where a dealer's list goes: the organisation's e-mail, else its administrators' (server/organisations/administrators.ts). */
async function dealerRecipients(db: Db, organisationId: string): Promise<string[]> {
  const [organisation] = await query<{ email: string | null }>(
    db,
    sql`select email from organisations where id = ${organisationId}::uuid`,
  );
  if (organisation?.email) return [organisation.email];
  const emails = (await administratorsOf(db, organisationId))
    .map((a) => a.email)
    .filter((e): e is string => Boolean(e));
  return [...new Set(emails)].sort();
}

/**
 * Once per Asia/Kolkata day, each organisation that recorded fitments ending in the next 30 days
 * gets their list by e-mail (English, then Hindi). Answers how many lists this call queued.
 */
export async function sendDealerLists(ctx: SweepContext, now: Date): Promise<number> {
  const byOrganisation = new Map<string, Expiring[]>();
  for (const fitment of await expiringWithin(ctx.db, now, DEALER_LIST_DAYS))
    byOrganisation.set(fitment.organisationId, [...(byOrganisation.get(fitment.organisationId) ?? []), fitment]);
  let sent = 0;
  for (const [organisationId, fitments] of byOrganisation) {
    const recipients = await dealerRecipients(ctx.db, organisationId);
    if (!recipients.length) continue;
    const values = {
      count: fitments.length,
      organisation: fitments[0]!.organisationName,
      link: `${ctx.publicUrl}/public/renewal-payment`,
    };
    const lines = (language: 'en' | 'hi') =>
      [
        textIn(language, 'maintenance.dealerList.intro', values),
        '',
        ...fitments.map((f) =>
          textIn(language, 'maintenance.dealerList.line', {
            registration: f.registrationNumber,
            imei: f.imei,
            customer: f.customerName,
            phone: f.customerPhone,
            date: indianDate(f.expiresOn),
          }),
        ),
      ].join('\n');
    const queued = await ctx.db.transaction(async (tx) => {
      if (!(await claimMark(tx, `dealer-expiring:${organisationId}:${indianDay(now)}`))) return false;
      for (const recipient of recipients)
        await queueMessage(tx, {
          channel: 'email',
          recipient,
          subject: inBothLanguages((language) => textIn(language, 'maintenance.dealerList.subject', values), ' | '),
          body: inBothLanguages(lines, '\n\n'),
          organisationId,
        });
      return true;
    });
    if (queued) sent++;
  }
  return sent;
}
