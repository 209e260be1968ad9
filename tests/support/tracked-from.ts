import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';

/**
 * Test set-up for a vehicle whose history a test sends for a past day: the vehicle was fitted
 * before that day (a fitment dated then and recorded late tracks it from the day's start), so the
 * device's positions of that day are the vehicle's (docs/reports.md, "A vehicle's own history").
 */
export async function fittedSince(db: Db, vehicleId: string, time: Date | string): Promise<void> {
  const at = typeof time === 'string' ? time : time.toISOString();
  await db.execute(sql`update vehicles set tracked_from = ${at}::timestamptz where id = ${vehicleId}::uuid`);
}

/** Before the history of any test: vehicles whose history a test writes directly were fitted by then. */
export const FITTED_EARLY = new Date('2026-01-01T00:00:00+05:30');
