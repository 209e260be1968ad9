import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, xid8 } from './columns.ts';
import { tableOf } from './declared.ts';
import organisation from '../../resources/entities/organisation.ts';
import role from '../../resources/entities/role.ts';
import user from '../../resources/entities/user.ts';
import deviceModel from '../../resources/entities/device-model.ts';
import groups from '../../resources/entities/groups.ts';
import device from '../../resources/entities/device.ts';
import vehicle from '../../resources/entities/vehicle.ts';
import route from '../../resources/entities/route.ts';
import adminDivision from '../../resources/entities/admin-division.ts';
import job from '../../resources/entities/job.ts';
import poi from '../../resources/entities/poi.ts';
import geofence from '../../resources/entities/geofence.ts';
import rawLog from '../../resources/entities/raw-logs.ts';
import item from '../../resources/entities/item.ts';
import position from '../../resources/entities/position.ts';
import eventLog from '../../resources/entities/event-log.ts';
import simActivation from '../../resources/entities/sim-activation.ts';

export const organisations = tableOf(organisation, {
  columns: {
    /** Materialised path of ids, '/root/child/', so a subtree is one LIKE on an index. */
    path: text('path').notNull(),
    deleted: boolean('deleted').notNull().default(false),
  },
  constraints: (t) => [index('organisations_path_idx').on(t.path), index('organisations_parent_idx').on(t.parentId)],
});
export type Address = (typeof organisations.$inferSelect)['address'];

