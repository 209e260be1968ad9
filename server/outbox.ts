import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client.ts';
import { outbox } from './db/schema.ts';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
}

/**
 * Queues a message for delivery. A configured SMTP/SMS sender, or an operator, reads the outbox
 * table; in demo mode the message is also written to the log so a newcomer can use it.
 */
export async function queueMessage(db: Db, log: FastifyBaseLogger, demo: boolean, message: OutgoingMessage) {
  await db.insert(outbox).values(message);
  if (demo) log.info({ outbox: message }, `outbox: ${message.channel} to ${message.recipient}: ${message.body}`);
}
