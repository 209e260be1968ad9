import argon2 from 'argon2';
import { fitsRule, rules } from '../../core/rules.ts';
import { badRequest } from '../http/errors.ts';
import { message, said } from '../resources/messages.ts';

/** The password rule (core/rules.ts) in words, as the console's forms say it too. */
export const PASSWORD_RULE_MESSAGE = message(rules.password.message);

/** For a password that reaches a route as an encrypted or free value: the same rule the schemas and the forms apply. */
export function checkPasswordRule(password: string, field = 'password') {
  if (!fitsRule(rules.password, password)) throw badRequest(said(rules.password.message), { [field]: said(rules.password.message) });
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
