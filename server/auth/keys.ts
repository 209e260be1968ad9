import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { serverKeys } from '../db/schema.ts';

export interface AuthKeys {
  /** SPKI PEM the console encrypts the login password with. */
  publicKeyPem: string;
  privateKey: crypto.KeyObject;
  /** HMAC secret for access tokens. */
  jwtSecret: Uint8Array;
}

/** Reads a key by name, creating it first if no process has yet; every process ends with the same value. */
export async function loadOrCreate(db: Db, name: string, create: () => string): Promise<string> {
  const existing = await db.select().from(serverKeys).where(eq(serverKeys.name, name));
  if (existing[0]) return existing[0].value;
  await db.insert(serverKeys).values({ name, value: create() }).onConflictDoNothing();
  const [row] = await db.select().from(serverKeys).where(eq(serverKeys.name, name));
  return row!.value;
}

export async function loadAuthKeys(db: Db): Promise<AuthKeys> {
  const privatePem = await loadOrCreate(db, 'login-rsa-private', () =>
    crypto
      .generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString(),
  );
  const secret = await loadOrCreate(db, 'jwt-secret', () => crypto.randomBytes(48).toString('base64'));
  const privateKey = crypto.createPrivateKey(privatePem);
  const publicKeyPem = crypto.createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  return { publicKeyPem, privateKey, jwtSecret: Buffer.from(secret, 'base64') };
}

/** RSA-OAEP with SHA-256, as WebCrypto encrypts it; null when the text is not such a ciphertext. */
export function decryptPassword(keys: AuthKeys, base64: string): string | null {
  try {
    const plain = crypto.privateDecrypt(
      { key: keys.privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(base64, 'base64'),
    );
    return plain.toString('utf8');
  } catch {
    return null;
  }
}

export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
export const randomToken = (bytes = 32) => crypto.randomBytes(bytes).toString('base64url');
