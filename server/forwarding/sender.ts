import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { query } from '../resources/sql.ts';
import type { AddressGuard } from '../notify/guarded-http.ts';
import type { ForwardingKind } from '../../resources/entities/forwarding.ts';
import { lagOf, nextBatch, type Cursor } from './cursor.ts';
import { openTarget, TargetFailure, type Target } from './targets.ts';

export interface ForwarderOptions {
  /** How long a process holds a destination without renewing (FORWARD_LEASE_SECONDS). */
  leaseMs: number;
  /** How often an idle sender looks for new frames, and the supervisor for destinations. */
  pollMs: number;
  /** Most frames in one send (an HTTP POST, a run of MQTT publishes). */
  batchSize: number;
  /** The first wait after a failure; doubled on each one after, up to maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
  log: { warn(o: unknown, m?: string): void; error(o: unknown, m?: string): void };
}

interface Destination {
  id: string;
  kind: ForwardingKind;
  address: string;
  secret: string | null;
  organisationId: string;
  cursorTx: string | null;
  cursorSeq: number;
  failures: number;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', wake);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    signal.addEventListener('abort', wake, { once: true });
  });

/**
 * Sends every enabled destination's frames from its cursor (docs/forwarding.md). Any number of server
 * processes run one: a destination is sent to by the process holding its lease, renewed on every
 * round; a process killed leaves it to another (or to itself restarted) once the lease runs out.
 */
export class Forwarder {
  readonly owner = `${process.pid}-${crypto.randomBytes(6).toString('hex')}`;
  private readonly running = new Map<string, Promise<void>>();
  private readonly abort = new AbortController();
  private supervisor: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    readonly guard: AddressGuard,
    private readonly options: ForwarderOptions,
  ) {}

  start() {
    this.supervisor ??= this.supervise();
  }

  async stop() {
    this.abort.abort();
    await this.supervisor;
    await Promise.all(this.running.values());
    await this.db
      .execute(
        sql`update forwarding_destinations set lease_owner = null, lease_until = null where lease_owner = ${this.owner}`,
      )
      .catch(() => undefined);
  }

  private async supervise() {
    const { signal } = this.abort;
    while (!signal.aborted) {
      try {
        await this.db.execute(
          sql`update forwarding_destinations set state = 'PAUSED' where not enabled and state <> 'PAUSED'`,
        );
        const leased = await query<{ id: string }>(
          this.db,
          sql`update forwarding_destinations
            set lease_owner = ${this.owner}, lease_until = now() + ${`${this.options.leaseMs} milliseconds`}::interval
            where enabled and (lease_owner is null or lease_owner = ${this.owner} or lease_until < now())
            returning id`,
        );
        for (const { id } of leased)
          if (!this.running.has(id)) {
            const run = this.send(id).finally(() => this.running.delete(id));
            this.running.set(id, run);
          }
      } catch (error) {
        if (!signal.aborted) this.options.log.error({ err: error }, 'forwarding: looking for destinations failed');
      }
      await sleep(Math.max(this.options.pollMs, 200), signal);
    }
  }

  /** Renews the lease and reads the destination; null once it is disabled, deleted or held by another process. */
  private async renew(id: string): Promise<Destination | null> {
    const [row] = await query<Destination>(
      this.db,
      sql`update forwarding_destinations
        set lease_until = now() + ${`${this.options.leaseMs} milliseconds`}::interval,
          cursor_tx = coalesce(cursor_tx, pg_snapshot_xmin(pg_current_snapshot()))
        where id = ${id}::uuid and enabled and lease_owner = ${this.owner}
        returning id, kind, address, secret, organisation_id as "organisationId", cursor_tx::text as "cursorTx",
          cursor_seq as "cursorSeq", failures`,
    );
    return row ? { ...row, cursorSeq: Number(row.cursorSeq) } : null;
  }

  /** Moves the cursor, only while this process still holds the lease. */
  private async advance(id: string, to: Cursor, sentAt: boolean) {
    await this.db.execute(sql`update forwarding_destinations
      set cursor_tx = ${to.tx}::xid8, cursor_seq = ${to.seq}, failures = 0${sentAt ? sql`, last_sent_at = now()` : sql``}
      where id = ${id}::uuid and lease_owner = ${this.owner}`);
  }

  private async status(id: string, state: string, lastError?: string | null, failures?: number) {
    await this.db.execute(sql`update forwarding_destinations set state = ${state}
      ${lastError !== undefined ? sql`, last_error = ${lastError}` : sql``}
      ${failures !== undefined ? sql`, failures = ${failures}` : sql``}
      where id = ${id}::uuid and lease_owner = ${this.owner} and (state is distinct from ${state}${
        lastError !== undefined ? sql` or last_error is distinct from ${lastError}` : sql``
      })`);
  }

  /** The lag shown on the destination: written at most every two seconds. */
  private async writeLag(destination: Destination, cursor: Cursor) {
    const lag = await lagOf(this.db, destination.organisationId, cursor);
    await this.db.execute(sql`update forwarding_destinations
      set waiting = ${lag.waiting}, oldest_unsent_at = ${lag.oldestUnsentAt}
      where id = ${destination.id}::uuid and lease_owner = ${this.owner}
        and (waiting <> ${lag.waiting} or oldest_unsent_at is distinct from ${lag.oldestUnsentAt}::timestamptz)`);
  }

  private async send(id: string) {
    const { signal } = this.abort;
    let target: Target | null = null;
    let opened = '';
    let lagWritten = 0;
    try {
      while (!signal.aborted) {
        const destination = await this.renew(id);
        if (!destination?.cursorTx) return;
        let cursor: Cursor = { tx: destination.cursorTx, seq: destination.cursorSeq };
        const identity = `${destination.kind} ${destination.address}`;
        if (target && opened !== identity) {
          await target.close();
          target = null;
        }
        try {
          const batch = await nextBatch(this.db, destination.organisationId, cursor, this.options.batchSize);
          if (!batch.frames.length) {
            if (batch.end.tx !== cursor.tx || batch.end.seq !== cursor.seq) await this.advance(id, batch.end, false);
            cursor = batch.end;
            await this.status(id, 'IDLE', null);
          } else {
            if (!target) {
              target = await openTarget(destination, this.guard);
              opened = identity;
            }
            await this.status(id, batch.more ? 'CATCHING_UP' : 'SENDING', null);
            const acknowledged = await target.send(batch.frames);
            cursor = acknowledged >= batch.frames.length ? batch.end : batch.cursors[acknowledged - 1]!;
            await this.advance(id, cursor, true);
          }
          if (Date.now() - lagWritten > 2000) {
            await this.writeLag(destination, cursor);
            lagWritten = Date.now();
          }
          if (!batch.more) await sleep(this.options.pollMs, signal);
        } catch (error) {
          if (!(error instanceof TargetFailure)) throw error;
          await target?.close();
          target = null;
          const failures = destination.failures + 1;
          await this.status(id, 'DOWN', error.message.slice(0, 500), failures);
          await this.writeLag(destination, cursor);
          lagWritten = Date.now();
          // a refused address waits the longest: only an edit (or the operator's ranges) changes it
          const wait = error.permanent
            ? this.options.maxBackoffMs
            : Math.min(this.options.backoffMs * 2 ** Math.min(failures - 1, 16), this.options.maxBackoffMs);
          await sleep(wait, signal);
        }
      }
    } catch (error) {
      if (!signal.aborted) this.options.log.error({ err: error, destination: id }, 'forwarding: sender stopped');
    } finally {
      await target?.close();
    }
  }
}
