import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { LivePosition } from '../../resources/tracking.ts';
import { separatedTexts } from '../db/separated-texts.ts';

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
  /** When the batch was committed and when this process heard of it (ms since the epoch); only with WAYMARK_LIVE_HOP_TIMES. */
  hops?: LiveHops;
}

export interface LiveHops {
  committed: number;
  heard: number;
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

  constructor(
    private readonly database: Database,
    private readonly stampHops = false,
  ) {
    this.emitter.setMaxListeners(0);
  }

  subscribe(listener: (batch: LiveBatch) => void): () => void {
    this.emitter.on('batch', listener);
    return () => this.emitter.off('batch', listener);
  }

  /** `committed`: when the batch's transaction committed, known to the process that stored it; others hear it when it is published. */
  publish(batch: LiveBatch, committed?: number) {
    if (!batch.positions.length && !batch.events.length && !batch.unregistered?.length) return;
    if (this.stampHops) {
      const heard = Date.now();
      batch.hops = { committed: committed ?? heard, heard };
    }
    this.emitter.emit('batch', batch);
  }

  /**
   * One statement NOTIFYing the batch to other processes, in payloads under the limit (none on the
   * embedded database). Each item is written as JSON once and the payloads are joined from those
   * pieces (what JSON.stringify of the whole message would give), sent as one text split again
   * (server/db/separated-texts.ts), where a text[] would escape every quote of it.
   */
  notifyStatements(batch: LiveBatch): SQL[] {
    if (this.database.kind !== 'postgres') return [];
    const payloads: string[] = [];
    // with hop times, when the batch was written (its transaction commits right after): the listeners' "committed"
    const head = `{"o":${JSON.stringify(this.origin)}${this.stampHops ? `,"c":${Date.now()}` : ''}`;
    let chunk: Record<'p' | 'e' | 'u', string[]> = { p: [], e: [], u: [] };
    let size = 0;
    const flush = () => {
      if (!chunk.p.length && !chunk.e.length && !chunk.u.length) return;
      payloads.push(`${head},"p":[${chunk.p.join(',')}],"e":[${chunk.e.join(',')}],"u":[${chunk.u.join(',')}]}`);
      chunk = { p: [], e: [], u: [] };
      size = 0;
    };
    for (const [key, items] of [
      ['p', batch.positions],
      ['e', batch.events],
      ['u', batch.unregistered ?? []],
    ] as const) {
      for (const item of items) {
        const text = JSON.stringify(item);
        if (size + text.length + 1 > PAYLOAD_LIMIT) flush();
        chunk[key].push(text);
        size += text.length + 1;
      }
    }
    flush();
    if (!payloads.length) return [];
    return [sql`select pg_notify(${LIVE_CHANNEL}, payload) from ${separatedTexts(payloads)} as payload`];
  }

  /** Starts hearing other processes' batches. */
  async start() {
    // every payload starts with its sender; this process's own are known without parsing them
    const own = `{"o":"${this.origin}"`;
    this.unlisten = await this.database.listen(LIVE_CHANNEL, (payload) => {
      if (payload.startsWith(own)) return;
      try {
        const message = JSON.parse(payload) as {
          o: string;
          c?: number;
          p: FeedPosition[];
          e: LiveEvent[];
          u?: string[];
        };
        if (message.o !== this.origin)
          this.publish({ positions: message.p, events: message.e, unregistered: message.u ?? [] }, message.c);
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
