import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { query } from '../resources/sql.ts';
import { DEFAULT_SETTINGS, type OrganisationSettings } from '../organisations/settings.ts';
import {
  DayDetector,
  indianDay,
  type DaySummary,
  type DetectorState,
  type DetectorThresholds,
  type Fix,
  type StopRow,
  type TripRow,
} from './detector.ts';

/** Devices claimed per round. */
const CLAIM = 500;
/** Positions read per query while rebuilding a device's history. */
const CHUNK = 20_000;

interface Claimed {
  deviceId: string;
  from: string;
  settings: Partial<OrganisationSettings> | null;
}
interface Saved {
  deviceId: string;
  day: string;
  processedUntil: string;
  state: DetectorState | null;
}

export function thresholdsOf(settings: Partial<OrganisationSettings> | null): DetectorThresholds {
  const s = { ...DEFAULT_SETTINGS, ...(settings ?? {}) };
  return {
    minMovingKmph: s.minMovingKmph,
    minParkingSeconds: s.minParkingMinutes * 60,
    minTripMeters: s.minTripMeters,
    minTripSeconds: s.minTripSeconds,
    maxGapSeconds: s.offlineMinutes * 60,
  };
}

const FIX_COLUMNS = sql`(extract(epoch from p.fix_time) * 1000)::float8 as time, p.latitude, p.longitude, p.speed::float8 as speed,
  p.ignition, p.gps_fix as "gpsFix", p.satellites`;

const asFix = (row: Record<string, unknown>): Fix => ({
  time: Number(row.time),
  latitude: Number(row.latitude),
  longitude: Number(row.longitude),
  speed: Number(row.speed),
  ignition: row.ignition === null ? null : Boolean(row.ignition),
  gpsFix: Boolean(row.gpsFix),
  satellites: row.satellites === null ? null : Number(row.satellites),
});

/** What one round writes, gathered over its devices and written in a few statements. */
class Writes {
  trips: (TripRow & { deviceId: string })[] = [];
  stops: (StopRow & { deviceId: string })[] = [];
  summaries: (DaySummary & { deviceId: string })[] = [];
  /** Devices whose open rows are replaced, and device days rebuilt from scratch. */
  reopened = new Set<string>();
  rebuilt: { deviceId: string; day: string }[] = [];
  states: { deviceId: string; day: string; processedUntil: string; state: DetectorState }[] = [];
  positions = 0;

  collect(deviceId: string, detector: DayDetector) {
    const closed = detector.takeClosed();
    this.trips.push(...closed.trips.map((t) => ({ ...t, deviceId })));
    this.stops.push(...closed.stops.map((s) => ({ ...s, deviceId })));
  }

  /** The day so far of the detector under way: its open rows and its summary. */
  collectOpen(deviceId: string, detector: DayDetector) {
    this.collect(deviceId, detector);
    const open = detector.openRows();
    this.trips.push(...open.trips.map((t) => ({ ...t, deviceId })));
    this.stops.push(...open.stops.map((s) => ({ ...s, deviceId })));
    this.summaries.push({ ...detector.summary(), deviceId });
    this.reopened.add(deviceId);
  }

