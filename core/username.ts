const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const MAX_CREDENTIAL_LENGTH = 255;

/** The spec's rule: a username that is not an e-mail and lacks +91 gets +91 prepended. */
export function normaliseUsername(raw: string): string {
  const username = raw.trim();
  if (EMAIL.test(username)) return username.toLowerCase();
  if (username.startsWith('+91')) return username.replace(/\s+/g, '');
  return `+91${username.replace(/\s+/g, '')}`;
}

export function isEmail(username: string): boolean {
  return EMAIL.test(username);
}
