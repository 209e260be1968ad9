/**
 * What the reports read: trips, stops and one summary per device per Asia/Kolkata day, kept up to
 * date by the summariser (server/reports/summariser.ts) as positions arrive. docs/reports.md has
 * the rules. Keyed by device: a report names the vehicle that holds the device, and scopes rows by
 * who held the device at the time (device_ownership_periods).
 */
import {
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { devices } from './schema.ts';

const device = () =>
  uuid('device_id')
    .notNull()
    .references(() => devices.id, { onDelete: 'cascade' });

/** A journey: from leaving a stop to the next stop (or midnight, or the last position while it goes on). */
export const trips = pgTable(
  'trips',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: device(),
    /** The Asia/Kolkata day it belongs to; a trip across midnight is two trips. */
    day: date('day', { mode: 'string' }).notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    startLatitude: doublePrecision('start_latitude'),
    startLongitude: doublePrecision('start_longitude'),
    endLatitude: doublePrecision('end_latitude'),
    endLongitude: doublePrecision('end_longitude'),
    distanceMeters: doublePrecision('distance_meters').notNull().default(0),
    durationSeconds: integer('duration_seconds').notNull(),
    maxSpeed: real('max_speed').notNull().default(0),
    averageSpeed: real('average_speed').notNull().default(0),
    ignitionOnSeconds: integer('ignition_on_seconds').notNull().default(0),
    /** Still going on: rewritten as positions arrive, until the trip ends. */
    open: boolean('open').notNull().default(false),
  },
  (t) => [index('trips_device_start_idx').on(t.deviceId, t.startTime), index('trips_day_idx').on(t.day, t.deviceId)],
);

/** A halt of at least the organisation's parking time. */
export const stops = pgTable(
  'stops',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: device(),
    day: date('day', { mode: 'string' }).notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    durationSeconds: integer('duration_seconds').notNull(),
    /** The ignition at the stop's start; null when the device does not report it. */
    ignition: boolean('ignition'),
    ignitionOnSeconds: integer('ignition_on_seconds').notNull().default(0),
    open: boolean('open').notNull().default(false),
  },
  (t) => [index('stops_device_start_idx').on(t.deviceId, t.startTime), index('stops_day_idx').on(t.day, t.deviceId)],
);

/** One row per device per Asia/Kolkata day it reported on. */
export const dailySummaries = pgTable(
  'daily_summaries',
  {
    deviceId: device(),
    day: date('day', { mode: 'string' }).notNull(),
    distanceMeters: doublePrecision('distance_meters').notNull().default(0),
    runningSeconds: integer('running_seconds').notNull().default(0),
    /** Stationary with the ignition on. */
    idleSeconds: integer('idle_seconds').notNull().default(0),
    stoppedSeconds: integer('stopped_seconds').notNull().default(0),
    firstIgnitionOn: timestamp('first_ignition_on', { withTimezone: true }),
    lastIgnitionOff: timestamp('last_ignition_off', { withTimezone: true }),
    maxSpeed: real('max_speed').notNull().default(0),
    trips: integer('trips').notNull().default(0),
    stops: integer('stops').notNull().default(0),
    positions: integer('positions').notNull().default(0),
    /** Events of the day by type: {"SOS": 2, "OVERSPEED": 5}. */
    alertCounts: jsonb('alert_counts').$type<Record<string, number>>().notNull().default({}),
    firstFixTime: timestamp('first_fix_time', { withTimezone: true }),
    lastFixTime: timestamp('last_fix_time', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.day] }), index('daily_summaries_day_idx').on(t.day, t.deviceId)],
);

/** Where the summariser stands with each device: the last position it read and the detector's state for that day. */
export const tripStates = pgTable('trip_states', {
  deviceId: uuid('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  day: date('day', { mode: 'string' }).notNull(),
  processedUntil: timestamp('processed_until', { withTimezone: true }).notNull(),
  state: jsonb('state').notNull(),
  /** When a pass last brought the device up to date: the background passes leave a device alone for a while after one. */
  summarisedAt: timestamp('summarised_at', { withTimezone: true }),
});
