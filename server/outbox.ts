import { eq, sql } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { outbox } from './db/schema.ts';
import { pushSubscriptions } from './db/account-schema.ts';
import type { ChannelName } from './notify/channel.ts';

export interface OutgoingMessage {
  channel: ChannelName;
  /**
   * An e-mail address, a phone number, a webhook's URL or a push subscription's endpoint; for a
   * push, `user:<userId>` too: every browser that user turned notifications on in.
   */
  recipient: string;
  subject: string;
  body: string;
  /** What the channel needs beside (server/notify/channel.ts): an SMS's DLT `template`, a webhook's `secret`, a push subscription's `keys`. */
  options?: Record<string, unknown>;
  /** The organisation it is sent for (whose Deliveries screen lists it); none for the platform's own. */
  organisationId?: string | null;
}

/** Where the delivery workers of every process listen for new messages (server/notify/plugin.ts). */
export const OUTBOX_CHANNEL = 'waymark_outbox';

/** A push recipient naming a user rather than one subscription: `user:<uuid>`. */
const USER_RECIPIENT = /^user:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * Queues a message; the delivery worker (server/notify/worker.ts) of this process or another sends
 * it, or writes it to the log when its channel has no provider configured. In a transaction, the
 * message is queued with the change it tells of, or not at all; its delivery ids are the rows'.
 * A push to `user:<userId>` becomes one row per subscription of that user (none when he has
 * turned notifications on in no browser), each with its endpoint and keys.
 */
export async function queueMessages(db: Db, message: OutgoingMessage): Promise<string[]> {
  return queueMany(db, [message]);
}

/** queueMessages for several messages at once: one insert and one NOTIFY (the alert rules' batch of notices). */
export async function queueMany(db: Db, messages: OutgoingMessage[]): Promise<string[]> {
  const rows: (typeof outbox.$inferInsert)[] = [];
  for (const message of messages) rows.push(...(await rowsOf(db, message)));
  if (!rows.length) return [];
  const inserted = await db.insert(outbox).values(rows).returning({ id: outbox.id });
  // heard once the transaction (if any) commits
  await db.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, 'queued')`);
  return inserted.map((row) => row.id);
}

/**
 * queueMessages for a message of one recipient: its delivery id. For a push to `user:<userId>`, the
 * id of the first subscription's row, or '' when the user has none (nothing was queued).
 */
export async function queueMessage(db: Db, message: OutgoingMessage): Promise<string> {
  return (await queueMessages(db, message))[0] ?? '';
}

async function rowsOf(db: Db, message: OutgoingMessage): Promise<(typeof outbox.$inferInsert)[]> {
  const options = message.options ?? {};
  const user = message.channel === 'push' ? USER_RECIPIENT.exec(message.recipient) : null;
  if (!user) return [{ ...message, options }];
  const subscriptions = await db
    .select({ endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, user[1]!))
    .orderBy(pushSubscriptions.createdAt);
  return subscriptions.map((s) => ({
    ...message,
    recipient: s.endpoint,
    options: { ...options, keys: { p256dh: s.p256dh, auth: s.auth } },
  }));
}
