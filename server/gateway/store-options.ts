/** What a FrameStore (server/gateway/store.ts) is told at its start, and what it queues. */
import type { Database } from '../db/client.ts';
import type { HandlersAtWork } from '../http/handlers-at-work.ts';
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
   * The API's handlers at work (server/http/handlers-at-work.ts): the next batch waits until none
   * has been at work for `graceMs`, for at most `holdMs`, so a request's queries (a sign-in's
   * several) run back to back on the embedded database's one thread instead of each waiting behind
   * another batch, and so does the request a client sends on the answer of another.
   */
  api?: Pick<HandlersAtWork, 'quiet'>;
  /** The longest a batch waits for the API: what keeps the ingest going under constant requests. */
  holdMs?: number;
  /** How long the API must have been quiet before a held batch goes (a client's next request comes in this). */
  graceMs?: number;
  /** Where committed positions are handed to the summariser of this process (server/reports/recent-fixes.ts). */
  recentFixes?: RecentFixes;
}
