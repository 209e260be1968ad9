import crypto from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../db/client.ts';
import { refreshTokens } from '../db/schema.ts';
import { unauthorized } from '../http/errors.ts';
import { randomToken, sha256, type AuthKeys } from './keys.ts';
import { said } from '../resources/messages.ts';

export const ACCESS_TTL_MS = 15 * 60 * 1000;
export const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface TokenPair {
  access: { token: string; expires: string };
  refresh: { token: string; expires: string };
}

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

/** A new access token and a new refresh token in the given session family (a new one by default). */
export async function issueTokens(
  db: Db,
  keys: AuthKeys,
  userId: string,
  familyId: string = crypto.randomUUID(),
): Promise<TokenPair> {
  const now = Date.now();
  const accessExpires = new Date(now + ACCESS_TTL_MS);
  const access = await new SignJWT({ sid: familyId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(accessExpires.getTime() / 1000))
    .sign(keys.jwtSecret);
  const refresh = randomToken();
  const refreshExpires = new Date(now + REFRESH_TTL_MS);
  await db.insert(refreshTokens).values({ userId, familyId, tokenHash: sha256(refresh), expiresAt: refreshExpires });
  return {
    access: { token: access, expires: accessExpires.toISOString() },
    refresh: { token: refresh, expires: refreshExpires.toISOString() },
  };
}

/**
 * Tokens already verified, until they expire: a list request spent a tenth of its time verifying
 * the same HMAC again (bench/lists.ts). Kept per key and by the whole token, so only the very
 * string that passed is believed; revocation is still checked per request (CallerDirectory.isLive).
 */
const verifiedByKeys = new WeakMap<AuthKeys, Map<string, { claims: AccessClaims; expiresAt: number }>>();
/** Bounds the map whatever the traffic; clearing it only costs a verification per token. */
const MAX_VERIFIED = 20_000;

export async function verifyAccessToken(keys: AuthKeys, token: string): Promise<AccessClaims | null> {
  let verified = verifiedByKeys.get(keys);
  if (!verified) verifiedByKeys.set(keys, (verified = new Map()));
  const known = verified.get(token);
  if (known) {
    if (Date.now() < known.expiresAt) return known.claims;
    verified.delete(token);
  }
  try {
    const { payload } = await jwtVerify(token, keys.jwtSecret, { algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number')
      return null;
    const claims = { userId: payload.sub, sessionId: payload.sid };
    if (verified.size >= MAX_VERIFIED) verified.clear();
    verified.set(token, { claims, expiresAt: payload.exp * 1000 });
    return claims;
  } catch {
    return null;
  }
}

export async function revokeFamily(db: Db, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeUserSessions(db: Db, userId: string, exceptFamilyId?: string) {
  const where = exceptFamilyId
    ? and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), ne(refreshTokens.familyId, exceptFamilyId))
    : and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt));
  await db.update(refreshTokens).set({ revokedAt: new Date() }).where(where);
}

/**
 * Spends a refresh token and returns its user and family. A token already spent means someone
 * else holds a copy: the whole family is revoked.
 */
export async function spendRefreshToken(db: Db, token: string): Promise<{ userId: string; familyId: string }> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(token)));
  if (!row || row.revokedAt) throw unauthorized(said('api.session.expired'));
  if (row.expiresAt.getTime() <= Date.now()) throw unauthorized(said('api.session.expired'));
  const spent = await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  if (spent.length === 0) {
    await revokeFamily(db, row.familyId);
    throw unauthorized(said('api.session.usedElsewhere'));
  }
  return { userId: row.userId, familyId: row.familyId };
}
