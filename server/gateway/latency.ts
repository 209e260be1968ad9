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
