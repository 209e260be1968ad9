/**
 * The vehicle timeline's answer (GET /api/vehicle/trips/timelinev2?vehicleId=&day=yyyy-MM-dd), read by
 * the console page and built by server/reports/timeline.ts. Distances in metres, durations in
 * seconds, speeds in km/h, times ISO instants. docs/reports.md, "Vehicle timeline and duty report".
 */
import { indianDayRange } from '../../core/format/date.ts';

export interface TimelineTrip {
  kind: 'trip';
  /** `trip-<row id>`: unique among the day's items. */
  id: string;
  start: string;
  end: string;
  startLatitude: number | null;
  startLongitude: number | null;
  endLatitude: number | null;
  endLongitude: number | null;
  distanceMeters: number;
  durationSeconds: number;
  maxSpeed: number;
  averageSpeed: number;
  /** Still going on. */
  open: boolean;
}

export interface TimelineStop {
  kind: 'stop';
  id: string;
  start: string;
  end: string;
  latitude: number | null;
  longitude: number | null;
  durationSeconds: number;
  ignition: boolean | null;
  ignitionOnSeconds: number;
  open: boolean;
}

export interface TimelineEvent {
  kind: 'event';
  id: string;
  /** The alert's type: SOS, OVERSPEED, ... */
  type: string;
  start: string;
  latitude: number | null;
  longitude: number | null;
}

export type TimelineItem = TimelineTrip | TimelineStop | TimelineEvent;

export interface TimelineSummary {
  distanceMeters: number;
  runningSeconds: number;
  idleSeconds: number;
  stoppedSeconds: number;
  firstIgnitionOn: string | null;
  lastIgnitionOff: string | null;
  maxSpeed: number;
  trips: number;
  stops: number;
  alertCounts: Record<string, number>;
}

export interface Timeline {
  vehicle: { id: string; name: string; registrationNumber: string };
  /** yyyy-MM-dd, an Asia/Kolkata day; `from`/`to` its bounds as instants, [from, to). */
  day: string;
  from: string;
  to: string;
  /** The day's daily_summaries row; null when the device sent nothing that day (or was not the reader's). */
  summary: TimelineSummary | null;
  /** Trips, stops and alerts in time order. */
  items: TimelineItem[];
}

/** yyyy-MM-dd of a real calendar day from 1900 to 2100, or null. */
export const checkDay = (text: unknown): string | null =>
  typeof text === 'string' && indianDayRange(text) ? text : null;

/** The yyyy-MM-dd `days` after `day` (negative: before). */
export function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
