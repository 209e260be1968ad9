import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { query } from '../resources/sql.ts';
import type { OrganisationSettings } from '../organisations/settings.ts';
import { DayDetector, indianDay, type DetectorState, type DetectorThresholds, type Fix } from './detector.ts';
import { asFix, FIX_COLUMNS, neighbour, positionsOf, thresholdsOf } from './positions.ts';
import { dropCutDays, rebuildAll, walk, type Rebuild } from './rebuilds.ts';
import { Writes } from './summary-writes.ts';
import { BatchLimit } from '../gateway/batch-limit.ts';
import type { RecentFixes } from './recent-fixes.ts';
import { indianDayRange } from '../../core/format/date.ts';

export { thresholdsOf } from './positions.ts';

/** Devices claimed per round. */
const CLAIM = 500;

interface Claimed {
  deviceId: string;
  from: string;
  /** Where the history of the vehicle holding the device starts (vehicles.tracked_from); null: all of it. */
  floor: string | null;
  settings: Partial<OrganisationSettings> | null;
  /** The positions the ingest stored since the previous claim (device_states.summary_count); null: not known. */
  count: number | null;
  /** The summariser that made the previous claim (device_states.summary_claimed_by). */
  claimedBy: string | null;
}
interface Saved {
  deviceId: string;
  day: string;
  processedUntil: string;
  state: DetectorState | null;
}

/** Recomputes one past day alone (a late or history frame fell into it); the day under way is left as it is. */
async function rebuildDay(
  db: Db,
  writes: Writes,
  deviceId: string,
  thresholds: DetectorThresholds,
  time: number,
  floor: number | null,
) {
  const { start, end, day } = indianDay(time);
  const detector = DayDetector.forDay(thresholds, start, await neighbour(db, deviceId, start, 'before', floor));
  await dropCutDays(db, [{ deviceId, start, floor }]);
  for await (const chunk of positionsOf(db, deviceId, Math.max(start, floor ?? start), end)) {
    for (const fix of chunk) detector.push(fix);
    writes.positions += chunk.length;
  }
  detector.finish(await neighbour(db, deviceId, end, 'after'));
  writes.rebuilt.push({ deviceId, day });
  writes.collect(deviceId, detector);
  writes.summaries.push({ ...detector.summary(), deviceId });
}

/**
 * The start of each Asia/Kolkata day from `from`'s to the one before `before` holding positions of
 * the device: the past days late positions may have fallen into (days without any have nothing to
 * rebuild).
 */
async function pastDaysWithPositions(db: Db, deviceId: string, from: number, before: number): Promise<number[]> {
  const rows = await query<{ day: string }>(
    db,
    sql`select distinct to_char(fix_time at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as day from positions
      where device_id = ${deviceId}::uuid and fix_time >= ${new Date(indianDay(from).start).toISOString()}::timestamptz
        and fix_time < ${new Date(before).toISOString()}::timestamptz
      order by day`,
  );
  return rows.map((r) => indianDayRange(r.day)!.from.getTime());
}

/** How many positions the device has from `from` to `until`, both included. */
async function positionsBetween(db: Db, deviceId: string, from: number, until: number): Promise<number> {
  const [row] = await query<{ n: number }>(
    db,
    sql`select count(*)::integer as n from positions where device_id = ${deviceId}::uuid
      and fix_time >= ${new Date(from).toISOString()}::timestamptz and fix_time <= ${new Date(until).toISOString()}::timestamptz`,
  );
  return Number(row?.n ?? 0);
}

export interface SummariserOptions {
  /** Pause between background passes. */
  intervalMs?: number;
  /**
   * A background pass leaves a device it brought up to date less than this long ago for a later
   * one: a device reporting every second costs one pass per interval, not one per position.
   */
  settleMs?: number;
  onError?: (error: unknown) => void;
  /** The positions this process's ingest committed: read from here instead of the database where they are all there. */
  recentFixes?: RecentFixes;
  /**
   * The embedded database, whose one connection a round's transaction holds from claim to commit:
   * a round claims as many devices as the last rounds' pace fits in `roundMs` (a device's first
   * round rebuilds its day, several statements), and a background round first awaits `beforeRound`
   * (the API quiet, as the gateway's batches do), so a flood of new devices cannot hold a sign-in
   * behind one round of 500 rebuilds for seconds.
   */
  roundMs?: number;
  beforeRound?: () => Promise<void>;
}

/**
 * Keeps trips, stops and daily summaries up to date. The ingest marks each device it stored
 * positions for (device_states.summary_from: the earliest fix time since the last pass); a round
 * claims marked devices, reads their committed positions in time order and writes what they
 * close, all in one transaction. docs/reports.md explains the rules and the late-frame path.
 * Positions this process's ingest stored are taken from `recentFixes` instead of read back, when
 * it holds every one the claim counts (server/reports/recent-fixes.ts).
 */
export class Summariser {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = false;
  /** `held`: devices whose new positions came from `recentFixes`, not the database. */
  stats = { rounds: 0, devices: 0, positions: 0, held: 0 };
  readonly recentFixes: RecentFixes | undefined;
  private readonly claimLimit: BatchLimit;

