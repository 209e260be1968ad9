import argon2 from 'argon2';
import { fitsRule, rules } from '../../core/rules.ts';
import { badRequest } from '../http/errors.ts';
import { message, said } from '../resources/messages.ts';

/** The password rule (core/rules.ts) in words, as the console's forms say it too. */
export const PASSWORD_RULE_MESSAGE = message(rules.password.message);

/** For a password that reaches a route as an encrypted or free value: the same rule the schemas and the forms apply. */
export function checkPasswordRule(password: string, field = 'password') {
  if (!fitsRule(rules.password, password))
    throw badRequest(said(rules.password.message), { [field]: said(rules.password.message) });
}

/**
 * argon2id as OWASP's Password Storage Cheat Sheet sets its first configuration: 19 MiB, 2 passes,
 * 1 lane. About 22 ms of one core here, against 160 ms over 4 threads at the library's defaults
 * (64 MiB, 3 passes, 4 lanes), which on a 2-core server under a device flood put sign-in past a
 * second (docs/security.md). Hashes made before keep their own parameters and still verify.
 */
const PRODUCTION_HASH = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** The least argon2id allows, for test runs only: a hash in well under a millisecond. */
const TEST_ONLY_CHEAP_HASH = { type: argon2.argon2id, memoryCost: 64, timeCost: 1, parallelism: 1 } as const;
let hashOptions: typeof PRODUCTION_HASH | typeof TEST_ONLY_CHEAP_HASH = PRODUCTION_HASH;
/** A hash to verify against when no user matched, so a miss takes as long as a wrong password. */
let decoy: Promise<string> | undefined;

/**
 * Test harnesses only (tests/api/harness.ts): new hashes, the decoy's included, are made at the
 * least cost argon2id allows, so seeding and signing in do not spend most of a test run hashing.
 * Verification follows each stored hash's own parameters. Nothing in the server calls this, no
 * setting or variable reaches it, and a test that measures sign-in keeps the production cost.
 */
export function hashPasswordsCheaplyInTests(cheap = true) {
  hashOptions = cheap ? TEST_ONLY_CHEAP_HASH : PRODUCTION_HASH;
  decoy = undefined;
}

export const hashPassword = (password: string) => argon2.hash(password, hashOptions);

const decoyHash = () => (decoy ??= hashPassword('decoy-password-1'));

/** Made at start-up, so even the first unknown name costs one verification, not a hash and a verification. */
export function prepareDecoyHash() {
  void decoyHash();
}

/**
 * A hash made with other parameters than today's (the library's defaults before 28 November 2026),
 * made again with today's after a right password: the account signs in as cheaply as the others,
 * and a wrong password on it costs what the decoy costs, so timing does not say the account exists.
 * Null when the hash is current.
 */
export async function rehashIfOld(hash: string, password: string): Promise<string | null> {
  try {
    return argon2.needsRehash(hash, hashOptions) ? await hashPassword(password) : null;
  } catch {
    return null;
  }
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
