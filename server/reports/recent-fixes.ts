/**
 * The positions this process's ingest committed since the summariser last claimed their device,
 * so the summariser of the same process walks them without reading them back (issue 28).
 *
 * The holder is only ever trusted to hold a subset of what the claim counts: a device's fixes are
 * used when their number equals the claim's device_states.summary_count, and anything uncertain
 * (a batch written while a claim ran, a claim by another summariser, a device trimmed for memory)
 * leaves fewer held than counted, so that device is read from the database as before.
 */
import { randomUUID } from 'node:crypto';
import type { Fix } from './detector.ts';

interface Held {
  /** null: some of the device's fixes since the last claim are missing here; it waits for the next claim. */
  fixes: Fix[] | null;
  /** Ticks of the device's last hand-off and of its last claim taken here. */
  handedOff: number;
  claimed: number;
}

export class RecentFixes {
  /** What this holder's summariser writes to device_states.summary_claimed_by when it claims. */
  readonly token = randomUUID();
  /** Orders begun batches, hand-offs and claims. */
  private tick = 0;
  /** Devices in the order they were last claimed (or first handed off): the oldest go first when memory runs out. */
  private readonly devices = new Map<string, Held>();
  private total = 0;
  /** The last tick a device's entry was trimmed away: a hand-off of a batch begun before it may follow a claim it cannot see. */
  private forgotten = 0;
  /** Until its summariser first claims, nobody reads the holder (a process that does not summarise): nothing is kept. */
  private reading = false;

  constructor(
    private readonly maxPerDevice = 600,
    private readonly maxFixes = 200_000,
  ) {}

  /** A batch is about to be written; its mark, for `add` once it commits. */
  begin(): number {
    return ++this.tick;
  }

  /** The positions of a batch that committed, each device's in the order stored. */
  add(begun: number, fixesOf: Map<string, Fix[]>) {
    if (!this.reading) return;
    const now = ++this.tick;
    for (const [deviceId, fixes] of fixesOf) {
      let held = this.devices.get(deviceId);
      if (!held) {
        held = { fixes: begun > this.forgotten ? [] : null, handedOff: 0, claimed: 0 };
        this.devices.set(deviceId, held);
      }
      held.handedOff = now;
      if (!held.fixes) continue;
      if (begun < held.claimed || held.fixes.length + fixes.length > this.maxPerDevice) {
        // a claim ran while the batch was written (it may or may not have counted it), or too many: read it back
        this.total -= held.fixes.length;
        held.fixes = null;
        continue;
      }
      held.fixes.push(...fixes);
      this.total += fixes.length;
    }
    this.trim();
  }

  /** Marks the moment a claim is about to be sent: hand-offs after it may or may not be in the claim. */
  claiming(): number {
    this.reading = true;
    return ++this.tick;
  }

  /**
   * A claimed device's held fixes when they are exactly the `count` the claim holds (`sent`: the
   * claim's mark from `claiming`), otherwise null. Either way they are gone from here: the claim consumed them.
   */
  take(deviceId: string, count: number | null, sent: number): Fix[] | null {
    const held = this.devices.get(deviceId);
    const fixes = held?.fixes ?? null;
    this.total -= fixes?.length ?? 0;
    this.devices.delete(deviceId);
    this.devices.set(deviceId, { fixes: [], handedOff: held?.handedOff ?? 0, claimed: ++this.tick });
    this.trim();
    if (!fixes || !held || held.handedOff >= sent || count === null || fixes.length !== count) return null;
    return fixes;
  }

  private trim() {
    const limit = this.maxFixes;
    for (const [deviceId, held] of this.devices) {
      if (this.total <= limit && this.devices.size <= limit) return;
      this.total -= held.fixes?.length ?? 0;
      this.devices.delete(deviceId);
      this.forgotten = this.tick;
    }
  }
}
