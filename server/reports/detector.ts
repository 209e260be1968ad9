/**
 * Trips, stops and the day's totals of one device, worked out one position at a time. Pure: no
 * database. The summariser (summariser.ts) feeds it each device's positions in time order, keeps
 * its state between batches and writes what it closes. docs/reports.md states the rules.
 */
import { indianIsoDay, startOfIndianDay } from '../../core/format/date.ts';

export interface DetectorThresholds {
  /** At or above this speed (km/h) a vehicle moves, unless its device reports the ignition. */
  minMovingKmph: number;
  /** A halt shorter than this is part of the trip around it. */
  minParkingSeconds: number;
  /** A trip shorter than this distance or this time is part of the stop around it. */
  minTripMeters: number;
  minTripSeconds: number;
  /** A gap between two positions longer than this is no data: counted neither running, idle nor stopped. */
  maxGapSeconds: number;
}

export const DEFAULT_THRESHOLDS: DetectorThresholds = {
  minMovingKmph: 5,
  minParkingSeconds: 300,
  minTripMeters: 300,
  minTripSeconds: 60,
  maxGapSeconds: 1800,
};

/** Above this implied speed between two fixes the later one is a GPS jump. */
export const MAX_PLAUSIBLE_KMPH = 250;
/** Fewer satellites than this: the fix does not count for distance. */
export const MIN_SATELLITES = 4;

export interface Fix {
  /** Milliseconds since 1970. */
  time: number;
  latitude: number;
  longitude: number;
  speed: number;
  ignition: boolean | null;
  gpsFix: boolean;
  satellites: number | null;
}

export interface TripRow {
  day: string;
  startTime: number;
  endTime: number;
  startLatitude: number;
  startLongitude: number;
  endLatitude: number;
  endLongitude: number;
  distanceMeters: number;
  durationSeconds: number;
  maxSpeed: number;
  averageSpeed: number;
  ignitionOnSeconds: number;
  open: boolean;
}

export interface StopRow {
  day: string;
  startTime: number;
  endTime: number;
  latitude: number;
  longitude: number;
  durationSeconds: number;
  ignition: boolean | null;
  ignitionOnSeconds: number;
  open: boolean;
}

export interface DaySummary {
  day: string;
  distanceMeters: number;
  runningSeconds: number;
  idleSeconds: number;
  stoppedSeconds: number;
  firstIgnitionOn: number | null;
  lastIgnitionOff: number | null;
  maxSpeed: number;
  trips: number;
  stops: number;
  positions: number;
  firstFixTime: number | null;
  lastFixTime: number | null;
}

interface Place {
  time: number;
  latitude: number;
  longitude: number;
  ignition: boolean | null;
}
/** What a segment (or the candidate of the next) gathers: distance, top speed, time with the ignition on. */
interface Gathered {
  distance: number;
  maxSpeed: number;
  ignitionOnMs: number;
}
interface Segment {
  kind: 'trip' | 'stop';
  start: Place;
  gathered: Gathered;
}

export interface DetectorState {
  day: string;
  dayStart: number;
  dayEnd: number;
  /** The confirmed segment, and the start of a change not yet long enough to count. */
  segment: Segment | null;
  candidate: { start: Place; gathered: Gathered } | null;
  /** The previous position (any), and the last one that counted for distance. */
  last: Fix | null;
  lastValid: Fix | null;
  totals: {
    distance: number;
    runningMs: number;
    idleMs: number;
    stoppedMs: number;
    maxSpeed: number;
    positions: number;
    firstIgnitionOn: number | null;
    lastIgnitionOff: number | null;
    firstFix: number | null;
    lastFix: number | null;
    trips: number;
    stops: number;
  };
}

/** The Asia/Kolkata day (yyyy-MM-dd) an instant falls on, and that day's bounds. */
export function indianDay(time: number): { day: string; start: number; end: number } {
  return { day: indianIsoDay(time), start: startOfIndianDay(time).getTime(), end: startOfIndianDay(time, 1).getTime() };
}

