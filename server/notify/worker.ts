import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ClaimLoop } from '../db/claim-loop.ts';
import { query } from '../resources/sql.ts';
import { DeliveryFailure, type Channel, type ChannelName, type Delivery } from './channel.ts';

export interface WorkerOptions {
  /** Tries before a message goes to the dead letters. */
  maxAttempts: number;
  /** The wait after the first failed try; it doubles after each, up to maxBackoffMs. */
  retryBaseMs: number;
  maxBackoffMs?: number;
  /** How long a claimed row is this worker's: a worker that dies mid-try leaves it to another after this. */
  leaseMs?: number;
  /** Deliveries in flight at once (NOTIFY_CONCURRENCY, 20): a slot one frees is filled by the next claim, whatever the others are doing. */
  concurrency?: number;
  /** The longest wait between looks at the queue when nothing wakes the worker. */
  intervalMs?: number;
  /** How long stop() waits for the deliveries in flight to finish and be written (10 s); the rest are left to their lease. */
  stopWaitMs?: number;
  onError?: (error: unknown) => void;
}

/** The outcome of a try, known and not yet written to its row. */
interface Result {
  id: string;
  attempts: number;
  status: 'sent' | 'logged' | 'queued' | 'dead';
  answer: string;
  /** For another try (queued) or the dead letters: the wait before next_attempt_at. */
  waitMs: number;
}

const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;

/** The wait before try `attempts + 1`: base, 2×base, 4×base… up to the ceiling, give or take a tenth so retries of a burst spread out. */
export function backoffMs(attempts: number, baseMs: number, maxMs = MAX_BACKOFF_MS, random = Math.random): number {
  const wait = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(wait * (0.9 + 0.2 * random()));
}

/**
 * Delivers the outbox: claims due rows (FOR UPDATE SKIP LOCKED, so any number of workers in any
 * number of processes on one database take each row once), hands each to its channel, and records
 * the outcome: sent (or logged) with the provider's answer and the time, or another try after a
 * growing wait, or the dead letters after the last. A claim is a short statement, not a transaction
 * held while a provider answers (the embedded database has one connection for everything): it
 * moves the row's next try a lease ahead, so the row of a worker killed mid-try is tried again once
 * the lease lapses. Delivery is therefore at least once; the delivery id lets a receiver drop the
 * rare second copy.
 *
 * Up to `concurrency` deliveries are in flight at once, each on its own: a round writes the outcomes
 * known since the last in one statement, claims as many rows as there are free slots, and waits for
 * a slot to free (or a poke, or the interval), so a slow receiver holds only its own slot. An outcome
 * not written (a failed statement, a kill) leaves its row to be tried again after the lease.
 */
export class DeliveryWorker {
  private readonly loop: ClaimLoop;
  readonly stats = { sent: 0, logged: 0, retried: 0, dead: 0 };
  /** Deliveries under way. */
  private readonly inFlight = new Set<Promise<void>>();
  /** Outcomes known, not yet written; each holds its slot until it is. */
  private results: Result[] = [];
  /** Rounds waiting for a slot to free. */
  private readonly waiting = new Set<() => void>();
  private stopping = false;

  constructor(
    private readonly db: Db,
    private readonly channels: Record<ChannelName, Channel>,
    private readonly options: WorkerOptions,
  ) {
    this.loop = new ClaimLoop(() => this.round(), {
      ...options,
      busy: () => this.inFlight.size > 0 || this.results.length > 0,
    });
  }

  start() {
    this.stopping = false;
    this.loop.start();
  }

