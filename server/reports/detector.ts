/**
 * Trips, stops and the day's totals of one device, worked out one position at a time. Pure: no
 * database. The summariser (summariser.ts) feeds it each device's positions in time order, keeps
 * its state between batches and writes what it closes. docs/reports.md states the rules; moving or
 * standing is the one motion rule (server/tracking/motion.ts), distance the one rule for counted
 * fixes (server/tracking/fixes.ts).
 */
import { countedStep, hasGoodFix } from '../tracking/fixes.ts';
import { isMoving, motionOf } from '../tracking/motion.ts';
import {
  indianDay,
  type DaySummary,
  type DetectorState,
  type DetectorThresholds,
  type Fix,
  type Gathered,
  type Place,
  type Segment,
  type StopRow,
  type TripRow,
} from './detector-types.ts';

export * from './detector-types.ts';
export { haversineMeters, MAX_PLAUSIBLE_KMPH, MIN_SATELLITES } from '../tracking/fixes.ts';

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

  /** A detector from a copy of `state`, which stays as it was. */
  static restore(thresholds: DetectorThresholds, state: DetectorState): DayDetector {
    return new DayDetector(thresholds, structuredClone(state));
  }

  /** A detector that takes `state` over, uncopied: for a state just read from its row, which nothing else holds. */
  static adopt(thresholds: DetectorThresholds, state: DetectorState): DayDetector {
    return new DayDetector(thresholds, state);
  }

  get day(): string {
    return this.state.day;
  }
  /** Positions of the day fed so far. */
  get positions(): number {
    return this.state.totals.positions;
  }
  get dayStart(): number {
    return this.state.dayStart;
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

  /** Moving: the one motion rule with the organisation's threshold (running; idle and stopped stand). */
  private moving(fix: Fix): boolean {
    return isMoving(fix, this.thresholds);
  }

  private countsForDistance(fix: Fix): boolean {
    return hasGoodFix(fix);
  }

  /** Adds the time from `from` to `to` (clipped to the day) in `from`'s state, unless the gap is too long. */
  private spend(from: Fix, to: number) {
    const { totals, dayStart, dayEnd } = this.state;
    if (to - from.time > this.thresholds.maxGapSeconds * 1000) return;
    const ms = Math.min(to, dayEnd) - Math.max(from.time, dayStart);
    if (ms <= 0) return;
    const motion = motionOf(from, this.thresholds);
    if (motion === 'running') totals.runningMs += ms;
    else if (motion === 'idle') totals.idleMs += ms;
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
    // the time since the previous position is in that position's state: a stop's up to the first moving fix
    if (state.last) this.spend(state.last, fix.time);
    // leaving a stop: the trip starts at the first moving fix, from the place the vehicle stood
    // (so the leg from there is the trip's distance), and the stop ends when it moved
    if (state.segment.kind === 'stop' && !state.candidate && state.last && this.moving(fix)) {
      state.candidate = {
        start: { ...place(state.last), time: fix.time, ignition: fix.ignition },
        gathered: emptyGathered(),
      };
    }

    const meters = countedStep(state.lastValid, fix);
    if (meters !== null) {
      const gathered = this.current();
      gathered.distance += meters;
      gathered.maxSpeed = Math.max(gathered.maxSpeed, fix.speed);
      totals.distance += meters;
      totals.maxSpeed = Math.max(totals.maxSpeed, fix.speed);
      state.lastValid = fix;
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
