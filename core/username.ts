import { normalise, rules } from './rules.ts';

const EMAIL = new RegExp(rules.email.pattern, 'u');
const PHONE = new RegExp(rules.phone.pattern, 'u');

export const MAX_CREDENTIAL_LENGTH = 255;

/**
 * The spec's rule: a username that is not an e-mail and lacks +91 gets +91 prepended. A mobile
 * number typed any way the phone rule knows (`098765 43210`, `+91 98765 43210`) becomes the
 * stored +91 form, so it signs in as the number it is.
 */
export function normaliseUsername(raw: string): string {
  const username = raw.trim();
  if (EMAIL.test(username)) return username.toLowerCase();
  const phone = normalise(rules.phone, username);
  if (PHONE.test(phone)) return phone;
  if (username.startsWith('+91')) return username.replace(/\s+/g, '');
  return `+91${username.replace(/\s+/g, '')}`;
}

export function isEmail(username: string): boolean {
  return EMAIL.test(username);
}
