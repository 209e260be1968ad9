/** Position forwarding's destinations, with the cursor and lease their senders keep (docs/forwarding.md). */
import { bigint, integer, text, timestamp } from 'drizzle-orm/pg-core';
import { tableOf } from './declared.ts';
import { xid8 } from './columns.ts';
import forwarding from '../../resources/entities/forwarding.ts';

/**
 * A destination and its sender's place in raw_logs: the (tx, seq) of the last frame the destination
 * acknowledged, advanced only after its acknowledgement; and the lease of the one process sending
 * to it (lease_owner until lease_until), so several server processes never send the same frames twice
 * at once.
 */
export const forwardingDestinations = tableOf(forwarding, {
  columns: {
    cursorTx: xid8('cursor_tx'),
    cursorSeq: bigint('cursor_seq', { mode: 'number' }).notNull().default(0),
    failures: integer('failures').notNull().default(0),
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    // the HTTP destination's signing secret: no field of the declaration, so no answer carries it
    // but GET /api/forwarding-destinations/{id}/secret (server/forwarding/secret.ts)
    secret: text('secret'),
  },
});
