import argon2 from 'argon2';
import { badRequest } from '../http/errors.ts';

export const PASSWORD_RULE_MESSAGE = 'Password must be at least 8 characters long and contain at least one letter and one number';

export function checkPasswordRule(password: string, field = 'password') {
  if (password.length < 8 || password.length > 255 || !/[A-Za-z]/.test(password) || !/\d/.test(password)) {
    throw badRequest(PASSWORD_RULE_MESSAGE, { [field]: PASSWORD_RULE_MESSAGE });
  }
}

export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id });

/** A hash to verify against when no user matched, so a miss takes as long as a wrong password. */
let decoy: Promise<string> | undefined;
const decoyHash = () => (decoy ??= hashPassword('decoy-password-1'));

/** Made at start-up, so even the first unknown name costs one verification, not a hash and a verification. */
export function prepareDecoyHash() {
  void decoyHash();
}

export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (!hash) {
    await argon2.verify(await decoyHash(), password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