  statements(): SQL[] {
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
    const out: SQL[] = [];
    const reopened = [...this.reopened];
    if (reopened.length) {
      out.push(sql`delete from trips where open and device_id = any(${`{${reopened.join(',')}}`}::uuid[])`);
      out.push(sql`delete from stops where open and device_id = any(${`{${reopened.join(',')}}`}::uuid[])`);
    }
    if (this.rebuilt.length) {
      const rebuilt = JSON.stringify(this.rebuilt);
      out.push(
        sql`delete from trips t using jsonb_to_recordset(${rebuilt}::jsonb) as r("deviceId" uuid, day date) where t.device_id = r."deviceId" and t.day = r.day`,
      );
      out.push(
        sql`delete from stops t using jsonb_to_recordset(${rebuilt}::jsonb) as r("deviceId" uuid, day date) where t.device_id = r."deviceId" and t.day = r.day`,
      );
    }
    if (this.trips.length) {
      const rows = JSON.stringify(
        this.trips.map((t) => ({ ...t, startTime: iso(t.startTime), endTime: iso(t.endTime) })),
      );
      out.push(sql`insert into trips (device_id, day, start_time, end_time, start_latitude, start_longitude, end_latitude, end_longitude,
          distance_meters, duration_seconds, max_speed, average_speed, ignition_on_seconds, open)
        select "deviceId", day, "startTime", "endTime", "startLatitude", "startLongitude", "endLatitude", "endLongitude",
          "distanceMeters", "durationSeconds", "maxSpeed", "averageSpeed", "ignitionOnSeconds", open
        from jsonb_to_recordset(${rows}::jsonb) as x("deviceId" uuid, day date, "startTime" timestamptz, "endTime" timestamptz,
          "startLatitude" float8, "startLongitude" float8, "endLatitude" float8, "endLongitude" float8, "distanceMeters" float8,
          "durationSeconds" integer, "maxSpeed" real, "averageSpeed" real, "ignitionOnSeconds" integer, open boolean)`);
    }
    if (this.stops.length) {
      const rows = JSON.stringify(
        this.stops.map((s) => ({ ...s, startTime: iso(s.startTime), endTime: iso(s.endTime) })),
      );
      out.push(sql`insert into stops (device_id, day, start_time, end_time, latitude, longitude, duration_seconds, ignition, ignition_on_seconds, open)
        select "deviceId", day, "startTime", "endTime", latitude, longitude, "durationSeconds", ignition, "ignitionOnSeconds", open
        from jsonb_to_recordset(${rows}::jsonb) as x("deviceId" uuid, day date, "startTime" timestamptz, "endTime" timestamptz,
          latitude float8, longitude float8, "durationSeconds" integer, ignition boolean, "ignitionOnSeconds" integer, open boolean)`);
    }
    if (this.summaries.length) {
      // the last summary of a device day wins: a round may rebuild a day and then append to it
      const byKey = new Map(this.summaries.map((s) => [`${s.deviceId}/${s.day}`, s]));
      const rows = JSON.stringify(
        [...byKey.values()]
          .sort((a, b) => (a.deviceId + a.day < b.deviceId + b.day ? -1 : 1))
          .map((s) => ({
            ...s,
            firstIgnitionOn: iso(s.firstIgnitionOn),
            lastIgnitionOff: iso(s.lastIgnitionOff),
            firstFixTime: iso(s.firstFixTime),
            lastFixTime: iso(s.lastFixTime),
          })),
      );
      out.push(sql`insert into daily_summaries as d (device_id, day, distance_meters, running_seconds, idle_seconds, stopped_seconds,
          first_ignition_on, last_ignition_off, max_speed, trips, stops, positions, alert_counts, first_fix_time, last_fix_time, updated_at)
        select x."deviceId", x.day, x."distanceMeters", x."runningSeconds", x."idleSeconds", x."stoppedSeconds", x."firstIgnitionOn",
          x."lastIgnitionOff", x."maxSpeed", x.trips, x.stops, x.positions,
          coalesce((select jsonb_object_agg(e.type, e.n) from (select type, count(*)::integer as n from events
            where device_id = x."deviceId" and event_time >= (x.day::timestamp at time zone 'Asia/Kolkata')
              and event_time < ((x.day + 1)::timestamp at time zone 'Asia/Kolkata') group by type) e), '{}'::jsonb),
          x."firstFixTime", x."lastFixTime", now()
        from jsonb_to_recordset(${rows}::jsonb) as x("deviceId" uuid, day date, "distanceMeters" float8, "runningSeconds" integer,
          "idleSeconds" integer, "stoppedSeconds" integer, "firstIgnitionOn" timestamptz, "lastIgnitionOff" timestamptz, "maxSpeed" real,
          trips integer, stops integer, positions integer, "firstFixTime" timestamptz, "lastFixTime" timestamptz)
        on conflict (device_id, day) do update set distance_meters = excluded.distance_meters, running_seconds = excluded.running_seconds,
          idle_seconds = excluded.idle_seconds, stopped_seconds = excluded.stopped_seconds, first_ignition_on = excluded.first_ignition_on,
          last_ignition_off = excluded.last_ignition_off, max_speed = excluded.max_speed, trips = excluded.trips, stops = excluded.stops,
          positions = excluded.positions, alert_counts = excluded.alert_counts, first_fix_time = excluded.first_fix_time,
          last_fix_time = excluded.last_fix_time, updated_at = now()`);
    }
    if (this.states.length) {
      out.push(sql`update trip_states t set day = x.day, processed_until = x."processedUntil", state = x.state, summarised_at = now()
        from jsonb_to_recordset(${JSON.stringify(this.states)}::jsonb) as x("deviceId" uuid, day date, "processedUntil" timestamptz, state jsonb)
        where t.device_id = x."deviceId"`);
    }
    return out;
  }
}

