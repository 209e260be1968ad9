import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { users } from './schema.ts';

/**
 * A user's authenticator (TOTP, RFC 6238): its secret sealed under a server key, whether he has
 * confirmed it with a first code, the last time step used (no code is accepted twice) and the hashes
 * of his recovery codes (docs/security.md, server/auth/totp.ts).
 */
export const userTotp = pgTable('user_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealedSecret: text('sealed_secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  recoveryCodeHashes: text('recovery_code_hashes')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  createdAt: createdAt(),
});

/**
 * A browser's web push subscription (the console's "Turn on notifications"): a push to `user:<id>`
 * goes to every subscription of that user (server/outbox.ts). One row per endpoint: a browser that
 * subscribes again, or for another user signed in, takes the row over. A push service's 404 or 410
 * (the subscription is gone) deletes it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The push service's URL for this browser: what a push is POSTed to. */
    endpoint: text('endpoint').notNull(),
    /** The browser's keys the payload is encrypted for (RFC 8291): its P-256 public key and auth secret, base64url. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The browser it was made in, for the user to recognise it. */
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);
