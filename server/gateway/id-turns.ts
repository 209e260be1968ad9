import { sql } from 'drizzle-orm';

/**
 * Transaction ids taken in the order batches left the queue. Forwarding reads raw_logs in the
 * order of the transaction that wrote them (server/forwarding/cursor.ts); with two batches written
 * at once, the later one could take the lower id (its lookups done sooner) and a device's newer
 * frames would be sent before its older ones. Each batch waits for the one before it to hold an id,
 * then takes its own as its transaction's first statement.
 */
export class IdTurns {
  private last: Promise<void> = Promise.resolve();

  /** A batch's turn, taken when it leaves the queue; `release` it once its id is taken, or it failed before. */
  take(): { previous: Promise<void>; release: () => void } {
    const previous = this.last;
    let release!: () => void;
    this.last = new Promise((resolve) => (release = resolve));
    return { previous, release };
  }
}

/** Assigns the transaction its id now. */
export const TAKE_TRANSACTION_ID = sql`select pg_current_xact_id()`;
