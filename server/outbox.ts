import { sql } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { outbox } from './db/schema.ts';
import type { ChannelName } from './notify/channel.ts';

export interface OutgoingMessage {
  channel: ChannelName;
  /** An e-mail address, a phone number, a webhook's URL or a push subscription's endpoint. */
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

/**
 * Queues a message; the delivery worker (server/notify/worker.ts) of this process or another sends
 * it, or writes it to the log when its channel has no provider configured. In a transaction, the
 * message is queued with the change it tells of, or not at all; its delivery id is the row's.
 */
export async function queueMessage(db: Db, message: OutgoingMessage): Promise<string> {
  const [row] = await db
    .insert(outbox)
    .values({ ...message, options: message.options ?? {} })
    .returning({ id: outbox.id });
  // heard once the transaction (if any) commits
  await db.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, 'queued')`);
  return row!.id;
}