  constructor(
    private readonly db: Db,
    private readonly options: SummariserOptions = {},
  ) {
    this.recentFixes = options.recentFixes;
    this.claimLimit = new BatchLimit(CLAIM, options.roundMs);
  }

  start() {
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      this.running = this.drain(this.options.settleMs ?? 10_000, this.options.beforeRound)
        .catch((error) => this.options.onError?.(error))
        .finally(() => {
          this.running = null;
          if (!this.stopped) this.timer = setTimeout(tick, this.options.intervalMs ?? 2000);
        });
    };
    this.timer = setTimeout(tick, this.options.intervalMs ?? 2000);
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /**
   * Brings every marked device up to date now and returns once no pass of this process is under
   * way either: a background pass may hold a device that drain() skips (SKIP LOCKED) and still be
   * writing it. For tests and tools; the background passes need no caller.
   */
  async catchUp(): Promise<void> {
    for (;;) {
      await this.running;
      const round = await this.drain();
      if (!round.devices && !this.running) return;
    }
  }

  /** Rounds until no device is marked (or, with `settleMs`, none was brought up to date longer ago than that). */
  async drain(settleMs = 0, beforeRound?: () => Promise<void>): Promise<{ devices: number; positions: number }> {
    let devices = 0;
    let positions = 0;
    for (;;) {
      await beforeRound?.();
      const round = await this.round(settleMs);
      if (!round.devices) return { devices, positions };
      devices += round.devices;
      positions += round.positions;
    }
  }

  /** Claims up to CLAIM marked devices (fewer with `roundMs`) and brings them up to date. */
  async round(settleMs = 0): Promise<{ devices: number; positions: number }> {
    const settled =
      settleMs > 0
        ? // a look-up by the key per device read: as an anti-join the planner, expecting few recent rows,
          // compared every marked device with every recently summarised one
          sql`and coalesce((select t.summarised_at from trip_states t where t.device_id = s.device_id), '-infinity') <= now() - ${settleMs} * interval '1 millisecond'`
        : sql``;
    const holder = this.recentFixes;
    const sent = holder?.claiming() ?? 0;
    const claimed = await query<Claimed>(
      this.db,
      sql`
      with c as (select s.device_id, s.summary_from, s.summary_count, s.summary_claimed_by from device_states s
        where s.summary_from is not null ${settled} order by s.device_id limit ${this.claimLimit.value} for update skip locked)
      update device_states d set summary_from = null, summary_count = null, summary_claimed_by = ${holder?.token ?? null}::uuid
      from c, devices v join organisations o on o.id = v.organisation_id
      where d.device_id = c.device_id and v.id = c.device_id
      returning d.device_id as "deviceId", to_json(c.summary_from) #>> '{}' as "from",
        c.summary_count as count, c.summary_claimed_by::text as "claimedBy",
        to_json((select vh.tracked_from from vehicles vh where vh.device_id = v.id)) #>> '{}' as floor,
        -- the settings of the fleet the vehicle belongs to, as Vehicle Status and the alerts read them
        coalesce((select vo.attributes from vehicles vh join organisations vo on vo.id = vh.organisation_id
          where vh.device_id = v.id), o.attributes) -> 'settings' as settings`,
    );
    if (!claimed.length) return { devices: 0, positions: 0 };
    // what this process's ingest handed over since this summariser's previous claim, where it is all of it
    const held = new Map<string, Fix[]>();
    for (const claim of claimed) {
      const fixes = holder?.take(claim.deviceId, claim.claimedBy === holder.token ? claim.count : null, sent);
      if (fixes) held.set(claim.deviceId, fixes);
    }
    try {
      const began = performance.now();
      const writes = await this.db.transaction(async (tx) => this.bringUpToDate(tx as unknown as Db, claimed, held));
      this.claimLimit.took(claimed.length, performance.now() - began);
      this.stats.rounds += 1;
      this.stats.devices += claimed.length;
      this.stats.positions += writes.positions;
      return { devices: claimed.length, positions: writes.positions };
    } catch (error) {
      // put the marks back, so the next round tries again
      await this.db.execute(sql`update device_states d set summary_from = least(d.summary_from, x."from"),
          summary_count = case when d.summary_from is null then x.count else d.summary_count + x.count end
        from jsonb_to_recordset(${JSON.stringify(claimed.map(({ deviceId, from, count }) => ({ deviceId, from, count })))}::jsonb)
          as x("deviceId" uuid, "from" timestamptz, count integer)
        where d.device_id = x."deviceId"`);
      throw error;
    }
  }

