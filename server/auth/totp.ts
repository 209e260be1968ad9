import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Db } from '../db/client.ts';
import { userTotp } from '../db/account-schema.ts';
import { query } from '../resources/sql.ts';
import { flattenAuthScopes, hasAdministration, type AuthScope } from '../../core/permissions.ts';
import { loadOrCreate, sha256, type AuthKeys } from './keys.ts';

/**
 * Two-step sign-in with an authenticator app (TOTP, RFC 6238 through otplib: SHA-1, 6 digits, 30 s,
 * as every authenticator app reads a QR code). The secret is sealed (AES-256-GCM) under a key every
 * process shares; a code is taken once (its time step is kept); ten recovery codes, each once.
 */
export const RECOVERY_CODE_COUNT = 10;
/** One step either side of now: a phone's clock a little off, or a code typed as it turned. */
const TOLERANCE_SECONDS = 30;
const CHALLENGE_TTL = '5m';
const CHALLENGE_AUDIENCE = 'waymark-second-step';

export type SecondStep = 'totp' | 'enrol';

const sealKeys = new WeakMap<Db, Promise<Buffer>>();
function sealKey(db: Db): Promise<Buffer> {
  let key = sealKeys.get(db);
  if (!key) {
    key = loadOrCreate(db, 'totp-seal-key', () => crypto.randomBytes(32).toString('base64')).then((value) =>
      Buffer.from(value, 'base64'),
    );
    sealKeys.set(db, key);
  }
  return key;
}

async function seal(db: Db, secret: string): Promise<string> {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', await sealKey(db), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64')).join('.');
}

async function unseal(db: Db, sealed: string): Promise<string> {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64'));
  const decipher = crypto.createDecipheriv('aes-256-gcm', await sealKey(db), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
}

/** A recovery code as typed: case, spaces and hyphens aside. */
const recoveryKey = (code: string) => sha256(code.toLowerCase().replace(/[\s-]+/g, ''));

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const hex = crypto.randomBytes(5).toString('hex');
    return `${hex.slice(0, 5)}-${hex.slice(5)}`;
  });
}

export async function totpState(db: Db, userId: string) {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId));
  return {
    enabled: Boolean(row?.confirmedAt),
    recoveryCodesLeft: row?.confirmedAt ? row.recoveryCodeHashes.length : 0,
  };
}

/**
 * Whether the user's organisation requires an authenticator of its administrators and he is one:
 * his role may manage users or roles (decided by permission ids, never by the role's name).
 */
export async function totpRequired(db: Db, userId: string): Promise<boolean> {
  const [row] = await query<{ required: boolean | null; isSuperAdmin: boolean; authScopes: AuthScope[] }>(
    db,
    sql`select (o.attributes -> 'settings' ->> 'requireTotpForAdmins')::boolean as required,
      r.is_super_admin as "isSuperAdmin", r.auth_scopes as "authScopes"
    from users u join organisations o on o.id = u.organisation_id join roles r on r.id = u.role_id
    where u.id = ${userId}::uuid`,
  );
  if (!row?.required) return false;
  return row.isSuperAdmin || hasAdministration(flattenAuthScopes(row.authScopes));
}

/** What a sign-in with the right password still needs: a code, an enrolment the organisation requires, or nothing. */
export async function secondStepFor(db: Db, userId: string): Promise<SecondStep | null> {
  if ((await totpState(db, userId)).enabled) return 'totp';
  return (await totpRequired(db, userId)) ? 'enrol' : null;
}

/** A short-lived proof that the password was right, for the second step only (never an access token). */
export async function signChallenge(keys: AuthKeys, userId: string, step: SecondStep): Promise<string> {
  return new SignJWT({ step })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setAudience(CHALLENGE_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(CHALLENGE_TTL)
    .sign(keys.jwtSecret);
}

export async function readChallenge(keys: AuthKeys, challenge: unknown, step: SecondStep): Promise<string | null> {
  if (typeof challenge !== 'string' || challenge.length > 2000) return null;
  try {
    const { payload } = await jwtVerify(challenge, keys.jwtSecret, {
      algorithms: ['HS256'],
      audience: CHALLENGE_AUDIENCE,
    });
    return payload.step === step && typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}

/** A new secret waiting for its first code; an authenticator already confirmed stays until turned off. */
export async function startEnrolment(db: Db, userId: string, label: string, issuer: string) {
  const secret = generateSecret();
  const sealed = await seal(db, secret);
  const [row] = await db
    .insert(userTotp)
    .values({ userId, sealedSecret: sealed })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { sealedSecret: sealed, lastTimeStep: null, recoveryCodeHashes: [], createdAt: new Date() },
      where: sql`${userTotp.confirmedAt} is null`,
    })
    .returning({ userId: userTotp.userId });
  if (!row) return null;
  return { secret, uri: generateURI({ issuer, label, secret }) };
}

/** Takes a code once: its time step must be later than the last one taken. */
async function takeCode(db: Db, userId: string, code: string, confirmed: boolean): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId));
  if (!row || Boolean(row.confirmedAt) !== confirmed) return false;
  const result = await verify({
    secret: await unseal(db, row.sealedSecret),
    token: code,
    epochTolerance: TOLERANCE_SECONDS,
    ...(row.lastTimeStep !== null ? { afterTimeStep: row.lastTimeStep } : {}),
  });
  if (!result.valid || !('timeStep' in result)) return false;
  const taken = await db
    .update(userTotp)
    .set({ lastTimeStep: result.timeStep })
    .where(
      sql`${userTotp.userId} = ${userId}::uuid and (${userTotp.lastTimeStep} is null or ${userTotp.lastTimeStep} < ${result.timeStep})`,
    )
    .returning({ userId: userTotp.userId });
  return taken.length === 1;
}

/** Confirms a waiting secret with its first code; answers the recovery codes, shown this once. */
export async function confirmEnrolment(db: Db, userId: string, code: string): Promise<string[] | null> {
  if (!(await takeCode(db, userId, code, false))) return null;
  const codes = newRecoveryCodes();
  await db
    .update(userTotp)
    .set({ confirmedAt: new Date(), recoveryCodeHashes: codes.map(recoveryKey) })
    .where(eq(userTotp.userId, userId));
  return codes;
}

/** A second factor: a code from the app, or a recovery code (used up). */
export async function checkSecondFactor(
  db: Db,
  userId: string,
  given: { code?: string; recoveryCode?: string },
): Promise<boolean> {
  if (given.code) return takeCode(db, userId, given.code.replace(/\s+/g, ''), true);
  if (!given.recoveryCode) return false;
  const hash = recoveryKey(given.recoveryCode);
  const used = await db
    .update(userTotp)
    .set({ recoveryCodeHashes: sql`array_remove(${userTotp.recoveryCodeHashes}, ${hash})` })
    .where(
      sql`${userTotp.userId} = ${userId}::uuid and ${userTotp.confirmedAt} is not null and ${hash} = any(${userTotp.recoveryCodeHashes})`,
    )
    .returning({ userId: userTotp.userId });
  return used.length === 1;
}

export async function newRecoveryCodesFor(db: Db, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db
    .update(userTotp)
    .set({ recoveryCodeHashes: codes.map(recoveryKey) })
    .where(eq(userTotp.userId, userId));
  return codes;
}

export async function turnOff(db: Db, userId: string) {
  await db.delete(userTotp).where(eq(userTotp.userId, userId));
}