const EARTH_RADIUS_M = 6_371_008.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres (haversine on the mean Earth radius, as the playback's SQL and @turf measure). */
export function haversineMeters(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

const emptyGathered = (): Gathered => ({ distance: 0, maxSpeed: 0, ignitionOnMs: 0 });
const place = (fix: Fix, time = fix.time): Place => ({
  time,
  latitude: fix.latitude,
  longitude: fix.longitude,
  ignition: fix.ignition,
});
const seconds = (ms: number) => Math.round(ms / 1000);

export class DayDetector {
  private readonly closedTrips: TripRow[] = [];
  private readonly closedStops: StopRow[] = [];

  private constructor(
    readonly thresholds: DetectorThresholds,
    private state: DetectorState,
  ) {}

  /**
   * A detector for the day `time` falls on. `seed` is the device's last position before that
   * day: the day starts in the seed's state at midnight when the seed is recent enough, and the
   * distance from the seed to the day's first position counts in this day.
   */
  static forDay(thresholds: DetectorThresholds, time: number, seed: Fix | null): DayDetector {
    const { day, start, end } = indianDay(time);
    const detector = new DayDetector(thresholds, {
      day,
      dayStart: start,
      dayEnd: end,
      segment: null,
      candidate: null,
      last: null,
      lastValid: null,
      totals: {
        distance: 0,
        runningMs: 0,
        idleMs: 0,
        stoppedMs: 0,
        maxSpeed: 0,
        positions: 0,
        firstIgnitionOn: null,
        lastIgnitionOff: null,
        firstFix: null,
        lastFix: null,
        trips: 0,
        stops: 0,
      },
    });
    if (seed && start - seed.time <= thresholds.maxGapSeconds * 1000) {
      detector.state.segment = {
        kind: detector.moving(seed) ? 'trip' : 'stop',
        start: place(seed, start),
        gathered: emptyGathered(),
      };
      detector.state.last = seed;
      if (detector.countsForDistance(seed)) detector.state.lastValid = seed;
    } else if (seed && detector.countsForDistance(seed)) {
      // too old to carry the state over, still the place the day's first distance is measured from
      detector.state.lastValid = seed;
    }
    return detector;
  }

  static restore(thresholds: DetectorThresholds, state: DetectorState): DayDetector {
    return new DayDetector(thresholds, structuredClone(state));
  }

  get day(): string {
    return this.state.day;
  }
  get dayEnd(): number {
    return this.state.dayEnd;
  }
  get lastFix(): Fix | null {
    return this.state.last;
  }

  snapshot(): DetectorState {
    return structuredClone(this.state);
  }

  /** Moving: the ignition when the device reports it, else the speed. */
  private moving(fix: Fix): boolean {
    return fix.ignition ?? fix.speed >= this.thresholds.minMovingKmph;
  }

  private countsForDistance(fix: Fix): boolean {
    return fix.gpsFix && (fix.satellites === null || fix.satellites >= MIN_SATELLITES);
  }

  /** Adds the time from `from` to `to` (clipped to the day) in `from`'s state, unless the gap is too long. */
  private spend(from: Fix, to: number) {
    const { totals, dayStart, dayEnd } = this.state;
    if (to - from.time > this.thresholds.maxGapSeconds * 1000) return;
    const ms = Math.min(to, dayEnd) - Math.max(from.time, dayStart);
    if (ms <= 0) return;
    if (from.ignition !== false && from.speed >= this.thresholds.minMovingKmph) totals.runningMs += ms;
    else if (from.ignition === true) totals.idleMs += ms;
    else totals.stoppedMs += ms;
    if (from.ignition === true) this.current().ignitionOnMs += ms;
  }

  private current(): Gathered {
    return this.state.candidate?.gathered ?? this.state.segment!.gathered;
  }

  /** Feeds the next position in time order; positions of another day are refused. */
  push(fix: Fix) {
    const { state } = this;
    if (fix.time < state.dayStart || fix.time >= state.dayEnd)
      throw new Error(`A position of another day reached the detector of ${state.day}`);
    if (state.last && fix.time < state.last.time) throw new Error('Positions must reach the detector in time order');
    const { totals } = state;
    if (!state.segment)
      state.segment = { kind: this.moving(fix) ? 'trip' : 'stop', start: place(fix), gathered: emptyGathered() };
    // leaving a stop: the trip starts where and when the vehicle last stood, so the leg to here is the trip's
    if (state.segment.kind === 'stop' && !state.candidate && state.last && this.moving(fix)) {
      state.candidate = {
        start: place(state.last, Math.max(state.last.time, state.dayStart)),
        gathered: emptyGathered(),
      };
    }
    if (state.last) this.spend(state.last, fix.time);

    if (this.countsForDistance(fix)) {
      const previous = state.lastValid;
      const meters = previous ? haversineMeters(previous, fix) : 0;
      const hours = previous ? (fix.time - previous.time) / 3_600_000 : 1;
      const jump = previous !== null && meters > 0 && (hours <= 0 || meters / 1000 / hours > MAX_PLAUSIBLE_KMPH);
      if (!jump) {
        const gathered = this.current();
        gathered.distance += meters;
        gathered.maxSpeed = Math.max(gathered.maxSpeed, fix.speed);
        totals.distance += meters;
        totals.maxSpeed = Math.max(totals.maxSpeed, fix.speed);
        state.lastValid = fix;
      }
    }
    if (fix.ignition === true && totals.firstIgnitionOn === null) totals.firstIgnitionOn = fix.time;
    if (fix.ignition === false && state.last?.ignition === true) totals.lastIgnitionOff = fix.time;
    totals.positions += 1;
    totals.firstFix ??= fix.time;
    totals.lastFix = fix.time;
    state.last = fix;
    this.decide(fix);
  }

  /** Confirms, extends or drops the change under way after a position. */
  private decide(fix: Fix) {
    const { state, thresholds } = this;
    const segment = state.segment!;
    const moving = this.moving(fix);
    const wantsChange = (segment.kind === 'trip') !== moving;
    const candidate = state.candidate;
    if (segment.kind === 'trip') {
      if (!wantsChange) {
        if (candidate) this.dropCandidate();
      } else if (!candidate) {
        state.candidate = { start: place(fix), gathered: emptyGathered() };
      } else if (fix.time - candidate.start.time >= thresholds.minParkingSeconds * 1000) {
        this.confirmCandidate(fix.time);
      }
      return;
    }
    // a stop: a candidate trip counts once long and far enough; one that ends before that was part of the stop
    if (wantsChange) {
      if (!candidate) state.candidate = { start: place(fix), gathered: emptyGathered() };
      else if (this.tripQualifies(candidate, fix.time)) this.confirmCandidate(fix.time);
    } else if (candidate) {
      if (this.tripQualifies(candidate, fix.time)) {
        this.confirmCandidate(fix.time);
        state.candidate = { start: place(fix), gathered: emptyGathered() };
      } else this.dropCandidate();
    }
  }

  private tripQualifies(candidate: { start: Place; gathered: Gathered }, until: number): boolean {
    return (
      candidate.gathered.distance >= this.thresholds.minTripMeters &&
      until - candidate.start.time >= this.thresholds.minTripSeconds * 1000
    );
  }

  private dropCandidate() {
    const { segment, candidate } = this.state;
    if (!candidate || !segment) return;
    segment.gathered.distance += candidate.gathered.distance;
    segment.gathered.maxSpeed = Math.max(segment.gathered.maxSpeed, candidate.gathered.maxSpeed);
    segment.gathered.ignitionOnMs += candidate.gathered.ignitionOnMs;
    this.state.candidate = null;
  }

  private confirmCandidate(_now: number) {
    const { segment, candidate } = this.state;
    if (!candidate || !segment) return;
    this.close(segment, candidate.start, false);
    this.state.segment = {
      kind: segment.kind === 'trip' ? 'stop' : 'trip',
      start: candidate.start,
      gathered: candidate.gathered,
    };
    this.state.candidate = null;
  }

  private close(segment: Segment, end: Place, open: boolean) {
    // where the data starts: a halt too short to be a stop before the first trip is no stop at all
    if (segment.kind === 'stop' && !open && end.time - segment.start.time < this.thresholds.minParkingSeconds * 1000)
      return;
    const row = this.rowOf(segment, end, open);
    if (row.kind === 'trip') {
      this.closedTrips.push(row.row);
      if (!open) this.state.totals.trips += 1;
    } else {
      this.closedStops.push(row.row);
      if (!open) this.state.totals.stops += 1;
    }
  }

  private rowOf(
    segment: Segment,
    end: Place,
    open: boolean,
  ): { kind: 'trip'; row: TripRow } | { kind: 'stop'; row: StopRow } {
    const ms = Math.max(0, end.time - segment.start.time);
    const { day } = this.state;
    const { gathered } = segment;
    if (segment.kind === 'trip') {
      return {
        kind: 'trip',
        row: {
          day,
          startTime: segment.start.time,
          endTime: end.time,
          startLatitude: segment.start.latitude,
          startLongitude: segment.start.longitude,
          endLatitude: end.latitude,
          endLongitude: end.longitude,
          distanceMeters: gathered.distance,
          durationSeconds: seconds(ms),
          maxSpeed: gathered.maxSpeed,
          averageSpeed: ms > 0 ? gathered.distance / 1000 / (ms / 3_600_000) : 0,
          ignitionOnSeconds: seconds(gathered.ignitionOnMs),
          open,
        },
      };
    }
    return {
      kind: 'stop',
      row: {
        day,
        startTime: segment.start.time,
        endTime: end.time,
        latitude: segment.start.latitude,
        longitude: segment.start.longitude,
        durationSeconds: seconds(ms),
        ignition: segment.start.ignition,
        ignitionOnSeconds: seconds(gathered.ignitionOnMs),
        open,
      },
    };
  }

  /**
   * Ends the day. `next` is the device's first position after it, if any: when it comes soon
   * enough the last state runs on to midnight and the segment under way ends there, else at the
   * day's last position. A change under way is settled as if the day's end were its end.
   */
  finish(next: Fix | null) {
    const { state } = this;
    if (!state.segment || !state.last) return;
    const continues = next !== null && next.time - state.last.time <= this.thresholds.maxGapSeconds * 1000;
    if (continues) this.spend(state.last, next.time);
    const endTime = continues ? state.dayEnd : state.last.time;
    this.settleCandidate(endTime);
    this.close(state.segment, place(state.last, endTime), false);
    state.segment = null;
  }

  private settleCandidate(endTime: number) {
    const { segment, candidate } = this.state;
    if (!candidate || !segment) return;
    const confirmed =
      segment.kind === 'trip'
        ? endTime - candidate.start.time >= this.thresholds.minParkingSeconds * 1000
        : this.tripQualifies(candidate, endTime);
    if (confirmed) this.confirmCandidate(endTime);
    else this.dropCandidate();
  }

  /** The segment under way as an open row (the day so far), without changing the state. */
  openRows(): { trips: TripRow[]; stops: StopRow[] } {
    const { state } = this;
    if (!state.segment || !state.last) return { trips: [], stops: [] };
    const probe = DayDetector.restore(this.thresholds, state);
    probe.settleCandidate(state.last.time);
    const row = probe.rowOf(probe.state.segment!, place(state.last), true);
    const settledTrips = probe.closedTrips.map((t) => ({ ...t, open: true }));
    const settledStops = probe.closedStops.map((s) => ({ ...s, open: true }));
    return row.kind === 'trip'
      ? { trips: [...settledTrips, row.row], stops: settledStops }
      : { trips: settledTrips, stops: [...settledStops, row.row] };
  }

  /** The rows closed since the last call. */
  takeClosed(): { trips: TripRow[]; stops: StopRow[] } {
    return { trips: this.closedTrips.splice(0), stops: this.closedStops.splice(0) };
  }

  /** The day's figures so far; the segment under way counts as a trip or a stop. */
  summary(): DaySummary {
    const { totals, day } = this.state;
    const open = this.openRows();
    return {
      day,
      distanceMeters: totals.distance,
      runningSeconds: seconds(totals.runningMs),
      idleSeconds: seconds(totals.idleMs),
      stoppedSeconds: seconds(totals.stoppedMs),
      firstIgnitionOn: totals.firstIgnitionOn,
      lastIgnitionOff: totals.lastIgnitionOff,
      maxSpeed: totals.maxSpeed,
      trips: totals.trips + open.trips.length,
      stops: totals.stops + open.stops.length,
      positions: totals.positions,
      firstFixTime: totals.firstFix,
      lastFixTime: totals.lastFix,
    };
  }
}
