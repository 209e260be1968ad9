import type { SQL } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { pgCode } from '../http/errors.ts';
import type { LiveBatch, LiveFeed } from '../tracking/live.ts';
import type { VehicleState } from '../../resources/tracking.ts';
import { query } from '../resources/sql.ts';
import { copyRows } from '../db/copy.ts';
import type { ParseOutcome } from './ais140.ts';
import {
  describe,
  imeiOf,
  eventStatements,
  liveEvents,
  placeable,
  positionOf,
  feedPosition,
  inTimeOrderPerDevice,
  type ArrivingPosition,
  type DeviceInBatch,
  type DerivedEvent,
  type EventDeriver,
  type ReceivedFrame,
  type StoredFrame,
} from './frame-rows.ts';
import { DeviceDirectory, type KnownDevice } from './devices.ts';
import { timeOrderedId } from '../db/time-ordered-id.ts';
import {
  PositionRows,
  RawLogRows,
  lastPositionJson,
  lockNamed,
  updateFirmware,
  upsertDeviceStates,
  type DeviceStateRow,
} from './batch-sql.ts';
import { LatencyWindow } from './latency.ts';
import { BatchLimit } from './batch-limit.ts';
import { IdTurns, TAKE_TRANSACTION_ID } from './id-turns.ts';
import type { Pending, StoreOptions } from './store-options.ts';
import type { RecentFixes } from '../reports/recent-fixes.ts';

export * from './frame-rows.ts';
export type { StoreOptions } from './store-options.ts';

/**
 * Writes received frames in batches: raw logs, positions, alerts and each device's latest state
 * in one transaction. A frame's promise settles only after that transaction commits, so the
 * gateway acknowledges and counts only what is durably stored.
 */
export class FrameStore {
  readonly devices: DeviceDirectory;
  private queue: Pending[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private readonly concurrency: number;
  private timer: NodeJS.Timeout | null = null;
  private readonly batchLimit: BatchLimit;
  private readonly lingerMs: number;
  private readonly notifications: Pick<Database, 'listen'> | undefined;
  private readonly yieldShare: number;
  private readonly beforeBatch: (() => Promise<void>) | undefined;
  private closing = false;
  private readonly recentFixes: RecentFixes | undefined;
  private readonly idTurns = new IdTurns();
  /** Frames taken from the queue whose transaction has not committed yet. */
  private writing = 0;
  /** Told the backlog each time it grows or a batch ends (the gateway's admission). */
  onBacklog: ((depth: number) => void) | null = null;
  deriveEvents: EventDeriver | null = null;
  stats = { frames: 0, positions: 0, events: 0, batches: 0 };
  /** Each batch's transaction, begin to commit (ms), and its frames: where a frame's wait to be stored goes. */
  readonly transactionMs = new LatencyWindow(1024);
  readonly batchFrames = new LatencyWindow(1024);

  constructor(
    private readonly db: Db,
    private readonly live: LiveFeed,
    options: StoreOptions = {},
  ) {
    this.devices = new DeviceDirectory(db);
    this.batchLimit = new BatchLimit(options.batchSize ?? 2000, options.batchMs);
    this.lingerMs = options.lingerMs ?? 25;
    this.concurrency = options.concurrency ?? 1;
    this.notifications = options.notifications;
    this.yieldShare = Math.min(0.9, options.yieldShare ?? 0);
    this.beforeBatch = options.beforeBatch;
    this.recentFixes = options.recentFixes;
  }

  /** Starts hearing changes to devices. */
  async start(): Promise<void> {
    if (this.notifications) await this.devices.watch(this.notifications);
  }

  /** Frames waiting to be written, queued or in a transaction not yet committed. */
  get backlog(): number {
    return this.queue.length + this.writing;
  }

  store(frame: ReceivedFrame): Promise<StoredFrame> {
    return new Promise((resolve, reject) => {
      this.queue.push({ frame, resolve, reject });
      this.onBacklog?.(this.backlog);
      this.schedule();
    });
  }

  /** Stores alerts the gateway itself raises (not carried by a frame) and shows them on live maps. */
  async raise(events: DerivedEvent[]): Promise<void> {
    const liveBatch: LiveBatch = { positions: [], events: liveEvents(events) };
    const statements = [...eventStatements(events), ...this.live.notifyStatements(liveBatch)];
    await this.db.transaction(async (tx) => {
      for (const statement of statements) await tx.execute(statement);
    });
    this.stats.events += events.length;
    this.live.publish(liveBatch);
  }

  async close() {
    this.closing = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.queue.length || this.inFlight.size) {
      if (this.queue.length && this.inFlight.size < this.concurrency) this.startFlush();
      await Promise.race(this.inFlight);
    }
    await this.devices.stop();
  }

