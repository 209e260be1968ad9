import type { FastifyBaseLogger } from 'fastify';

/**
 * Frames waiting to be written (read from sockets, not yet committed) at which the gateway sheds
 * load at its door: it stops reading from its sockets at `pauseAt` (TCP back-pressure: devices
 * keep their frames and send them later, as history), refuses new connections from `refuseAt`, and
 * reads again once the queue is down to `resumeAt`.
 */
export interface AdmissionBounds {
  pauseAt: number;
  refuseAt: number;
  resumeAt: number;
}

/** About four batches of PostgreSQL's 2,000 frames: a few seconds of what one database stores. */
export const DEFAULT_ADMISSION: AdmissionBounds = { pauseAt: 8000, refuseAt: 16_000, resumeAt: 4000 };
/**
 * Four batches of the embedded database's 250: its queries run on the API's own thread, and under a
 * flood these bounds kept health and list p95 near a second where the larger ones did not (docs/scaling.md).
 */
export const EMBEDDED_ADMISSION: AdmissionBounds = { pauseAt: 1000, refuseAt: 2000, resumeAt: 500 };

export type AdmissionState = 'accepting' | 'paused' | 'refusing';

/** Checks the bounds make a hysteresis: resume below pause, pause at or below refuse. */
export function admissionBounds(partial: Partial<AdmissionBounds> = {}): AdmissionBounds {
  const bounds = { ...DEFAULT_ADMISSION, ...partial };
  const { pauseAt, refuseAt, resumeAt } = bounds;
  if (![pauseAt, refuseAt, resumeAt].every((n) => Number.isInteger(n) && n >= 0))
    throw new Error('gateway queue bounds must be whole numbers of frames');
  if (!(resumeAt < pauseAt && pauseAt <= refuseAt))
    throw new Error(
      `gateway queue bounds must rise: resume (${resumeAt}) < pause (${pauseAt}) <= refuse (${refuseAt})`,
    );
  return bounds;
}

/**
 * The gateway's admission state, driven by the depth of the store's queue. Paused and refusing
 * both stop reading; refusing also closes new connections at once. Going down, refusing becomes
 * paused under `pauseAt`, and paused becomes accepting at `resumeAt`. Each change is logged once.
 */
export class Admission {
  state: AdmissionState = 'accepting';
  /** Connections closed on arrival because the gateway was refusing. */
  refused = 0;
  /** Changes of state since start, and the depth seen last. */
  transitions = 0;
  depth = 0;
  private shedSince: number | null = null;
  private shedMs = 0;

  constructor(
    readonly bounds: AdmissionBounds,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The queue is `depth` frames deep: returns the new state when it changed, else null. */
  observe(depth: number): AdmissionState | null {
    this.depth = depth;
    const { pauseAt, refuseAt, resumeAt } = this.bounds;
    let next = this.state;
    if (depth >= refuseAt) next = 'refusing';
    else if (depth >= pauseAt) next = this.state === 'refusing' ? 'refusing' : 'paused';
    else if (depth <= resumeAt) next = 'accepting';
    else if (this.state === 'refusing') next = 'paused';
    if (next === this.state) return null;
    const previous = this.state;
    this.state = next;
    this.transitions += 1;
    const at = this.now();
    if (next === 'accepting' && this.shedSince !== null) {
      this.shedMs += at - this.shedSince;
      this.shedSince = null;
    } else if (previous === 'accepting') this.shedSince = at;
    const message = {
      accepting: `gateway reading again: ${depth} frames wait to be written (resumes at ${resumeAt})`,
      paused: `gateway stopped reading from its devices: ${depth} frames wait to be written (pauses at ${pauseAt})`,
      refusing: `gateway refusing new connections: ${depth} frames wait to be written (refuses at ${refuseAt})`,
    }[next];
    if (next === 'accepting') this.log.info({ depth, from: previous }, message);
    else this.log.warn({ depth, from: previous }, message);
    return next;
  }

  /** A connection arrives: false when it must be refused (and counted). */
  admit(): boolean {
    if (this.state !== 'refusing') return true;
    this.refused += 1;
    return false;
  }

  get reading(): boolean {
    return this.state === 'accepting';
  }

  /** Milliseconds spent not accepting since start, including the current spell. */
  get sheddingMs(): number {
    return this.shedMs + (this.shedSince === null ? 0 : this.now() - this.shedSince);
  }

  status() {
    return {
      state: this.state,
      queueDepth: this.depth,
      ...this.bounds,
      connectionsRefused: this.refused,
      sheddingMs: this.sheddingMs,
      transitions: this.transitions,
    };
  }
}
