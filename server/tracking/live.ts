import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { LivePosition } from '../../resources/tracking.ts';

/** What a live map needs to move a marker (the full decoded record is on the device); a device in no vehicle has no vehicleId. */
export type FeedPosition = Omit<LivePosition, 'vehicleId'> & { vehicleId: string | null };

export interface LiveEvent {
  type: string;
  deviceId: string;
  vehicleId: string | null;
  eventTime: string;
  latitude: number | null;
  longitude: number | null;
}

export interface LiveBatch {
  positions: FeedPosition[];
  events: LiveEvent[];
  /** IMEIs of no registered device whose frames the batch kept (a debug page may be watching one). */
  unregistered?: string[];
}

export const LIVE_CHANNEL = 'waymark_live';
/** NOTIFY payloads must stay under 8000 bytes. */
const PAYLOAD_LIMIT = 7500;

/**
 * The stream of stored positions and alerts. Inside one process the gateway hands batches over
 * directly; other processes hear them through PostgreSQL NOTIFY, sent in the transaction that
 * stored them, so nobody is told about a frame that did not commit.
 */
export class LiveFeed {
  readonly origin = randomUUID();
  private readonly emitter = new EventEmitter();
  private unlisten: (() => Promise<void>) | undefined;

  constructor(private readonly database: Database) {
    this.emitter.setMaxListeners(0);
  }

  subscribe(listener: (batch: LiveBatch) => void): () => void {
    this.emitter.on('batch', listener);
    return () => this.emitter.off('batch', listener);
  }

  publish(batch: LiveBatch) {
    if (batch.positions.length || batch.events.length || batch.unregistered?.length) this.emitter.emit('batch', batch);
  }

  /** One statement NOTIFYing the batch to other processes, in payloads under the limit (none on the embedded database). */
  notifyStatements(batch: LiveBatch): SQL[] {
    if (this.database.kind !== 'postgres') return [];
    const payloads: string[] = [];
    let chunk: Required<LiveBatch> = { positions: [], events: [], unregistered: [] };
    let size = 0;
    const flush = () => {
      if (!chunk.positions.length && !chunk.events.length && !chunk.unregistered.length) return;
      payloads.push(JSON.stringify({ o: this.origin, p: chunk.positions, e: chunk.events, u: chunk.unregistered }));
      chunk = { positions: [], events: [], unregistered: [] };
      size = 0;
    };
    for (const [key, items] of [
      ['positions', batch.positions],
      ['events', batch.events],
      ['unregistered', batch.unregistered ?? []],
    ] as const) {
      for (const item of items) {
        const length = JSON.stringify(item).length + 1;
        if (size + length > PAYLOAD_LIMIT) flush();
        (chunk[key] as unknown[]).push(item);
        size += length;
      }
    }
    flush();
    if (!payloads.length) return [];
    return [
      sql`select pg_notify(${LIVE_CHANNEL}, payload) from jsonb_array_elements_text(${JSON.stringify(payloads)}::jsonb) as payload`,
    ];
  }

  /** Starts hearing other processes' batches. */
  async start() {
    // every payload starts with its sender; this process's own are known without parsing them
    const own = `{"o":"${this.origin}"`;
    this.unlisten = await this.database.listen(LIVE_CHANNEL, (payload) => {
      if (payload.startsWith(own)) return;
      try {
        const message = JSON.parse(payload) as { o: string; p: FeedPosition[]; e: LiveEvent[]; u?: string[] };
        if (message.o !== this.origin)
          this.publish({ positions: message.p, events: message.e, unregistered: message.u ?? [] });
      } catch {
        // a payload from an older or foreign sender: nothing to show
      }
    });
  }

  async stop() {
    await this.unlisten?.();
    this.emitter.removeAllListeners();
  }
}