/** The device's positions from `from` (inclusive) to `to` (exclusive, or all), in time order, a chunk at a time. */
async function* positionsOf(db: Db, deviceId: string, from: number, to: number | null): AsyncGenerator<Fix[]> {
  let after: { time: string; id: string } | null = null;
  for (;;) {
    const cursor: SQL = after ? sql`and (p.fix_time, p.id) > (${after.time}::timestamptz, ${after.id}::bigint)` : sql``;
    const until = to === null ? sql`` : sql`and p.fix_time < ${new Date(to).toISOString()}::timestamptz`;
    const rows = await query<Record<string, unknown>>(
      db,
      sql`select ${FIX_COLUMNS}, to_json(p.fix_time) #>> '{}' as "fixTime", p.id::text as id
      from positions p where p.device_id = ${deviceId}::uuid and p.fix_time >= ${new Date(from).toISOString()}::timestamptz ${until} ${cursor}
      order by p.fix_time, p.id limit ${CHUNK}`,
    );
    if (rows.length) yield rows.map(asFix);
    if (rows.length < CHUNK) return;
    const last = rows[rows.length - 1]!;
    after = { time: String(last.fixTime), id: String(last.id) };
  }
}

async function neighbour(db: Db, deviceId: string, time: number, direction: 'before' | 'after'): Promise<Fix | null> {
  const at = new Date(time).toISOString();
  const [row] = await query<Record<string, unknown>>(
    db,
    direction === 'before'
      ? sql`select ${FIX_COLUMNS} from positions p where p.device_id = ${deviceId}::uuid and p.fix_time < ${at}::timestamptz order by p.fix_time desc, p.id desc limit 1`
      : sql`select ${FIX_COLUMNS} from positions p where p.device_id = ${deviceId}::uuid and p.fix_time >= ${at}::timestamptz order by p.fix_time, p.id limit 1`,
  );
  return row ? asFix(row) : null;
}

/**
 * Feeds positions to the detector, moving to a new day's detector at each midnight crossed: the
 * day left behind is finished (its rows and summary written) with the next position as its end.
 */
function walk(
  writes: Writes,
  deviceId: string,
  thresholds: DetectorThresholds,
  detector: DayDetector | null,
  fixes: Fix[],
): DayDetector | null {
  let current = detector;
  for (const fix of fixes) {
    if (current && fix.time >= current.dayEnd) {
      current.finish(fix);
      writes.collect(deviceId, current);
      writes.summaries.push({ ...current.summary(), deviceId });
      current = DayDetector.forDay(thresholds, fix.time, current.lastFix);
    }
    current ??= DayDetector.forDay(thresholds, fix.time, null);
    current.push(fix);
    writes.positions += 1;
  }
  return current;
}

/** Rebuilds one device's history from the start of the day `from` falls on, up to its newest position. */
async function rebuildFrom(
  db: Db,
  writes: Writes,
  deviceId: string,
  thresholds: DetectorThresholds,
  from: number,
): Promise<DayDetector | null> {
  const { start } = indianDay(from);
  const seed = await neighbour(db, deviceId, start, 'before');
  let detector: DayDetector | null = DayDetector.forDay(thresholds, start, seed);
  // every day from here is rewritten, including days whose rows a previous pass wrote
  await db.execute(
    sql`delete from trips where device_id = ${deviceId}::uuid and start_time >= ${new Date(start).toISOString()}::timestamptz`,
  );
  await db.execute(
    sql`delete from stops where device_id = ${deviceId}::uuid and start_time >= ${new Date(start).toISOString()}::timestamptz`,
  );
  for await (const chunk of positionsOf(db, deviceId, start, null))
    detector = walk(writes, deviceId, thresholds, detector, chunk);
  return detector;
}

/** Recomputes one past day alone (a late or history frame fell into it); the day under way is left as it is. */
async function rebuildDay(db: Db, writes: Writes, deviceId: string, thresholds: DetectorThresholds, time: number) {
  const { start, end, day } = indianDay(time);
  const detector = DayDetector.forDay(thresholds, start, await neighbour(db, deviceId, start, 'before'));
  for await (const chunk of positionsOf(db, deviceId, start, end)) {
    for (const fix of chunk) detector.push(fix);
    writes.positions += chunk.length;
  }
  detector.finish(await neighbour(db, deviceId, end, 'after'));
  writes.rebuilt.push({ deviceId, day });
  writes.collect(deviceId, detector);
  writes.summaries.push({ ...detector.summary(), deviceId });
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
}