  /** Stops claiming, waits (up to stopWaitMs) for the deliveries in flight and writes their outcomes. */
  async stop() {
    this.stopping = true;
    this.wake();
    await this.loop.stop();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.inFlight]),
      new Promise((resolve) => (timer = setTimeout(resolve, this.options.stopWaitMs ?? 10_000))),
    ]);
    clearTimeout(timer);
    try {
      await this.write();
    } catch (error) {
      this.options.onError?.(error);
    }
    for (const channel of Object.values(this.channels)) channel.close?.();
  }

  /** Something was queued: look now rather than at the next interval (or when a slot frees). */
  poke() {
    this.loop.poke();
    this.wake();
  }

  /** Rounds until no row is due and none is in flight; answers how many rows were claimed. For tests and tools too. */
  drain(): Promise<number> {
    return this.loop.drain();
  }

  /**
   * Writes the outcomes known so far, claims up to the free slots' worth of due rows and starts
   * their deliveries, then waits for a slot to free; answers how many rows it claimed.
   */
  async round(): Promise<number> {
    await this.write();
    const free = this.stopping ? 0 : (this.options.concurrency ?? 20) - this.inFlight.size - this.results.length;
    const claimed = free > 0 ? await this.claim(free) : [];
    for (const delivery of claimed) this.launch(delivery);
    if (this.inFlight.size && !this.results.length) await this.slotFreed();
    return claimed.length;
  }

  private claim(limit: number): Promise<Delivery[]> {
    const lease = this.options.leaseMs ?? 120_000;
    return query<Delivery>(
      this.db,
      sql`update outbox o set attempts = o.attempts + 1, next_attempt_at = now() + ${lease} * interval '1 millisecond'
        from (select id from outbox where status = 'queued' and next_attempt_at <= now()
          order by next_attempt_at limit ${limit} for update skip locked) c
        where o.id = c.id
        returning o.id, o.channel, o.recipient, o.subject, o.body, o.options, o.attempts`,
    );
  }

  private launch(delivery: Delivery) {
    const running: Promise<void> = this.deliver(delivery)
      .then((result) => void this.results.push(result))
      .finally(() => {
        this.inFlight.delete(running);
        this.wake();
      });
    this.inFlight.add(running);
  }

  private wake() {
    for (const resolve of this.waiting) resolve();
  }

  /** Until a delivery finishes, something is queued, stop() is called or the interval passes (retries falling due). */
  private async slotFreed() {
    if (this.stopping) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiting.delete(done);
        resolve();
      };
      const timer = setTimeout(done, this.options.intervalMs ?? 1000);
      this.waiting.add(done);
    });
    // deliveries answered in the same turn of the event loop are written together
    await new Promise((resolve) => setImmediate(resolve));
  }

  /**
   * The outcomes known so far, in one statement; put back if it fails. A failure is written only
   * while the row is still this try's (a lapsed lease may have given it to another worker); a
   * message sent is sent, whoever holds it.
   */
  private async write() {
    if (!this.results.length) return;
    const results = this.results;
    this.results = [];
    const column = <K extends keyof Result>(key: K) => sql.param(results.map((r) => r[key]));
    try {
      await this.db.execute(sql`update outbox o set answer = v.answer, status = v.status,
        sent_at = case v.status when 'sent' then now() when 'logged' then null else o.sent_at end,
        next_attempt_at = case when v.status in ('queued', 'dead') then now() + v.wait * interval '1 millisecond'
          else o.next_attempt_at end
        from unnest(${column('id')}::uuid[], ${column('attempts')}::integer[], ${column('status')}::text[],
          ${column('answer')}::text[], ${column('waitMs')}::double precision[]) as v(id, attempts, status, answer, wait)
        where o.id = v.id and o.status = 'queued' and (v.status in ('sent', 'logged') or o.attempts = v.attempts)`);
    } catch (error) {
      this.results.unshift(...results);
      throw error;
    }
  }

  /** Tries one delivery; never throws. */
  private async deliver(delivery: Delivery): Promise<Result> {
    const result = (status: Result['status'], answer: string, waitMs = 0): Result => ({
      id: delivery.id,
      attempts: delivery.attempts,
      status,
      // a text column holds no NUL
      answer: answer.replace(/\0/g, '').slice(0, 2000),
      waitMs,
    });
    try {
      const channel = this.channels[delivery.channel];
      if (!channel) throw new DeliveryFailure(`no channel "${delivery.channel}"`, true);
      const outcome = await channel.send(delivery);
      this.stats[outcome.sent ? 'sent' : 'logged'] += 1;
      return result(outcome.sent ? 'sent' : 'logged', outcome.answer);
    } catch (error) {
      const failure =
        error instanceof DeliveryFailure ? error : new DeliveryFailure(String((error as Error)?.message ?? error));
      const last = failure.permanent || delivery.attempts >= this.options.maxAttempts;
      this.stats[last ? 'dead' : 'retried'] += 1;
      return result(
        last ? 'dead' : 'queued',
        failure.answer,
        backoffMs(delivery.attempts, this.options.retryBaseMs, this.options.maxBackoffMs),
      );
    }
  }
}
