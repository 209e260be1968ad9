export interface ClaimLoopOptions {
  /** The longest wait between drains when nothing pokes the loop (1 s by default). */
  intervalMs?: number;
  /** A drain that threw: the loop carries on at the next interval. */
  onError?: (error: unknown) => void;
  /**
   * Work a round started is still under way (the delivery worker's deliveries in flight, their
   * outcomes not yet written): the drain goes on even after a round that claimed nothing.
   */
  busy?: () => boolean;
}

/**
 * The loop of a worker over rows any number of processes share, each round claiming a batch FOR
 * UPDATE SKIP LOCKED (the outbox's deliveries, server/notify/worker.ts; the alert rules' notices,
 * server/alerts/notices.ts). Started, it drains at once: rounds until one claims nothing and the
 * owner is not `busy` (or the loop is stopped), then it waits `intervalMs` and drains again. A poke (a LISTEN/NOTIFY heard
 * from any process, or this process's own news) drains now, or right after the drain under way,
 * so work queued during a drain is not left to the next interval. stop() ends the waiting and
 * resolves once the drain under way has finished its round.
 */
export class ClaimLoop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  /** stop() was called: no timer runs, and a drain under way ends after its round. */
  private stopped = false;
  private started = false;
  private again = false;

  /** `round` claims and handles one batch, and answers how many rows it claimed. */
  constructor(
    private readonly round: () => Promise<number>,
    private readonly options: ClaimLoopOptions = {},
  ) {}

  start() {
    this.stopped = false;
    this.started = true;
    this.schedule(0);
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Something was queued: look now rather than at the next interval. */
  poke() {
    if (this.stopped || !this.started) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  /** Rounds until one claims nothing (and nothing is `busy`); answers how many rows they claimed. For tests and tools too. */
  async drain(): Promise<number> {
    let handled = 0;
    for (;;) {
      const round = await this.round();
      handled += round;
      if ((!round && !this.options.busy?.()) || this.stopped) return handled;
    }
  }

  private schedule(ms: number) {
    if (this.stopped || !this.started) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.drain()
        .catch((error) => this.options.onError?.(error))
        .finally(() => {
          this.running = null;
          const again = this.again;
          this.again = false;
          this.schedule(again ? 0 : (this.options.intervalMs ?? 1000));
        });
    }, ms);
  }
}
