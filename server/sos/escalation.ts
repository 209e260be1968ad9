/**
 * The escalation of SOS cases nobody acknowledged: every N minutes (the organisation's
 * sosEscalationMinutes) an open case goes one level up. Level 1 is the organisation's escalation
 * contacts, or, when it set none, the administrators of its parent; level 2 the parent's contacts,
 * else the grandparent's administrators; and so on up to the root. Several processes may sweep at
 * once: a case is claimed by one atomic UPDATE over rows locked FOR UPDATE SKIP LOCKED, and its
 * messages are queued in the same transaction (server/outbox.ts), so each escalation is sent once.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queueMessage } from '../outbox.ts';
import type { PlaceLookup } from '../alerts/places.ts';
import { placeIn } from '../alerts/templates.ts';
import { query } from '../resources/sql.ts';
import { textIn, type Language } from '../resources/messages.ts';
import { administratorsOf } from '../organisations/administrators.ts';
import { formatDateTime } from '../../core/format/date.ts';
import { contactOf } from './contacts.ts';
import { escalationMinutes } from './cases.ts';

interface ClaimedCase {
  id: string;
  level: number;
  path: string;
  openedAt: string;
  latitude: number | null;
  longitude: number | null;
  vehicle: string | null;
  imei: string;
  organisationId: string;
}

export interface Recipient {
  channel: 'email' | 'sms';
  recipient: string;
}

export interface SweepOptions {
  /** The console's address, for the link in each message. */
  publicUrl: string;
  /** The sweep's clock: cases due at or before it are escalated (tests pass a fixed one). */
  now?: Date;
  /** Most cases escalated per transaction. */
  limit?: number;
  language?: Language;
  /** Where the case's place gets its address (GEOCODER_URL); none: the coordinates. */
  places?: PlaceLookup;
}

/** A user's addresses: e-mail and SMS both when he has both, an SOS is worth the two. */
function addressesOf(user: { email: string | null; phone: string | null }): Recipient[] {
  const out: Recipient[] = [];
  if (user.email) out.push({ channel: 'email', recipient: user.email });
  if (user.phone) out.push({ channel: 'sms', recipient: user.phone });
  return out;
}

/** The organisation's administrators (server/organisations/administrators.ts), as addresses. */
async function administrators(db: Db, organisationId: string): Promise<Recipient[]> {
  return (await administratorsOf(db, organisationId)).flatMap(addressesOf);
}

/** An organisation's escalation contacts as addresses (a user by id: his e-mail and phone, while enabled). */
async function contactsOf(db: Db, organisationId: string): Promise<Recipient[] | null> {
  const [row] = await query<{ contacts: unknown }>(
    db,
    sql`select attributes->'settings'->'sosEscalationContacts' as contacts from organisations where id = ${organisationId}::uuid`,
  );
  const saved = Array.isArray(row?.contacts) ? (row.contacts as unknown[]).filter((c) => typeof c === 'string') : [];
  if (!saved.length) return null;
  const out: Recipient[] = [];
  for (const text of saved) {
    const contact = contactOf(text);
    if (!contact) continue;
    if ('channel' in contact) out.push(contact);
    else {
      const users = await query<{ email: string | null; phone: string | null }>(
        db,
        sql`select email, phone from users where id = ${contact.userId}::uuid and is_enabled`,
      );
      out.push(...users.flatMap(addressesOf));
    }
  }
  return out;
}

/**
 * Who level `level` of a case of the organisation at `path` ('/root/…/own/') goes to: the level's
 * organisation's contacts, else its parent's administrators; empty past the root.
 */
export async function recipientsAt(db: Db, path: string, level: number): Promise<Recipient[]> {
  const upward = path.split('/').filter(Boolean).reverse();
  const organisation = upward[level - 1];
  if (!organisation) return [];
  const contacts = await contactsOf(db, organisation);
  if (contacts) return contacts;
  const parent = upward[level];
  return parent ? administrators(db, parent) : [];
}