export const roles = tableOf(role, {
  // set by the seed on the built-in SUPER_ADMIN role alone: this flag, never a name, passes every check
  columns: { isSuperAdmin: boolean('is_super_admin').notNull().default(false) },
  organisationIndex: false,
  // organisationId null: the built-in roles every organisation shares
  constraints: (t) => [
    uniqueIndex('roles_name_org_idx').on(
      t.name,
      sql`coalesce(${t.organisationId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
  ],
});

export const users = tableOf(user, { columns: { passwordHash: text('password_hash').notNull() } });

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.familyId)],
);

/** Failed sign-ins per account, whichever username (e-mail or phone) was typed; unknown names leave no row. */
export const loginThrottle = pgTable('login_throttle', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    otpTokenHash: text('otp_token_hash').notNull(),
    otpHash: text('otp_hash').notNull(),
    linkTokenHash: text('link_token_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_resets_otp_token_idx').on(t.otpTokenHash),
    uniqueIndex('password_resets_link_idx').on(t.linkTokenHash),
  ],
);

/**
 * Messages to deliver, and how their delivery went: the queue the delivery worker
 * (server/notify/worker.ts) claims rows from, any number of processes at once. The row's id is the
 * delivery id a receiver drops duplicates by (docs/notifications.md).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    /** email, sms, webhook or push (server/notify/channel.ts). */
    channel: text('channel').notNull(),
    /** An e-mail address, a phone number, a webhook's URL or a push subscription's endpoint. */
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** queued (waiting, or being tried), sent, logged (no provider configured: written to the log, not sent), dead (the last try failed). */
    status: text('status').notNull().default('queued'),
    /** Tries so far; a claimed row counts the try it is under. */
    attempts: integer('attempts').notNull().default(0),
    /** When a worker may take the row: its next try, or when a claim whose worker died lapses. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** What the provider answered last (or why the try failed). */
    answer: text('answer'),
    /** What the channel needs beside the recipient: the SMS template, a webhook's secret, a push subscription's keys. */
    options: jsonb('options').notNull().default({}),
    /** The organisation the message is sent for: whose Deliveries screen lists it; null for the platform's own. */
    organisationId: uuid('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('outbox_organisation_idx').on(t.organisationId, t.createdAt),
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'queued'`),
  ],
);

/** Key material created on first start and shared by every process on the database. */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** The catalogue of tracker models, shared by every organisation. */
export const deviceModels = tableOf(deviceModel);

export const vehicleGroups = tableOf(groups);

export const devices = tableOf(device, {
  organisationIndex: false,
  columns: {
    /** When the device last left a vehicle (unlinked, or linked to another): a later fitment dated earlier never reaches back past it (server/vehicles/tracked-from.ts). */
    leftVehicleAt: timestamp('left_vehicle_at', { withTimezone: true }),
  },
  constraints: (t) => [
    index('devices_org_status_imei_idx').on(t.organisationId, t.status, t.imei),
    index('devices_status_imei_idx').on(t.status, t.imei),
  ],
});

export const vehicles = tableOf(vehicle, {
  organisationIndex: false,
  columns: {
    /**
     * From when the vehicle's figures count its device's positions and alerts (null: no device):
     * set with every link (server/vehicles/tracked-from.ts, docs/reports.md "A vehicle's own history").
     */
    trackedFrom: timestamp('tracked_from', { withTimezone: true }),
  },
  uniqueIndexNames: { registrationNumber: 'vehicles_registration_idx' },
  constraints: (t) => [
    index('vehicles_org_category_registration_idx').on(t.organisationId, t.category, t.registrationNumber), // the list's filter and order
    index('vehicles_category_registration_idx').on(t.category, t.registrationNumber),
  ],
});

/** GeoJSON geometries are kept as jsonb: PGlite has no PostGIS, and the maths is done in code. */
export const routes = tableOf(route);

export const adminDivisions = tableOf(adminDivision, {
  constraints: (t) => [index('admin_divisions_parent_idx').on(t.parentId)],
});

export const jobSchedules = tableOf(job);

export const pointsOfInterest = tableOf(poi, {
  constraints: (t) => [index('points_of_interest_ward_idx').on(t.wardId)],
});

export const geofences = tableOf(geofence);

/** Every frame the gateway receives; frames of unknown IMEIs have no device and no organisation. */
export const rawLogs = tableOf(rawLog, {
  organisationIndex: false,
  columns: {
    // the order position forwarding reads frames in (server/forwarding/cursor.ts): the writing
    // transaction's id, then the row's number in it; set by defaults, so the gateway writes nothing more
    tx: xid8('tx')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  constraints: (t) => [
    index('raw_logs_imei_time_idx').on(t.imei, t.receivedAt),
    index('raw_logs_org_time_idx').on(t.organisationId, t.receivedAt),
    index('raw_logs_forward_idx').on(t.tx, t.seq),
  ],
});

export const items = tableOf(item);

/** Commands for a device, queued by the send-command and update-firmware actions; the gateway delivers them. */
export const deviceCommands = pgTable(
  'device_commands',
  {
    id: id(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    command: text('command').notNull(),
    status: text('status').notNull().default('QUEUED'),
    result: text('result'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** Remote address and port of the connection the gateway sent the command on. */
    sentToAddress: text('sent_to_address'),
  },
  (t) => [index('device_commands_device_idx').on(t.deviceId, t.status)],
);

/** Geofences assigned to a vehicle: entering or leaving one raises an event. */
export const vehicleGeofences = pgTable(
  'vehicle_geofences',
  {
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    geofenceId: uuid('geofence_id')
      .notNull()
      .references(() => geofences.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vehicle_geofences_pk').on(t.vehicleId, t.geofenceId),
    index('vehicle_geofences_geofence_idx').on(t.geofenceId),
  ],
);

/**
 * Decoded positions, written in batches by the gateway. Bigint ids: this is the largest table.
 * Partitioned by RANGE (fix_time), one partition per Asia/Kolkata month plus a DEFAULT one
 * (migration 0022; server/tracking/partitions.ts creates months ahead and drops expired ones),
 * hence the primary key carries fix_time.
 */
export const positions = tableOf(position, {
  columns: { id: bigserial('id', { mode: 'number' }).notNull() },
  constraints: (t) => [
    primaryKey({ columns: [t.id, t.fixTime] }),
    index('positions_device_time_idx').on(t.deviceId, t.fixTime),
  ],
});

/** Alerts and state changes: from the device's packet type, or derived (geofence, route). */
export const events = tableOf(eventLog, {
  columns: {
    // the organisation that held the device when the event arrived; reads scope by device history instead
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    /** The speed in attributes, as a column of its own for the index below (null when there is none). */
    speed: doublePrecision('speed').generatedAlwaysAs(
      sql`case when jsonb_typeof(attributes->'speed') = 'number' then (attributes->>'speed')::float8 end`,
    ),
    createdAt: createdAt(),
  },
  constraints: (t) => [
    index('events_org_time_idx').on(t.organisationId, t.eventTime),
    // type and speed as keys too: the event reports' totals and chart by type read the index alone
    index('events_device_time_idx').on(t.deviceId, t.eventTime, t.type, t.speed),
    // the event reports' first page, newest first (the reports sort nulls last, with the id breaking ties)
    index('events_time_idx').on(t.eventTime.desc().nullsLast(), t.id.desc().nullsFirst()),
  ],
});

/** A signed, expiring, revocable public link to a vehicle's live position or to a playback. */
export const shares = pgTable(
  'shares',
  {
    id: id(),
    kind: text('kind').notNull(),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    periodFrom: timestamp('period_from', { withTimezone: true }),
    periodTo: timestamp('period_to', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    createdAt: createdAt(),
  },
  (t) => [index('shares_vehicle_idx').on(t.vehicleId)],
);

/**
 * Each device's latest state, written by the gateway with every batch. A narrow table of its own
 * (one index, pages left half empty) so these constant updates stay HOT and cheap; on the wide,
 * search-indexed devices table they cost five times the rest of the ingest.
 */
export const deviceStates = pgTable('device_states', {
  deviceId: uuid('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  /** When the gateway last stored a frame from the device. */
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  /** The newest live position's decoded fields but its attributes (history frames never move it backwards). */
  lastPosition: jsonb('last_position'),
  /**
   * That position's attributes, as the positions row holds them. json, kept as written: read for
   * one vehicle at a time, they are not parsed into jsonb with every batch (docs/scaling.md).
   */
  lastAttributes: json('last_attributes'),
  /** The latest health frame: battery %, memory, update rates. */
  lastHealth: jsonb('last_health'),
  /** The earliest fix time stored since the summariser last read the device; null: nothing new. */
  summaryFrom: timestamp('summary_from', { withTimezone: true }),
  /**
   * How many positions the ingest stored since the summariser last claimed the device, counted
   * from the batch that set summary_from; null: not known (whoever else sets summary_from sets
   * this null), so the summariser reads the device's positions back from the database.
   */
  summaryCount: integer('summary_count'),
  /** The summariser (its recent fixes' token) that last claimed the device: another's claim consumed what this one holds. */
  summaryClaimedBy: uuid('summary_claimed_by'),
});

/**
 * SIM activation orders: raised for a device, approved and completed by its manufacturer.
 * At most one open (INITIATED or APPROVED) order per device, so edit/{device} names one order.
 */
export const simActivations = tableOf(simActivation, {
  columns: { requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }) },
  organisationIndex: false,
  constraints: (t) => [
    index('sim_activations_org_status_idx').on(t.organisationId, t.status, t.createdAt),
    index('sim_activations_status_created_idx').on(t.status, t.createdAt),
    uniqueIndex('sim_activations_open_device_idx')
      .on(t.deviceId)
      .where(sql`${t.status} in ('INITIATED', 'APPROVED')`),
  ],
});
