/** What a FrameStore (server/gateway/store.ts) is told at its start, and what it queues. */
import type { Database } from '../db/client.ts';
import type { RecentFixes } from '../reports/recent-fixes.ts';
import type { ReceivedFrame, StoredFrame } from './frame-rows.ts';

export interface Pending {
  frame: ReceivedFrame;
  resolve: (stored: StoredFrame) => void;
  reject: (error: unknown) => void;
}

export interface StoreOptions {
  /** Most frames written in one transaction. */
  batchSize?: number;
  /** The longest a batch's transaction should take: the next batch takes fewer frames when the last took longer (batch-limit.ts). */
  batchMs?: number;
  /** How long a frame may wait for others to share its transaction. */
  lingerMs?: number;
  /** Transactions written at once: PostgreSQL writes two batches in parallel on separate connections, PGlite one. */
  concurrency?: number;
  /** Where changes to devices are heard, so a deleted or renumbered device is forgotten at once. */
  notifications?: Pick<Database, 'listen'>;
  /** Share of the database's time left to others: after each batch a pause of that share (the embedded database). */
  yieldShare?: number;
  /**
   * Awaited before a batch that follows another when frames wait (the API's turn,
   * server/gateway/index.ts), so a request's queries (a sign-in's several) run back to back instead
   * of each waiting behind another batch on the process's thread (and the embedded database's).
   */
  beforeBatch?: () => Promise<void>;
  /** Where committed positions are handed to the summariser of this process (server/reports/recent-fixes.ts). */
  recentFixes?: RecentFixes;
}
