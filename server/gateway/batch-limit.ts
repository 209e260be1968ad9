/**
 * How many frames the next batch takes: at most `most`, and with `batchMs`, as many as the last
 * batches' pace fits in that long. On the embedded database a transaction holds the process's one
 * thread from its first statement to its commit, so its length is what a request may wait behind;
 * on a loaded machine a batch of a fixed size takes several times as long as on a quiet one.
 */
export class BatchLimit {
  value: number;

  constructor(
    private readonly most: number,
    private readonly batchMs: number | undefined,
  ) {
    this.value = most;
  }

  /** A batch of `frames` took `ms`, begin to commit. */
  took(frames: number, ms: number): void {
    if (!this.batchMs || frames === 0) return;
    const fits = (frames * this.batchMs) / Math.max(ms, 1);
    // halfway to what fits: one slow or quick batch does not swing the size
    this.value = Math.max(1, Math.min(this.most, Math.round((this.value + fits) / 2)));
  }
}
