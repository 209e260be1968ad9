import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginThrottle } from '../db/schema.ts';
import { HttpError, tooManyRequests } from '../http/errors.ts';
import { said } from '../resources/messages.ts';
import { waitText } from '../http/rate-limits.ts';

export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60 * 1000;
export const LOCK_MS = 15 * 60 * 1000;

function lockedError(until: Date) {
  const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  return tooManyRequests(said('api.auth.locked', { wait: waitText(Math.ceil(seconds / 60) * 60) }), seconds);
}

/**
 * Refuses an account that is locked, before its password is even looked at. Counted per account,
 * so its e-mail and its phone number share one count; a name that matches no account has no row
 * (the per-address and per-name rate limits bound those), so the table never outgrows the users.
 */
export async function assertNotLocked(db: Db, userId: string) {
  const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.userId, userId));
  if (row?.lockedUntil && row.lockedUntil.getTime() > Date.now()) throw lockedError(row.lockedUntil);
}

/** Counts a failure within the 15-minute window; the tenth locks the account for 15 minutes. */
export async function recordFailure(db: Db, userId: string): Promise<HttpError | null> {
  const now = new Date();
  const windowStart = new Date(now.getTime() - WINDOW_MS);
  const [row] = await db
    .insert(loginThrottle)
    .values({ userId, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: loginThrottle.userId,
      set: {
        failures: sql`case when ${loginThrottle.windowStartedAt} < ${windowStart.toISOString()}::timestamptz then 1 else ${loginThrottle.failures} + 1 end`,
        windowStartedAt: sql`case when ${loginThrottle.windowStartedAt} < ${windowStart.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${loginThrottle.windowStartedAt} end`,
        lockedUntil: null,
      },
    })
    .returning();
  if (row && row.failures >= MAX_FAILURES) {
    const until = new Date(now.getTime() + LOCK_MS);
    await db
      .update(loginThrottle)
      .set({ lockedUntil: until, failures: 0, windowStartedAt: now })
      .where(eq(loginThrottle.userId, userId));
    return lockedError(until);
  }
  return null;
}

export async function clearFailures(db: Db, userId: string) {
  await db.delete(loginThrottle).where(eq(loginThrottle.userId, userId));
}
