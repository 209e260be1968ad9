import crypto from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { apiTokens } from '../db/token-schema.ts';
import { sha256 } from './keys.ts';
import { API_TOKEN_PREFIX } from '../../core/api-tokens.ts';

/** Characters of a token kept in clear (the prefix and four more), to tell tokens apart in the list. */
const SHOWN_CHARACTERS = API_TOKEN_PREFIX.length + 4;
/** Last use is written at most this often per token (and whenever the address changes). */
const LAST_USE_EVERY_MS = 60_000;

export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** Whether an Authorization header's bearer is an API token rather than a session's access token. */
export const isApiTokenBearer = (header: string | undefined) =>
  typeof header === 'string' && header.startsWith(`Bearer ${API_TOKEN_PREFIX}`);

/** A new secret: the recognisable prefix and 256 random bits. */
export const newApiTokenSecret = () => `${API_TOKEN_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;

/** What the list and the creation answer show of a token: never its secret or hash. */
export function presentApiToken(row: ApiTokenRow) {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    permissions: row.permissions,
    readOnly: row.readOnly,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedAddress: row.lastUsedAddress,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

export async function createApiToken(
  db: Db,
  values: { userId: string; name: string; permissions: string[]; readOnly: boolean; expiresAt: Date },
): Promise<{ row: ApiTokenRow; secret: string }> {
  const secret = newApiTokenSecret();
  const [row] = await db
    .insert(apiTokens)
    .values({ ...values, prefix: secret.slice(0, SHOWN_CHARACTERS), tokenHash: sha256(secret) })
    .returning();
  return { row: row!, secret };
}

export const listApiTokens = (db: Db, userId: string) =>
  db.select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.createdAt));

/** Revokes one of the user's own tokens; false when he has no token of that id. */
export async function revokeApiToken(db: Db, userId: string, id: string): Promise<boolean> {
  const [own] = await db
    .select({ id: apiTokens.id })
    .from(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)));
  if (!own) return false;
  await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)));
  return true;
}

/**
 * The live token a secret names (not revoked, not expired), read on every request so a revocation
 * applies at once; its last use is written when it is the first in a minute or from a new address.
 */
export async function readLiveApiToken(
  db: Db,
  secret: string,
  address: string | undefined,
): Promise<ApiTokenRow | null> {
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.tokenHash, sha256(secret)));
  if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) return null;
  const now = new Date();
  const stale = !row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USE_EVERY_MS;
  if (address !== undefined && (stale || row.lastUsedAddress !== address)) {
    await db.update(apiTokens).set({ lastUsedAt: now, lastUsedAddress: address }).where(eq(apiTokens.id, row.id));
  }
  return row;
}