/**
 * Keeps trips, stops and daily summaries up to date. The ingest marks each device it stored
 * positions for (device_states.summary_from: the earliest fix time since the last pass); a round
 * claims marked devices, reads their committed positions in time order and writes what they
 * close, all in one transaction. docs/reports.md explains the rules and the late-frame path.
 */
export class Summariser {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = false;
  stats = { rounds: 0, devices: 0, positions: 0 };

  constructor(
    private readonly db: Db,
    private readonly options: SummariserOptions = {},
  ) {}

  start() {
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      this.running = this.drain(this.options.settleMs ?? 10_000)
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
  async drain(settleMs = 0): Promise<{ devices: number; positions: number }> {
    let devices = 0;
    let positions = 0;
    for (;;) {
      const round = await this.round(settleMs);
      if (!round.devices) return { devices, positions };
      devices += round.devices;
      positions += round.positions;
    }
  }

  /** Claims up to CLAIM marked devices and brings them up to date. */
  async round(settleMs = 0): Promise<{ devices: number; positions: number }> {
    const settled =
      settleMs > 0
        ? sql`and not exists (select 1 from trip_states t where t.device_id = s.device_id and t.summarised_at > now() - ${settleMs} * interval '1 millisecond')`
        : sql``;
    const claimed = await query<Claimed>(
      this.db,
      sql`
      with c as (select s.device_id, s.summary_from from device_states s where s.summary_from is not null ${settled}
        order by s.device_id limit ${CLAIM} for update skip locked)
      update device_states d set summary_from = null from c, devices v join organisations o on o.id = v.organisation_id
      where d.device_id = c.device_id and v.id = c.device_id
      returning d.device_id as "deviceId", to_json(c.summary_from) #>> '{}' as "from", o.attributes -> 'settings' as settings`,
    );
    if (!claimed.length) return { devices: 0, positions: 0 };
    try {
      const writes = await this.db.transaction(async (tx) => this.bringUpToDate(tx as unknown as Db, claimed));
      this.stats.rounds += 1;
      this.stats.devices += claimed.length;
      this.stats.positions += writes.positions;
      return { devices: claimed.length, positions: writes.positions };
    } catch (error) {
      // put the marks back, so the next round tries again
      await this.db.execute(sql`update device_states d set summary_from = least(d.summary_from, x."from")
        from jsonb_to_recordset(${JSON.stringify(claimed.map(({ deviceId, from }) => ({ deviceId, from })))}::jsonb) as x("deviceId" uuid, "from" timestamptz)
        where d.device_id = x."deviceId"`);
      throw error;
    }
  }

  private async bringUpToDate(db: Db, claimed: Claimed[]): Promise<Writes> {
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
    for (const claim of claimed) {
      const thresholds = thresholdsOf(claim.settings);
      const state = savedOf.get(claim.deviceId)!;
      const from = Date.parse(claim.from);
      const until = Date.parse(state.processedUntil);
      if (!state.state) {
        this.finishDevice(writes, claim.deviceId, await rebuildFrom(db, writes, claim.deviceId, thresholds, from));
        continue;
      }
      const current = DayDetector.restore(thresholds, state.state);
      if (from < until) {
        const lateDay = indianDay(from);
        if (lateDay.day === current.day || from >= current.dayEnd) {
          // the day under way: rebuilt from its start, with whatever came after
          this.finishDevice(writes, claim.deviceId, await rebuildFrom(db, writes, claim.deviceId, thresholds, from));
          continue;
        }
        await rebuildDay(db, writes, claim.deviceId, thresholds, from);
      }
      appending.push({ claim, detector: current, thresholds, since: until });
    }

    if (appending.length) {
      const rows = await query<Record<string, unknown> & { deviceId: string }>(
        db,
        sql`
        select c.device_id as "deviceId", ${FIX_COLUMNS}
        from jsonb_to_recordset(${JSON.stringify(appending.map((a) => ({ device_id: a.claim.deviceId, since: new Date(a.since).toISOString() })))}::jsonb)
          as c(device_id uuid, since timestamptz)
        join positions p on p.device_id = c.device_id and p.fix_time > c.since
        order by c.device_id, p.fix_time, p.id`,
      );
      const fixesOf = new Map<string, Fix[]>();
      for (const row of rows) {
        const list = fixesOf.get(row.deviceId) ?? [];
        list.push(asFix(row));
        fixesOf.set(row.deviceId, list);
      }
      for (const { claim, detector, thresholds } of appending) {
        const fixes = fixesOf.get(claim.deviceId) ?? [];
        this.finishDevice(writes, claim.deviceId, walk(writes, claim.deviceId, thresholds, detector, fixes));
      }
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
