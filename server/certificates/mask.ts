/** What an anonymous visitor of a certificate sees of a person's contact details and a device's SIMs (docs/certificates.md). */

/** `89***************34`: the first 2 and last 2 digits of a number (a SIM's number, an ICCID); fewer than 6 digits are masked whole. */
export function maskNumber(value: string | null | undefined): string | null {
  return value ? maskDigits(value.replace(/\D/g, '')) : null;
}

/** `98******10`: the first 2 and last 2 of the 10-digit number, +91 dropped; anything shorter is masked whole. */
export function maskPhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  return maskDigits(phone.replace(/\D/g, '').replace(/^91(?=\d{10}$)/, ''));
}

function maskDigits(digits: string): string {
  if (digits.length < 6) return '*'.repeat(digits.length || 4);
  return `${digits.slice(0, 2)}${'*'.repeat(digits.length - 4)}${digits.slice(-2)}`;
}

/** `pr****@gmail.com`: the first 2 characters of the mailbox (1 when it is that short), always 4 stars (the length is not told), the domain kept. */
export function maskEmail(email: string | null | undefined): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at < 1) return '****';
  const local = email.slice(0, at);
  const shown = local.length > 3 ? 2 : 1;
  return `${local.slice(0, shown)}****${email.slice(at)}`;
}