  private async bringUpToDate(db: Db, claimed: Claimed[], held: Map<string, Fix[]>): Promise<Writes> {
    const ids = `{${claimed.map((c) => c.deviceId).join(',')}}`;
    await db.execute(sql`insert into trip_states (device_id, day, processed_until, state)
      select id, date '1970-01-01', timestamptz 'epoch', 'null'::jsonb from unnest(${ids}::uuid[]) as id on conflict (device_id) do nothing`);
    // one pass per device at a time, whichever process claimed it
    const saved = await query<Saved>(
      db,
      sql`select device_id as "deviceId", to_char(day, 'YYYY-MM-DD') as day,
        to_json(processed_until) #>> '{}' as "processedUntil", state
      from trip_states where device_id = any(${ids}::uuid[]) order by device_id for update`,
    );
    const savedOf = new Map(saved.map((s) => [s.deviceId, s]));
    const writes = new Writes();

    const appending: { claim: Claimed; detector: DayDetector; thresholds: DetectorThresholds; since: number }[] = [];
    // devices whose history is rebuilt from the start of a day, all at once below
    const rebuilding: Rebuild[] = [];
    for (const claim of claimed) {
      const thresholds = thresholdsOf(claim.settings);
      const state = savedOf.get(claim.deviceId)!;
      const floor = claim.floor ? Date.parse(claim.floor) : null;
      // positions before the vehicle's history starts are not its own: nothing to do for them
      const from = Math.max(Date.parse(claim.from), floor ?? -Infinity);
      const until = Date.parse(state.processedUntil);
      if (!state.state) {
        rebuilding.push({ deviceId: claim.deviceId, thresholds, from, floor });
        continue;
      }
      const current = DayDetector.adopt(thresholds, state.state);
      if (from < until) {
        const lateDay = indianDay(from);
        if (lateDay.day === current.day || from >= current.dayEnd) {
          // the day under way: rebuilt from its start, with whatever came after
          rebuilding.push({ deviceId: claim.deviceId, thresholds, from, floor });
          continue;
        }
        // a device catching up after a gap sends several past days at once: each is rebuilt, in order
        for (const day of await pastDaysWithPositions(db, claim.deviceId, from, current.dayStart))
          await rebuildDay(db, writes, claim.deviceId, thresholds, day, floor);
        // and when some reached the day under way too (it holds more than the detector was fed), that day is rebuilt
        const fed = Math.max(current.dayStart, floor ?? -Infinity);
        if ((await positionsBetween(db, claim.deviceId, fed, until)) > current.positions) {
          rebuilding.push({ deviceId: claim.deviceId, thresholds, from: current.dayStart, floor });
          continue;
        }
      }
      appending.push({ claim, detector: current, thresholds, since: until });
    }
    for (const [deviceId, detector] of await rebuildAll(db, writes, rebuilding))
      this.finishDevice(writes, deviceId, detector);

    const fixesOf = new Map<string, Fix[]>();
    for (const { claim, since } of appending) {
      const fixes = held.get(claim.deviceId);
      if (!fixes) continue;
      // as the database read below selects and orders them (ties stay in the order stored)
      const floor = claim.floor ? Date.parse(claim.floor) : -Infinity;
      fixesOf.set(
        claim.deviceId,
        fixes.filter((f) => f.time > since && f.time >= floor).sort((a, b) => a.time - b.time),
      );
      this.stats.held += 1;
    }
    const reading = appending.filter((a) => !fixesOf.has(a.claim.deviceId));
    if (reading.length) {
      const rows = await query<Record<string, unknown> & { deviceId: string }>(
        db,
        sql`
        select c.device_id as "deviceId", ${FIX_COLUMNS}
        from jsonb_to_recordset(${JSON.stringify(reading.map((a) => ({ device_id: a.claim.deviceId, since: new Date(a.since).toISOString(), floor: a.claim.floor })))}::jsonb)
          as c(device_id uuid, since timestamptz, floor timestamptz)
        -- each device's own rows by its (device, time) index; as a plain join the planner hashed the
        -- devices and read every position of the month (the inner order by keeps the subquery from
        -- being flattened back into that join)
        cross join lateral (select * from positions p
          where p.device_id = c.device_id and p.fix_time > c.since and p.fix_time >= coalesce(c.floor, '-infinity')
          order by p.fix_time, p.id) p
        order by c.device_id, p.fix_time, p.id`,
      );
      for (const row of rows) {
        const list = fixesOf.get(row.deviceId) ?? [];
        list.push(asFix(row));
        fixesOf.set(row.deviceId, list);
      }
    }
    for (const { claim, detector, thresholds } of appending) {
      const fixes = fixesOf.get(claim.deviceId) ?? [];
      this.finishDevice(writes, claim.deviceId, walk(writes, claim.deviceId, thresholds, detector, fixes));
    }
    for (const statement of writes.statements()) await db.execute(statement);
    return writes;
  }

  /** Writes the day under way of a device (its open rows and summary) and where the summariser stands. */
  private finishDevice(writes: Writes, deviceId: string, detector: DayDetector | null) {
    if (!detector || !detector.lastFix) return;
    writes.collectOpen(deviceId, detector);
    writes.states.push({
      deviceId,
      day: detector.day,
      processedUntil: new Date(detector.lastFix.time).toISOString(),
      state: detector.snapshot(),
    });
  }
}

/** Brings every marked device up to date (the bench's loader and tests use it). */
export async function summariseAll(db: Db): Promise<{ devices: number; positions: number }> {
  return new Summariser(db).drain();
}
