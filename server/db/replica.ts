/**
 * Reads from a PostgreSQL streaming replica (DATABASE_READ_URL), docs/scaling.md "Reads from a
 * replica". List pages, exports, reports and dashboards ask `run` for a database; everything else
 * (writes, sign-in, the caller check, a record read back after a write) keeps the primary.
 *
 * A user sees his own change at once: the answer to every successful write carries a cookie with
 * the primary's WAL position after it (WROTE_COOKIE), and a read whose cookie is ahead of what the
 * replica has replayed goes to the primary. The cookie travels with the browser to whichever
 * process answers next, which memory would not. A replica that lags more than the allowed time,
 * does not answer or is no standby leaves every read to the primary, and the log says so once.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import { sql } from 'drizzle-orm';
import type { Database, Db } from './client.ts';
import { HttpError, pgCode } from '../http/errors.ts';

/** The cookie holding the primary's WAL position after the caller's last write (an LSN, "16/B374D848"). */
export const WROTE_COOKIE = 'waymark_wrote';
/** How often the replica's replay position is compared with the primary's. */
const CHECK_MS = 200;
/** Primary positions kept while waiting for the replica; beyond it the middle ones go (the oldest measures the lag). */
const MAX_SAMPLES = 1000;

/** An LSN's text ("16/B374D848") as a number, or null when it is not one. */
export function lsnValue(text: string | undefined | null): bigint | null {
  const match = text ? /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text) : null;
  return match ? (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`) : null;
}

async function one(db: Db, statement: ReturnType<typeof sql>): Promise<Record<string, unknown>> {
  const result = (await db.execute(statement)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows[0] ?? {};
}

interface Sample {
  /** The primary's WAL position … */
  lsn: bigint;
  /** … read at this time … */
  at: number;
  /** … after the list cache had heard this many changes (ListCache.ticket). */
  generation: number;
}

export interface ReadRouterOptions {
  /** Reads go to the primary while the replica is further behind than this. */
  maxLagMs: number;
  /** The list cache's change count (its ticket), to tell when a page read on the replica may be kept. */
  generation: () => number;
  log: FastifyBaseLogger;
}

/**
 * Whether a read failed because of the replica rather than the request: 'down' for a lost or
 * refused connection or a server going away (no SQLSTATE, classes 08, 53, 57P, 58), 'conflict' for
 * a query cancelled by replay (40001), which the primary answers and the replica survives.
 * Anything else (bad input, a forbidden row) would fail on the primary too, and is the answer.
 */
export function replicaFault(error: unknown): 'down' | 'conflict' | null {
  if (error instanceof HttpError) return null;
  const code = pgCode(error);
  if (code === '40001') return 'conflict';
  if (code === undefined || /^(08|53|57P|58)/.test(code)) return 'down';
  return null;
}

export class ReadRouter {
  private replayed = -1n;
  /** Primary positions the replica has not replayed yet, oldest first. */
  private samples: Sample[] = [];
  private replayedGeneration = -1;
  private usable = false;
  private said: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;

  constructor(
    private readonly database: Database,
    private readonly options: ReadRouterOptions,
  ) {}

  /** Whether a replica is configured at all (DATABASE_READ_URL). */
  get configured(): boolean {
    return Boolean(this.database.replica);
  }

  /** Whether reads may go to the replica now: it answers, is a standby, and is close enough behind. */
  get replicaInUse(): boolean {
    return this.usable;
  }

  async start(): Promise<void> {
    if (!this.database.replica) return;
    await this.check();
    this.timer = setInterval(() => void this.check(), CHECK_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Compares the replica's replay position with the primary's; one comparison at a time. */
  check(): Promise<void> {
    this.checking ??= this.compare().finally(() => (this.checking = undefined));
    return this.checking;
  }

  private async compare(): Promise<void> {
    const replica = this.database.replica;
    if (!replica) return;
    // the count first: every change it counts was committed before the position read next
    const generation = this.options.generation();
    try {
      const primary = await one(this.database.db, sql`select pg_current_wal_lsn()::text as lsn`);
      const lsn = lsnValue(primary.lsn as string);
      if (lsn === null) throw new Error('the primary gave no WAL position');
      this.samples.push({ lsn, at: Date.now(), generation });
      if (this.samples.length > MAX_SAMPLES) this.samples.splice(1, 1);
    } catch (error) {
      return this.become(false, `cannot be compared with the primary (${(error as Error).message})`);
    }
    let replayed: bigint | null;
    try {
      const state = await one(
        replica.db,
        sql`select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as lsn`,
      );
      replayed = state.standby ? lsnValue(state.lsn as string) : null;
    } catch (error) {
      return this.become(false, `does not answer (${(error as Error).message})`);
    }
    if (replayed === null) return this.become(false, 'is not a standby replaying the primary');
    this.replayed = replayed;
    while (this.samples.length && this.samples[0]!.lsn <= replayed) {
      this.replayedGeneration = Math.max(this.replayedGeneration, this.samples.shift()!.generation);
    }
    const lag = this.samples.length ? Date.now() - this.samples[0]!.at : 0;
    if (lag > this.options.maxLagMs) return this.become(false, `lags ${lag} ms behind the primary`);
    this.become(true);
  }

  /** Logs a change of mind once: reads leaving the replica, and coming back. */
  private become(usable: boolean, why?: string): void {
    if (!usable) this.replayed = -1n;
    if (usable === this.usable && (usable || this.said !== undefined)) return;
    this.usable = usable;
    if (usable) {
      this.said = undefined;
      this.options.log.info('Reading lists, exports, reports and dashboards from the replica (DATABASE_READ_URL)');
    } else {
      this.said = why;
      this.options.log.warn(`Reading from the primary: the replica (DATABASE_READ_URL) ${why}`);
    }
  }

  /** The database a read of this request goes to: the replica unless it is unusable or behind the caller's last write. */
  choose(request: FastifyRequest): { db: Db; fromReplica: boolean } {
    const replica = this.database.replica;
    if (!replica || !this.usable) return { db: this.database.db, fromReplica: false };
    const wrote = lsnValue(request.cookies?.[WROTE_COOKIE]);
    if (wrote !== null && wrote > this.replayed) return { db: this.database.db, fromReplica: false };
    return { db: replica.db, fromReplica: true };
  }

  /**
   * Runs a read where `choose` says. A read the replica fails for a reason of its own (cut
   * connection, a query cancelled by replay: replicaFault) is run again on the primary, and a
   * replica that went away waits for its next check; a request's own error (bad input, forbidden)
   * is the answer.
   */
  async run<T>(request: FastifyRequest, read: (db: Db, fromReplica: boolean) => Promise<T>): Promise<T> {
    const { db, fromReplica } = this.choose(request);
    if (!fromReplica) return read(db, false);
    try {
      return await read(db, true);
    } catch (error) {
      const fault = replicaFault(error);
      if (!fault) throw error;
      if (fault === 'down') this.become(false, `failed a read (${(error as Error).message})`);
      return read(this.database.db, false);
    }
  }

  /**
   * Whether a list page read on the replica from now on may be kept by the list cache under this
   * ticket: the replica has replayed every change the cache had heard when the ticket was taken.
   * Asked before the read, never after.
   */
  caughtUpWith(ticket: number): boolean {
    return ticket <= this.replayedGeneration;
  }

  /** The primary's position after a write: at or past the write's commit. */
  async primaryPosition(): Promise<string> {
    const row = await one(this.database.db, sql`select pg_current_wal_insert_lsn()::text as lsn`);
    return row.lsn as string;
  }
}

/**
 * Starts the router, and with a replica, marks each successful write's answer with the primary's
 * position (WROTE_COOKIE). The cookie lives a little longer than the replica may lag while still
 * read: past that the replica has the write, or is no longer read.
 */
export async function registerReadRouting(app: FastifyInstance, router: ReadRouter, maxLagMs: number) {
  app.decorate('reads', router);
  if (!router.configured) return;
  await app.register(cookie);
  await router.start();
  app.addHook('onClose', async () => router.stop());
  const maxAge = Math.ceil(maxLagMs / 1000) + 5;
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return payload;
    const position = await router.primaryPosition().catch(() => null);
    if (position) {
      reply.setCookie(WROTE_COOKIE, position, {
        path: '/api',
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
        maxAge,
      });
    }
    return payload;
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where list pages, exports, reports and dashboards read: the replica or the primary (server/db/replica.ts). */
    reads: ReadRouter;
  }
}