  private schedule() {
    if (this.inFlight.size >= this.concurrency) return;
    if (this.queue.length >= this.batchLimit.value) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      this.startFlush();
    } else if (!this.timer && this.queue.length) {
      this.timer = setTimeout(() => {
        this.timer = null;
        if (this.inFlight.size < this.concurrency && this.queue.length) this.startFlush();
      }, this.lingerMs);
    }
  }

  private startFlush() {
    const started = performance.now();
    const flushing: Promise<void> = this.flush().finally(async () => {
      this.onBacklog?.(this.backlog);
      const pause = ((performance.now() - started) * this.yieldShare) / (1 - this.yieldShare);
      if (pause) await new Promise((resolve) => setTimeout(resolve, pause));
      // a batch to write next (and not closing): it waits for the API first
      if (this.beforeBatch && this.queue.length && !this.closing) await this.beforeBatch();
      this.inFlight.delete(flushing);
      if (this.queue.length) this.schedule();
    });
    this.inFlight.add(flushing);
  }

  private async flush(): Promise<void> {
    const batch = this.queue.splice(0, this.batchLimit.value);
    this.writing += batch.length;
    if (batch.length) await this.writeIsolating(batch).finally(() => (this.writing -= batch.length));
  }

  /**
   * Writes a batch; if the database refuses it, halves it until the refused frame is alone, so
   * one poisoned frame does not cost its neighbours their place.
   */
  private async writeIsolating(batch: Pending[], lookedUpAgain = false): Promise<void> {
    try {
      await this.write(batch);
    } catch (error) {
      if (!lookedUpAgain && pgCode(error) === '23503') {
        // a device deleted or renumbered before its change was heard: look the IMEIs up again
        for (const { frame } of batch) {
          const imei = imeiOf(frame.outcome);
          if (imei) this.devices.forget(imei);
        }
        await this.writeIsolating(batch, true);
        return;
      }
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      const half = Math.ceil(batch.length / 2);
      await this.writeIsolating(batch.slice(0, half), lookedUpAgain);
      await this.writeIsolating(batch.slice(half), lookedUpAgain);
    }
  }

  private async write(batch: Pending[]) {
    const turn = this.concurrency > 1 ? this.idTurns.take() : null;
    await this.writeBatch(batch, turn).finally(() => turn?.release());
  }

  private async writeBatch(batch: Pending[], turn: ReturnType<IdTurns['take']> | null) {
    const begun = this.recentFixes?.begin() ?? 0;
    const imeis = batch.map((p) => imeiOf(p.frame.outcome)).filter((imei): imei is string => Boolean(imei));
    const known = await this.devices.resolve(imeis);
    const deviceOf = (outcome: ParseOutcome): KnownDevice | null => {
      const imei = imeiOf(outcome);
      return imei ? (known.get(imei) ?? null) : null;
    };

    const raw = new RawLogRows();
    const positions = new PositionRows();
    const events: DerivedEvent[] = [];
    const latest = new Map<string, DeviceInBatch>();
    const livePositions: ArrivingPosition[] = [];
    /** Every stored position, for the alerts: a batch may carry many of one device (catching up, history). */
    const arriving: ArrivingPosition[] = [];
    const results: StoredFrame[] = [];
    const unregistered = new Set<string>();

    for (const { frame } of batch) {
      const { outcome } = frame;
      const owner = deviceOf(outcome);
      const described = describe(outcome, owner);
      const receivedAt = frame.receivedAt.toISOString();
      const imei = imeiOf(outcome);
      raw.id.push(timeOrderedId(frame.receivedAt.getTime()));
      raw.imei.push(imei);
      raw.deviceId.push(owner?.deviceId ?? null);
      raw.organisationId.push(owner?.organisationId ?? null);
      raw.receivedAt.push(receivedAt);
      raw.frame.push(frame.text);
      raw.parseResult.push(described.parseResult);
      raw.message.push(described.message);
      results.push({ parseResult: described.parseResult, device: owner });
      if (!owner && imei) unregistered.add(imei);
      if (!owner || !outcome.ok) continue;
      const device = owner;

      const state = latest.get(device.deviceId) ?? {
        seen: receivedAt,
        position: null,
        fix: device.lastFixTime,
        health: null,
        firmware: null,
        earliestFix: null,
        earliest: Infinity,
        fixes: [],
      };
      state.seen = receivedAt;
      latest.set(device.deviceId, state);
      const { frame: parsed } = outcome;
      if (parsed.kind === 'health') state.health = parsed.health;
      if (parsed.kind === 'login' && parsed.firmwareVersion) state.firmware = parsed.firmwareVersion;

      const located = positionOf(outcome);
      if (located && placeable(located.position)) {
        const p = located.position;
        // completed in place (the parse is the store's, and a copy cost more than the JSON of it)
        const attributes = p.attributes;
        attributes.checksum = outcome.checksum;
        if (outcome.unknownFields.length) attributes.unknownFields = outcome.unknownFields;
        positions.deviceId.push(device.deviceId);
        positions.fixTime.push(p.fixTime);
        positions.receivedAt.push(receivedAt);
        positions.latitude.push(p.latitude);
        positions.longitude.push(p.longitude);
        positions.speed.push(p.speed);
        positions.heading.push(p.heading);
        positions.altitude.push(p.altitude);
        positions.satellites.push(p.satellites);
        positions.ignition.push(p.ignition);
        positions.gpsFix.push(p.gpsFix);
        positions.live.push(located.live);
        positions.packetType.push(located.packetType);
        const attributesJson = JSON.stringify(attributes);
        positions.attributes.push(attributesJson);
        const arrived: ArrivingPosition = {
          deviceId: device.deviceId,
          vehicleId: device.vehicleId,
          organisationId: device.organisationId,
          fixTime: p.fixTime,
          receivedAt,
          latitude: p.latitude,
          longitude: p.longitude,
          speed: p.speed,
          heading: p.heading,
          ignition: p.ignition,
        };
        arriving.push(arrived);
        const fix = Date.parse(p.fixTime);
        state.fixes.push({
          time: fix,
          latitude: p.latitude,
          longitude: p.longitude,
          // stored as real: the value read back
          speed: Math.fround(p.speed),
          ignition: p.ignition,
          gpsFix: p.gpsFix,
          satellites: p.satellites,
        });
        if (fix < state.earliest) {
          state.earliest = fix;
          state.earliestFix = p.fixTime;
        }
        if (located.live && fix >= state.fix) {
          state.fix = fix;
          state.position = { position: p, attributes: attributesJson, receivedAt, packetType: located.packetType };
          livePositions.push(arrived);
        }
      }
      const eventType = parsed.kind === 'position' || parsed.kind === 'emergency' ? parsed.event : null;
      if (eventType) {
        const p = located?.position;
        events.push({
          type: eventType,
          deviceId: device.deviceId,
          vehicleId: device.vehicleId,
          organisationId: device.organisationId,
          eventTime: p?.fixTime ?? receivedAt,
          latitude: p?.latitude ?? null,
          longitude: p?.longitude ?? null,
          attributes: { packetType: located?.packetType ?? null, live: located?.live ?? true, speed: p?.speed ?? null },
        });
      }
    }

    // the newest live position of each device in this batch moves its marker
    const moved = new Map<string, ArrivingPosition>();
    for (const p of livePositions) {
      const state = latest.get(p.deviceId)!;
      if (Date.parse(p.fixTime) === state.fix) moved.set(p.deviceId, p);
    }
    // every stored position is looked at for alerts, each device's in time order (docs/tracking.md)
    if (this.deriveEvents && arriving.length)
      events.push(...(await this.deriveEvents(inTimeOrderPerDevice(arriving), events)));

    // the same order in every transaction, so two batches updating the same devices cannot deadlock
    const deviceRows: DeviceStateRow[] = [...latest.keys()].sort().map((id) => {
      const s = latest.get(id)!;
      return {
        id,
        seen: s.seen,
        position: s.position && lastPositionJson(s.position),
        attributes: s.position && s.position.attributes,
        health: s.health === null ? null : JSON.stringify(s.health),
        firmware: s.firmware,
        summaryFrom: s.earliestFix,
        positions: s.fixes.length,
      };
    });

    const statements: SQL[] = events.length ? eventStatements(events) : [];
    const deviceStates = deviceRows.length ? upsertDeviceStates(deviceRows) : null;
    const firmware = deviceRows.flatMap((row) => (row.firmware ? [{ id: row.id, firmware: row.firmware }] : []));
    const firmwareUpdate = firmware.length ? updateFirmware(firmware) : null;

    // what the frames name beyond the device_states rows, locked and checked (no keys on these tables)
    const unvouched = [...new Set(raw.deviceId)].filter((id): id is string => id !== null && !latest.has(id));
    const organisations = [...new Set(raw.organisationId)].filter((id): id is string => id !== null);

    // the state each moved vehicle now has, by the one motion rule with its organisation's settings, sent with its position
    let liveBatch: LiveBatch = { positions: [], events: [] };
    const began = performance.now();
    await this.db.transaction(async (tx) => {
      if (turn) await turn.previous.then(() => tx.execute(TAKE_TRANSACTION_ID)).then(turn.release);
      if (unvouched.length || organisations.length) await lockNamed(tx, unvouched, organisations);
      await copyRows(tx, 'raw_logs', raw.columns());
      await copyRows(tx, 'positions', positions.columns());
      for (const statement of statements) await tx.execute(statement);
      const motions = new Map(
        (deviceStates ? await query<{ deviceId: string; motion: VehicleState }>(tx, deviceStates) : []).map((row) => [
          row.deviceId,
          row.motion,
        ]),
      );
      if (firmwareUpdate) await tx.execute(firmwareUpdate);
      liveBatch = {
        positions: [...moved.values()].map((p) => feedPosition(p, motions.get(p.deviceId) ?? 'noData')),
        events: liveEvents(events),
        unregistered: [...unregistered],
      };
      for (const statement of this.live.notifyStatements(liveBatch)) await tx.execute(statement);
    });

    const byId = new Map<string, KnownDevice>();
    for (const device of known.values()) if (device) byId.set(device.deviceId, device);
    for (const [id, state] of latest) {
      const device = byId.get(id);
      if (device && state.position) device.lastFixTime = Math.max(device.lastFixTime, state.fix);
    }
    this.stats.frames += batch.length;
    this.stats.positions += positions.length;
    this.stats.events += events.length;
    this.stats.batches += 1;
    this.transactionMs.add(performance.now() - began);
    this.batchLimit.took(batch.length, performance.now() - began);
    this.batchFrames.add(batch.length);
    const committed = Date.now();
    this.recentFixes?.add(begun, new Map([...latest].flatMap(([id, s]) => (s.fixes.length ? [[id, s.fixes]] : []))));
    batch.forEach((item, i) => item.resolve(results[i]!));
    this.live.publish(liveBatch, committed);
  }
}
