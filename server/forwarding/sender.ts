import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
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

/** How often the lag shown on a destination is counted again. */
const LAG_EVERY_MS = 3000;

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
    const lease = `${this.options.leaseMs} milliseconds`;
    const half = `${this.options.leaseMs / 2} milliseconds`;
    while (!signal.aborted) {
      try {
        await this.db.execute(
          sql`update forwarding_destinations set state = 'PAUSED' where not enabled and state <> 'PAUSED'`,
        );
        // free or expired leases are taken, this process's own renewed once half gone: no write on most rounds
        await this.db.execute(sql`update forwarding_destinations
          set lease_owner = ${this.owner}, lease_until = now() + ${lease}::interval,
            cursor_tx = coalesce(cursor_tx, pg_snapshot_xmin(pg_current_snapshot()))
          where enabled and (lease_owner is null or lease_until < now()
            or (lease_owner = ${this.owner} and lease_until < now() + ${half}::interval))`);
        const held = await query<{ id: string }>(
          this.db,
          sql`select id from forwarding_destinations where enabled and lease_owner = ${this.owner}`,
        );
        for (const { id } of held)
          if (!this.running.has(id)) {
            const run = this.send(id).finally(() => this.running.delete(id));
            this.running.set(id, run);
          }
      } catch (error) {
        if (!signal.aborted) this.options.log.error({ err: error }, 'forwarding: looking for destinations failed');
      }
      await sleep(Math.min(1000, this.options.leaseMs / 4), signal);
    }
  }

  /** The destination while this process holds it; null once it is disabled, deleted or held by another. */
  private async load(id: string): Promise<Destination | null> {
    const [row] = await query<Destination>(
      this.db,
      sql`select id, kind, address, secret, organisation_id as "organisationId", cursor_tx::text as "cursorTx",
          cursor_seq as "cursorSeq", failures
        from forwarding_destinations where id = ${id}::uuid and enabled and lease_owner = ${this.owner}`,
    );
    return row ? { ...row, cursorSeq: Number(row.cursorSeq) } : null;
  }

  /** Writes what changed on the destination, only while this process holds it; false once it does not. */
  private async save(id: string, changes: SQL[]): Promise<boolean> {
    if (!changes.length) return true;
    const rows = await query<{ id: string }>(
      this.db,
      sql`update forwarding_destinations set ${sql.join(changes, sql`, `)}
        where id = ${id}::uuid and lease_owner = ${this.owner} returning id`,
    );
    return rows.length > 0;
  }

  private async send(id: string) {
    const { signal } = this.abort;
    let destination = await this.load(id);
    if (!destination?.cursorTx) return;
    let cursor: Cursor = { tx: destination.cursorTx, seq: destination.cursorSeq };
    let failures = destination.failures;
    let target: Target | null = null;
    let opened = '';
    let loadedAt = Date.now();
    let lagAt = 0;
    /** What the row shows, so that only a change is written. */
    let shown: { state: string; error: string | null } | null = null;
    const show = (state: string, error: string | null): SQL[] =>
      shown?.state === state && shown.error === error
        ? []
        : ((shown = { state, error }), [sql`state = ${state}`, sql`last_error = ${error}`]);
    const cursorColumns = (to: Cursor) => [sql`cursor_tx = ${to.tx}::xid8`, sql`cursor_seq = ${to.seq}`];
    try {
      while (!signal.aborted) {
        // an edit (address, kind), a disabling, a deletion or a lost lease is seen within a second
        if (Date.now() - loadedAt >= 1000) {
          const fresh = await this.load(id);
          if (!fresh) return;
          if (target && `${fresh.kind} ${fresh.address}` !== opened) {
            await target.close();
            target = null;
          }
          destination = fresh;
          loadedAt = Date.now();
        }
        const changes: SQL[] = [];
        let more = false;
        try {
          const batch = await nextBatch(this.db, destination.organisationId, cursor, this.options.batchSize);
          more = batch.more;
          if (!batch.frames.length) {
            if (batch.end.tx !== cursor.tx || batch.end.seq !== cursor.seq) changes.push(...cursorColumns(batch.end));
            cursor = batch.end;
            changes.push(...show('IDLE', null));
          } else {
            if (!target) {
              target = await openTarget(destination, this.guard);
              opened = `${destination.kind} ${destination.address}`;
            }
            const acknowledged = await target.send(batch.frames);
            cursor = acknowledged >= batch.frames.length ? batch.end : batch.cursors[acknowledged - 1]!;
            changes.push(...cursorColumns(cursor), sql`last_sent_at = now()`);
            changes.push(...show(batch.more ? 'CATCHING_UP' : 'SENDING', null));
            if (failures) changes.push(sql`failures = ${(failures = 0)}`);
          }
        } catch (error) {
          if (!(error instanceof TargetFailure)) throw error;
          await target?.close();
          target = null;
          failures += 1;
          // the state and what waits in one change: the row never shows a destination down with nothing waiting
          const lag = await lagOf(this.db, destination.organisationId, cursor);
          await this.save(id, [
            ...show('DOWN', error.message.slice(0, 500)),
            sql`failures = ${failures}`,
            ...lagColumns(lag),
          ]);
          lagAt = Date.now();
          // a refused address waits the longest: only an edit (or the operator's ranges) changes it
          const wait = error.permanent
            ? this.options.maxBackoffMs
            : Math.min(this.options.backoffMs * 2 ** Math.min(failures - 1, 16), this.options.maxBackoffMs);
          await sleep(wait, signal);
          continue;
        }
        if (!(await this.save(id, changes))) return;
        if (Date.now() - lagAt > LAG_EVERY_MS) {
          await this.writeLag(destination, cursor);
          lagAt = Date.now();
        }
        if (!more) await sleep(this.options.pollMs, signal);
      }
    } catch (error) {
      if (!signal.aborted) this.options.log.error({ err: error, destination: id }, 'forwarding: sender stopped');
    } finally {
      await target?.close();
    }
  }

  /** The lag shown on the destination (frames waiting, the oldest one's arrival). */
  private async writeLag(destination: Destination, cursor: Cursor) {
    const lag = await lagOf(this.db, destination.organisationId, cursor);
    await this.db.execute(sql`update forwarding_destinations
      set ${sql.join(lagColumns(lag), sql`, `)}
      where id = ${destination.id}::uuid and lease_owner = ${this.owner}
        and (waiting <> ${lag.waiting} or oldest_unsent_at is distinct from ${lag.oldestUnsentAt}::timestamptz)`);
  }
}

/** The destination's lag columns (frames waiting, the oldest one's arrival). */
const lagColumns = (lag: { waiting: number; oldestUnsentAt: string | null }): SQL[] => [
  sql`waiting = ${lag.waiting}`,
  sql`oldest_unsent_at = ${lag.oldestUnsentAt}`,
];
