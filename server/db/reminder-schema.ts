/** What the periodic sweep (server/reminders/) has already done, so that no restart and no second process does it again. */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per reminder sent: `expiry:<fitment>:<expiry date>:<30|7|1>` (a customer's renewal
 * reminder) or `dealer-expiring:<organisation>:<Asia/Kolkata day>` (a dealer's daily list). The row
 * is inserted in the transaction that queues the message; a second sweep's insert finds the key
 * taken and sends nothing.
 */
export const sweepMarks = pgTable('sweep_marks', {
  key: text('key').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
