import type net from 'node:net';
import { normalFrame } from './frames.ts';
import { DEFAULT_DENSITY, historyDay, historyDays, type HistoryDensity, type Route } from './history.ts';

export interface BackfillOptions {
  /** Whole days before the one start-up falls on; that day's hours before start-up are sent too. */
  days: number;
  /**
   * Which devices to send history for, and the days each already has stored: a device missing
   * from the answer sends none, and a day it has is not sent again (a restart on the same data
   * sends only what is missing). Asked once, with the IMEIs and the [from, until) sent.
   */
  plan: (imeis: string[], from: Date, until: Date) => Promise<Map<string, Set<string>>>;
  density?: HistoryDensity;
  /** Frames written at once, and the pause after each write: 10 every 667 ms is 15 a second, under the gateway's 20 (limits.ts). */
  batch?: number;
  pauseMs?: number;
  onDone?: (report: BackfillReport) => void;
}

export interface BackfillReport {
  devices: number;
  days: number;
  frames: number;
  ms: number;
}

export interface HistoryDevice {
  imei: string;
  registration: string;
  route: Route;
  /** The device's connection; history waits while it is (re)connecting. */
  socket(): net.Socket | null;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * Sends simulated devices' past days as AIS-140 history (H) frames over their connections, in time
 * order, in small batches with pauses between, as a device empties its store after a gap: live
 * frames go on meanwhile. Every day is seeded by IMEI and date, so a restart sends the same days.
 */
export class Backfill {
  private plan: Promise<Map<string, Set<string>>> | null = null;
  private readonly started = Date.now();
  private readonly pending = new Set<string>();
  private readonly totals = { devices: 0, days: 0, frames: 0 };
  private resolveDone!: (report: BackfillReport) => void;
  /** Settles once every device has sent its history (or the simulator stopped). */
  readonly done = new Promise<BackfillReport>((resolve) => (this.resolveDone = resolve));
  stopped = false;

  constructor(
    private readonly options: BackfillOptions,
    private readonly imeis: string[],
    /** Live frames carry this time or later; history stops before it (whole seconds, as frames carry them). */
    private readonly until = Math.floor(Date.now() / 1000) * 1000,
  ) {
    for (const imei of imeis) this.pending.add(imei);
  }

  /** History frames written so far. */
  get frames(): number {
    return this.totals.frames;
  }

  /** Starts a device's history; called once it is logged in and sending live frames. */
  start(device: HistoryDevice, counted: (frames: number) => void): void {
    const days = historyDays(this.until, this.options.days);
    this.plan ??= this.options.plan(this.imeis, new Date(`${days[0]}T00:00:00+05:30`), new Date(this.until));
    void this.plan
      .then(async (plan) => {
        const stored = plan.get(device.imei);
        if (!stored) return;
        const missing = days.filter((day) => !stored.has(day));
        if (missing.length) this.totals.devices += 1;
        for (const day of missing) {
          if (!(await this.sendDay(device, day, counted))) return;
          this.totals.days += 1;
        }
      })
      .catch(() => undefined)
      .finally(() => this.finished(device.imei));
  }

  stop(): void {
    this.stopped = true;
    for (const imei of [...this.pending]) this.finished(imei);
  }

  private finished(imei: string) {
    if (!this.pending.delete(imei) || this.pending.size) return;
    const report = { ...this.totals, ms: Date.now() - this.started };
    if (!this.stopped) this.options.onDone?.(report);
    this.resolveDone(report);
  }

  /** One day's frames in batches; false once the simulator stopped. */
  private async sendDay(device: HistoryDevice, day: string, counted: (frames: number) => void): Promise<boolean> {
    const fixes = historyDay(device.route, device.imei, day, this.until, this.options.density ?? DEFAULT_DENSITY);
    const batch = this.options.batch ?? 10;
    for (let i = 0; i < fixes.length; i += batch) {
      const text = fixes
        .slice(i, i + batch)
        .map(({ time, packet, ...fix }, j) =>
          normalFrame(
            { ...fix, imei: device.imei, registration: device.registration, frameNumber: i + j + 1 },
            new Date(time),
            packet,
            false,
          ),
        )
        .join('');
      let socket = device.socket();
      // once connected, the login is written (simulator.ts): history follows it on the connection
      while (!this.stopped && (!socket?.writable || socket.connecting)) {
        await sleep(500);
        socket = device.socket();
      }
      if (this.stopped || !socket) return false;
      if (!socket.write(text)) await new Promise((resolve) => socket.once('drain', resolve).once('close', resolve));
      const count = Math.min(batch, fixes.length - i);
      this.totals.frames += count;
      counted(count);
      await sleep(this.options.pauseMs ?? 667);
    }
    return !this.stopped;
  }
}