const unique = (list: Recipient[]) =>
  list.filter((r, i) => list.findIndex((o) => o.channel === r.channel && o.recipient === r.recipient) === i);

/**
 * Escalates the open cases due at `now`, one level each (the next level that has anybody to tell),
 * and queues their messages; a case with nobody left above stops escalating. Returns the cases escalated.
 */
export async function escalateDueSosCases(db: Db, options: SweepOptions): Promise<number> {
  const now = (options.now ?? new Date()).toISOString();
  const language = options.language ?? 'en';
  const limit = options.limit ?? 20;
  // the places' addresses are asked before the transaction, never in it (the cases it claims stay locked meanwhile)
  if (options.places) {
    const due = await query<{ latitude: number | null; longitude: number | null }>(
      db,
      sql`select latitude, longitude from sos_cases where acknowledged_at is null and next_escalation_at <= ${now}::timestamptz
        order by next_escalation_at limit ${limit}`,
    );
    await options.places.warm(
      due.flatMap(({ latitude, longitude }) =>
        latitude === null || longitude === null ? [] : [{ latitude, longitude, language }],
      ),
    );
  }
  return db.transaction(async (tx) => {
    const claimed = await query<ClaimedCase>(
      tx,
      sql`update sos_cases c set escalation_level = c.escalation_level + 1, escalated_at = ${now}::timestamptz,
          next_escalation_at = ${now}::timestamptz + ${escalationMinutes()} * interval '1 minute'
        from (select id from sos_cases where acknowledged_at is null and next_escalation_at <= ${now}::timestamptz
              order by next_escalation_at limit ${limit} for update skip locked) due,
          organisations o, devices d
        where c.id = due.id and o.id = c.organisation_id and d.id = c.device_id
        returning c.id, c.escalation_level as level, o.path, c.opened_at as "openedAt", c.latitude, c.longitude,
          c.organisation_id as "organisationId", d.imei,
          (select v.registration_number from vehicles v where v.id = c.vehicle_id) as vehicle`,
    );
    let escalated = 0;
    for (const item of claimed) {
      const depth = item.path.split('/').filter(Boolean).length;
      let level = item.level;
      let recipients: Recipient[] = [];
      for (; level <= depth; level += 1) {
        recipients = unique(await recipientsAt(tx, item.path, level));
        if (recipients.length) break;
      }
      if (!recipients.length) {
        // nobody left above: the case stays open, in the consoles and the report, without further messages
        await tx.execute(
          sql`update sos_cases set escalation_level = ${item.level - 1}, next_escalation_at = null where id = ${item.id}::uuid`,
        );
        continue;
      }
      if (level !== item.level)
        await tx.execute(sql`update sos_cases set escalation_level = ${level} where id = ${item.id}::uuid`);
      const located = item.latitude !== null && item.longitude !== null;
      const coordinates = located
        ? `${item.latitude!.toFixed(6)},${item.longitude!.toFixed(6)}`
        : textIn(language, 'sos.message.noPlace', {});
      const address = located
        ? options.places?.peek({ latitude: item.latitude!, longitude: item.longitude!, language })
        : null;
      const values = {
        vehicle: item.vehicle ?? item.imei,
        time: formatDateTime(item.openedAt),
        level,
        link: `${options.publicUrl.replace(/\/$/, '')}/reports/sosalert`,
      };
      for (const r of recipients) {
        const said = { ...values, place: placeIn(r.channel === 'sms', address, coordinates) };
        await queueMessage(tx, {
          channel: r.channel,
          recipient: r.recipient,
          subject: textIn(language, 'sos.message.subject', said),
          body: textIn(language, 'sos.message.body', said),
          options: { template: 'sos-escalation' },
          organisationId: item.organisationId,
        });
      }
      escalated += 1;
    }
    return escalated;
  });
}
