/**
 * Caps on what one connection or one IMEI may send. A real device stays far below them: it sends
 * a frame every few seconds, a few a second when flushing stored history. Over a cap the gateway
 * logs one summary and drops the connection.
 */
export interface GatewayLimits {
  /** Longest frame, in characters; the longest AIS-140 frame seen is a few hundred. */
  maxFrameLength: number;
  /** Frames per second one connection may keep up. */
  framesPerSecond: number;
  /** Frames one connection may send at once above that rate (history sent in one write). */
  frameBurst: number;
  /**
   * Raw-log rows per IMEI per minute, whichever connections they arrive on; frames without an
   * IMEI count for the connection's device, or before it names one, for its remote address.
   */
  rawLogsPerDevicePerMinute: number;
}

export const DEFAULT_LIMITS: GatewayLimits = {
  maxFrameLength: 2048,
  framesPerSecond: 20,
  frameBurst: 600,
  rawLogsPerDevicePerMinute: 1200,
};

/** Allows `capacity` takes at once, refilled at `perSecond`. */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
    now: number,
  ) {
    this.tokens = capacity;
    this.at = now;
  }

  take(now: number): boolean {
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Untouched long enough to be full again: forgetting it changes nothing. */
  idleSince(now: number): boolean {
    return this.tokens + ((now - this.at) / 1000) * this.perSecond >= this.capacity;
  }
}

/** Raw-log rows per key (an IMEI, or a remote address) per minute, shared by all connections. */
export class RawLogBudget {
  private readonly buckets = new Map<string, { bucket: TokenBucket; refusing: boolean }>();
  private sweptAt = 0;

  constructor(private readonly perMinute: number) {}

  /** Counts one row; when refused, `report` is true only for the first refusal of a run. */
  take(key: string, now = Date.now()): { allowed: boolean; report: boolean } {
    this.sweep(now);
    let entry = this.buckets.get(key);
    if (!entry) {
      entry = { bucket: new TokenBucket(this.perMinute, this.perMinute / 60, now), refusing: false };
      this.buckets.set(key, entry);
    }
    if (entry.bucket.take(now)) {
      entry.refusing = false;
      return { allowed: true, report: false };
    }
    const report = !entry.refusing;
    entry.refusing = true;
    return { allowed: false, report };
  }

  private sweep(now: number) {
    if (now - this.sweptAt < 60_000) return;
    this.sweptAt = now;
    for (const [key, entry] of this.buckets) if (entry.bucket.idleSince(now)) this.buckets.delete(key);
  }
}
