import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ClaimLoop } from '../db/claim-loop.ts';
import { query } from '../resources/sql.ts';
import { DeliveryFailure, type Channel, type ChannelName, type Delivery, type Outcome } from './channel.ts';

export interface WorkerOptions {
  /** Tries before a message goes to the dead letters. */
  maxAttempts: number;
  /** The wait after the first failed try; it doubles after each, up to maxBackoffMs. */
  retryBaseMs: number;
  maxBackoffMs?: number;
  /** How long a claimed row is this worker's: a worker that dies mid-try leaves it to another after this. */
  leaseMs?: number;
  /** Rows claimed at once, delivered side by side. */
  batch?: number;
  /** The longest wait between looks at the queue when nothing wakes the worker. */
  intervalMs?: number;
  onError?: (error: unknown) => void;
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
 */
export class DeliveryWorker {
  private readonly loop: ClaimLoop;
  readonly stats = { sent: 0, logged: 0, retried: 0, dead: 0 };

  constructor(
    private readonly db: Db,
    private readonly channels: Record<ChannelName, Channel>,
    private readonly options: WorkerOptions,
  ) {
    this.loop = new ClaimLoop(() => this.round(), options);
  }

  start() {
    this.loop.start();
  }

  async stop() {
    await this.loop.stop();
    for (const channel of Object.values(this.channels)) channel.close?.();
  }

  /** Something was queued: look now rather than at the next interval. */
  poke() {
    this.loop.poke();
  }

  /** Rounds until no row is due; answers how many rows were handled. For tests and tools too. */
  drain(): Promise<number> {
    return this.loop.drain();
  }

  /** Claims up to a batch of due rows and delivers them. */
  async round(): Promise<number> {
    const lease = this.options.leaseMs ?? 120_000;
    const claimed = await query<Delivery>(
      this.db,
      sql`update outbox o set attempts = o.attempts + 1, next_attempt_at = now() + ${lease} * interval '1 millisecond'
        from (select id from outbox where status = 'queued' and next_attempt_at <= now()
          order by next_attempt_at limit ${this.options.batch ?? 10} for update skip locked) c
        where o.id = c.id
        returning o.id, o.channel, o.recipient, o.subject, o.body, o.options, o.attempts`,
    );
    await Promise.all(claimed.map((delivery) => this.deliver(delivery)));
    return claimed.length;
  }

  private async deliver(delivery: Delivery) {
    let outcome: Outcome;
    try {
      const channel = this.channels[delivery.channel];
      if (!channel) throw new DeliveryFailure(`no channel "${delivery.channel}"`, true);
      outcome = await channel.send(delivery);
    } catch (error) {
      const failure =
        error instanceof DeliveryFailure ? error : new DeliveryFailure(String((error as Error)?.message ?? error));
      const last = failure.permanent || delivery.attempts >= this.options.maxAttempts;
      const wait = backoffMs(delivery.attempts, this.options.retryBaseMs, this.options.maxBackoffMs);
      this.stats[last ? 'dead' : 'retried'] += 1;
      // only while the row is still this try's: a lapsed lease may have given it to another worker
      await this.db.execute(sql`update outbox set answer = ${failure.answer.slice(0, 2000)},
        status = ${last ? 'dead' : 'queued'}, next_attempt_at = now() + ${wait} * interval '1 millisecond'
        where id = ${delivery.id}::uuid and attempts = ${delivery.attempts} and status = 'queued'`);
      return;
    }
    this.stats[outcome.sent ? 'sent' : 'logged'] += 1;
    await this.db.execute(sql`update outbox set answer = ${outcome.answer.slice(0, 2000)},
      status = ${outcome.sent ? 'sent' : 'logged'}, sent_at = ${outcome.sent ? sql`now()` : sql`null`}
      where id = ${delivery.id}::uuid and status = 'queued'`);
  }
}
