import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { pushSubscriptions } from '../db/account-schema.ts';

/** A push service answered 404 or 410 for this endpoint: the browser's subscription is gone, pushes to its user skip it from now on. */
export async function forgetSubscription(db: Db, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}
