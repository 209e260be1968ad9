/**
 * The shapes the trip detector (detector.ts) reads and writes: its thresholds, a position, the
 * trip, stop and day rows it closes, and the state the summariser keeps between batches.
 */
import type { MeasuredFix } from '../tracking/fixes.ts';
import { indianIsoDay, startOfIndianDay } from '../../core/format/date.ts';

export interface DetectorThresholds {
  /** At or above this speed (km/h) a vehicle whose ignition is not off runs (server/tracking/motion.ts). */
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

export interface Fix extends MeasuredFix {
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

export interface Place {
  time: number;
  latitude: number;
  longitude: number;
  ignition: boolean | null;
}
/** What a segment (or the candidate of the next) gathers: distance, top speed, time with the ignition on. */
export interface Gathered {
  distance: number;
  maxSpeed: number;
  ignitionOnMs: number;
}
export interface Segment {
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

export interface IndianDay {
  readonly day: string;
  readonly start: number;
  readonly end: number;
}

/** The day asked for last: the ingest asks for the same day for fix after fix. */
let lastDay: IndianDay | undefined;

/** The Asia/Kolkata day (yyyy-MM-dd) an instant falls on, and that day's bounds. */
export function indianDay(time: number): IndianDay {
  // three time-zone conversions otherwise (1.5% of the server's CPU per frame under ingest)
  if (lastDay && time >= lastDay.start && time < lastDay.end) return lastDay;
  // one object for every caller that asks within the day: frozen, so none can change another's
  lastDay = Object.freeze({
    day: indianIsoDay(time),
    start: startOfIndianDay(time).getTime(),
    end: startOfIndianDay(time, 1).getTime(),
  });
  return lastDay;
}
