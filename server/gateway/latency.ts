import { monitorEventLoopDelay } from 'node:perf_hooks';

/** The last `size` durations, for a p95 that follows the present load rather than all of history. */
export class LatencyWindow {
  private readonly samples: Float64Array;
  private count = 0;

  constructor(size = 4096) {
    this.samples = new Float64Array(size);
  }

  add(ms: number): void {
    this.samples[this.count % this.samples.length] = ms;
    this.count += 1;
  }

  /** The q-quantile (0.95 for p95) of the durations held, or null before the first. */
  quantile(q: number): number | null {
    const held = this.samples.slice(0, Math.min(this.count, this.samples.length)).sort();
    return held.length ? held[Math.min(held.length - 1, Math.floor(held.length * q))]! : null;
  }
}

const RESOLUTION_MS = 10;

/**
 * How late the event loop ran its callbacks (ms), over the last complete period (10 s): every
 * socket, statement and timer of the process waits that long behind the work before it.
 */
export class EventLoopLag {
  private readonly histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  private readonly timer: NodeJS.Timeout;
  private last: { p50: number; p95: number; max: number } | null = null;

  constructor(periodMs = 10_000) {
    this.histogram.enable();
    this.timer = setInterval(() => {
      // the histogram's samples include its own sampling interval: an idle loop is 0 ms late, not 10
      const ms = (ns: number) => Math.max(0, Math.round(ns / 1e5) / 10 - RESOLUTION_MS);
      this.last = {
        p50: ms(this.histogram.percentile(50)),
        p95: ms(this.histogram.percentile(95)),
        max: ms(this.histogram.max),
      };
      this.histogram.reset();
    }, periodMs).unref();
  }

  get lastPeriod() {
    return this.last;
  }

  stop() {
    clearInterval(this.timer);
    this.histogram.disable();
  }
}
