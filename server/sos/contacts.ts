/**
 * An organisation's SOS escalation contacts (its settings' sosEscalationContacts): users of its tree
 * by id, phone numbers and e-mail addresses, checked and normalised when the settings are saved.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { badRequest } from '../http/errors.ts';
import { message, said } from '../resources/messages.ts';
import { query, UUID_PATTERN } from '../resources/sql.ts';
import { fitsRule, normalise, rules } from '../../core/rules.ts';

/** At most this many contacts per organisation. */
export const MAX_ESCALATION_CONTACTS = 10;

export const escalationContactsSchema = {
  type: 'array',
  maxItems: MAX_ESCALATION_CONTACTS,
  items: { type: 'string', maxLength: 255 },
  errorMessage: message('sos.api.contactsInvalid', { max: MAX_ESCALATION_CONTACTS }),
};

/** A contact as the sweep reads it: a user's id, or an address of one channel. */
export type Contact = { userId: string } | { channel: 'email' | 'sms'; recipient: string };

/** What a saved contact is: a user id, an e-mail address or a +91 phone number (normalised when saved). */
export function contactOf(text: string): Contact | null {
  if (UUID_PATTERN.test(text)) return { userId: text.toLowerCase() };
  if (fitsRule(rules.email, text)) return { channel: 'email', recipient: normalise(rules.email, text) };
  if (fitsRule(rules.phone, text)) return { channel: 'sms', recipient: normalise(rules.phone, text) };
  return null;
}

/**
 * The contacts as saved: each an e-mail address, a phone number or the id of an enabled user of the
 * organisation's tree, duplicates dropped; anything else is refused (400) and nothing is saved.
 */
export async function checkEscalationContacts(
  db: Db,
  organisationId: string,
  contacts: readonly string[] | undefined,
): Promise<string[]> {
  const saved: string[] = [];
  const userIds: string[] = [];
  for (const raw of contacts ?? []) {
    const text = raw.trim();
    if (!text) continue;
    const contact = contactOf(text);
    if (!contact) {
      throw badRequest(said('sos.api.contactUnknown', { contact: text }), {
        sosEscalationContacts: said('sos.api.contactUnknown', { contact: text }),
      });
    }
    const value = 'userId' in contact ? contact.userId : contact.recipient;
    if (saved.includes(value)) continue;
    saved.push(value);
    if ('userId' in contact) userIds.push(contact.userId);
  }
  if (userIds.length) {
    const found = await query<{ id: string }>(
      db,
      sql`select u.id from users u join organisations o on o.id = u.organisation_id
        join organisations me on me.id = ${organisationId}::uuid
      where u.id = any(${`{${userIds.join(',')}}`}::uuid[]) and o.path like me.path || '%' and u.is_enabled`,
    );
    const missing = userIds.find((id) => !found.some((row) => row.id === id));
    if (missing) {
      throw badRequest(said('sos.api.contactUnknown', { contact: missing }), {
        sosEscalationContacts: said('sos.api.contactUnknown', { contact: missing }),
      });
    }
  }
  return saved;
}
