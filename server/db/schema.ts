import { sql } from 'drizzle-orm';
import { bigserial, boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AuthScope } from '../../core/permissions.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { MOTION_SQL } from '../tracking/status.ts';

export interface Address { country?: string; landmark?: string; pin?: string; city?: string; state?: string }

export const organisations = pgTable('organisations', {
  id: id(),
  parentId: uuid('parent_id'),
  /** Materialised path of ids, '/root/child/', so a subtree is one LIKE on an index. */
  path: text('path').notNull(),
  tradeName: text('trade_name').notNull(),
  brandName: text('brand_name').notNull(),
  contact: text('contact'),
  email: text('email'),
  address: jsonb('address').$type<Address>().notNull().default({}),
  attributes: jsonb('attributes').$type<Record<string, unknown>>().notNull().default({}),
  gst: text('gst'),
  isOnboarded: boolean('is_onboarded').notNull().default(false),
  deleted: boolean('deleted').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('organisations_path_idx').on(t.path), index('organisations_parent_idx').on(t.parentId)]);

export const roles = pgTable('roles', {
  id: id(),
  name: text('name').notNull(),
  authScopes: jsonb('auth_scopes').$type<AuthScope[]>().notNull().default([]),
  /** null for the built-in roles every organisation shares. */
  organisationId: uuid('organisation_id').references(() => organisations.id),
  isSystem: boolean('is_system').notNull().default(false),
  /** Set by the seed on the built-in SUPER_ADMIN role alone: this flag, never a name, passes every check. */
  isSuperAdmin: boolean('is_super_admin').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('roles_name_org_idx').on(t.name, sql`coalesce(${t.organisationId}, '00000000-0000-0000-0000-000000000000'::uuid)`)]);

export const users = pgTable('users', {
  id: id(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull().default(''),
  email: text('email'),
  phone: text('phone'),
  passwordHash: text('password_hash').notNull(),
  roleId: uuid('role_id').notNull().references(() => roles.id),
  organisationId: uuid('organisation_id').notNull().references(() => organisations.id),
  isEnabled: boolean('is_enabled').notNull().default(true),
  avatar: text('avatar'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('users_email_idx').on(sql`lower(${t.email})`),
  uniqueIndex('users_phone_idx').on(t.phone),
  index('users_org_idx').on(t.organisationId),
]);

export const refreshTokens = pgTable('refresh_tokens', {
  id: id(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  familyId: uuid('family_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.familyId)]);

/** Failed sign-ins per account, whichever username (e-mail or phone) was typed; unknown names leave no row. */
export const loginThrottle = pgTable('login_throttle', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

export const passwordResets = pgTable('password_resets', {
  id: id(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  otpTokenHash: text('otp_token_hash').notNull(),
  otpHash: text('otp_hash').notNull(),
  linkTokenHash: text('link_token_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('password_resets_otp_token_idx').on(t.otpTokenHash), uniqueIndex('password_resets_link_idx').on(t.linkTokenHash)]);

/** Messages waiting for an SMTP/SMS sender (or an operator) to deliver them. */
export const outbox = pgTable('outbox', {
  id: id(),
  channel: text('channel').notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

/** Key material created on first start and shared by every process on the database. */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** The catalogue of tracker models, shared by every organisation. */
export const deviceModels = pgTable('device_models', {
  id: id(),
  name: text('name').notNull(),
  manufacturer: text('manufacturer'),
  protocol: text('protocol').notNull().default('AIS140'),
  tac: text('tac'),
  description: text('description'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('device_models_name_idx').on(t.name)]);

export const vehicleGroups = pgTable('vehicle_groups', {
  id: id(),
  name: text('name').notNull(),
  description: text('description'),
  organisationId: uuid('organisation_id').notNull().references(() => organisations.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('vehicle_groups_org_idx').on(t.organisationId)]);

export const devices = pgTable('devices', {
  id: id(),
  imei: text('imei').notNull(),
  iccid: text('iccid'),
  eSimProvider: text('e_sim_provider'),
  name: text('name'),
  uid: text('uid'),
  status: text('status').notNull().default('NEW'),
  modelId: uuid('model_id').references(() => deviceModels.id),
  firmwareVersion: text('firmware_version'),
  sim1: text('sim1'),
  sim2: text('sim2'),
  active: boolean('active').notNull().default(true),
  organisationId: uuid('organisation_id').notNull().references(() => organisations.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('devices_imei_idx').on(t.imei),
  uniqueIndex('devices_iccid_idx').on(t.iccid),
  index('devices_org_status_imei_idx').on(t.organisationId, t.status, t.imei),
  index('devices_status_imei_idx').on(t.status, t.imei),
]);

export const vehicles = pgTable('vehicles', {
  id: id(),
  name: text('name').notNull(),
  registrationNumber: text('registration_number').notNull(),
  category: text('category').notNull(),
  make: text('make'),
  model: text('model'),
  engineNo: text('engine_no'),
  chassisNo: text('chassis_no'),
  ownerId: uuid('owner_id').references(() => users.id),
  deviceId: uuid('device_id').references(() => devices.id),
  groupId: uuid('group_id').references(() => vehicleGroups.id),
  isTrackingActivated: boolean('is_tracking_activated').notNull().default(false),
  /** The planned route the vehicle should keep to; leaving it raises a route-violation event. */
  routeId: uuid('route_id').references(() => routes.id, { onDelete: 'set null' }),
  organisationId: uuid('organisation_id').notNull().references(() => organisations.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('vehicles_registration_idx').on(t.registrationNumber),
  uniqueIndex('vehicles_device_idx').on(t.deviceId),
  index('vehicles_org_category_registration_idx').on(t.organisationId, t.category, t.registrationNumber), // the list's filter and order
  index('vehicles_category_registration_idx').on(t.category, t.registrationNumber),
]);

const owned = () => uuid('organisation_id').notNull().references(() => organisations.id);

/** GeoJSON geometries are kept as jsonb: PGlite has no PostGIS, and the maths is done in code. */
export const routes = pgTable('routes', {
  id: id(),
  name: text('name').notNull(),
  description: text('description'),
  line: jsonb('line'),
  // null: the organisation's routeDeviationMeters applies
  toleranceMeters: integer('tolerance_meters'),
  organisationId: owned(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('routes_org_idx').on(t.organisationId)]);

export const adminDivisions = pgTable('admin_divisions', {
  id: id(),
  name: text('name').notNull(),
  code: text('code'),
  kind: text('kind').notNull(),
  parentId: uuid('parent_id'),
  organisationId: owned(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('admin_divisions_org_idx').on(t.organisationId), index('admin_divisions_parent_idx').on(t.parentId)]);

export const jobSchedules = pgTable('job_schedules', {
  id: id(),
  name: text('name').notNull(),
  vehicleId: uuid('vehicle_id').notNull().references(() => vehicles.id),
  routeId: uuid('route_id').references(() => routes.id),
  department: text('department'),
  isRecurring: boolean('is_recurring').notNull().default(false),
  frequency: text('frequency'),
  startDate: timestamp('start_date', { withTimezone: true }).notNull(),
  endDate: timestamp('end_date', { withTimezone: true }),
  /** The ward whose collection points the job visits; none: every point of its organisation (docs/reports.md). */
  wardId: uuid('ward_id').references(() => adminDivisions.id, { onDelete: 'set null' }),
  organisationId: owned(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('job_schedules_org_idx').on(t.organisationId)]);

export const pointsOfInterest = pgTable('points_of_interest', {
  id: id(),
  name: text('name').notNull(),
  description: text('description'),
  location: jsonb('location').notNull(),
  radiusMeters: integer('radius_meters').notNull().default(50),
  /** Collection points (docs/reports.md): QR, RFID or NONE; HOUSEHOLD or BIN; the WARD they belong to. */
  tagType: text('tag_type'),
  kind: text('kind'),
  wardId: uuid('ward_id').references(() => adminDivisions.id, { onDelete: 'set null' }),
  organisationId: owned(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('points_of_interest_org_idx').on(t.organisationId), index('points_of_interest_ward_idx').on(t.wardId)]);

export const geofences = pgTable('geofences', {
  id: id(),
  name: text('name').notNull(),
  type: text('type').notNull(),
  area: jsonb('area').notNull(),
  radiusMeters: integer('radius_meters'),
  organisationId: owned(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('geofences_org_idx').on(t.organisationId)]);

/** Every frame the gateway receives; frames of unknown IMEIs have no device and no organisation. */
export const rawLogs = pgTable('raw_logs', {
  id: id(),
  imei: text('imei'),
  deviceId: uuid('device_id').references(() => devices.id, { onDelete: 'set null' }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  frame: text('frame').notNull(),
  parseResult: text('parse_result').notNull(),
  message: text('message'),
  organisationId: uuid('organisation_id').references(() => organisations.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('raw_logs_imei_time_idx').on(t.imei, t.receivedAt), index('raw_logs_org_time_idx').on(t.organisationId, t.receivedAt)]);

export const items = pgTable('items', {
  id: id(),
  name: text('name').notNull(),
  code: text('code'),
  tagType: text('tag_type'),
  quantity: integer('quantity').notNull().default(1),
  status: text('status').notNull().default('IN_STOCK'),
  returnReason: text('return_reason'),
  vehicleId: uuid('vehicle_id').references(() => vehicles.id),
  organisationId: owned(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('items_code_idx').on(t.code), index('items_org_idx').on(t.organisationId)]);

/** Commands for a device, queued by the send-command and update-firmware actions; the gateway delivers them. */
export const deviceCommands = pgTable('device_commands', {
  id: id(),
  deviceId: uuid('device_id').notNull().references(() => devices.id, { onDelete: 'cascade' }),
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
}, (t) => [index('device_commands_device_idx').on(t.deviceId, t.status)]);

/** Geofences assigned to a vehicle: entering or leaving one raises an event. */
export const vehicleGeofences = pgTable('vehicle_geofences', {
  vehicleId: uuid('vehicle_id').notNull().references(() => vehicles.id, { onDelete: 'cascade' }),
  geofenceId: uuid('geofence_id').notNull().references(() => geofences.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('vehicle_geofences_pk').on(t.vehicleId, t.geofenceId), index('vehicle_geofences_geofence_idx').on(t.geofenceId)]);

/**
 * Decoded positions, written in batches by the gateway. Bigint ids: this is the largest table.
 * Partitioned by RANGE (fix_time), one partition per Asia/Kolkata month plus a DEFAULT one
 * (migration 0022; server/tracking/partitions.ts creates months ahead and drops expired ones),
 * hence the primary key carries fix_time.
 */
export const positions = pgTable('positions', {
  id: bigserial('id', { mode: 'number' }).notNull(),
  deviceId: uuid('device_id').notNull().references(() => devices.id, { onDelete: 'cascade' }),
  fixTime: timestamp('fix_time', { withTimezone: true }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  speed: real('speed').notNull().default(0),
  heading: real('heading').notNull().default(0),
  altitude: real('altitude'),
  satellites: integer('satellites'),
  ignition: boolean('ignition'),
  gpsFix: boolean('gps_fix').notNull().default(true),
  live: boolean('live').notNull().default(true),
  packetType: text('packet_type').notNull(),
  /** Every other decoded field of the frame (voltages, cells, inputs, vendor id...). */
  attributes: jsonb('attributes').notNull().default({}),
}, (t) => [primaryKey({ columns: [t.id, t.fixTime] }), index('positions_device_time_idx').on(t.deviceId, t.fixTime)]);

/** Alerts and state changes: from the device's packet type, or derived (geofence, route). */
export const events = pgTable('events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  type: text('type').notNull(),
  deviceId: uuid('device_id').notNull().references(() => devices.id, { onDelete: 'cascade' }),
  vehicleId: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
  organisationId: uuid('organisation_id').notNull().references(() => organisations.id),
  eventTime: timestamp('event_time', { withTimezone: true }).notNull(),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  attributes: jsonb('attributes').notNull().default({}),
  /** The speed in attributes, as a column of its own for the index below (null when there is none). */
  speed: doublePrecision('speed').generatedAlwaysAs(sql`case when jsonb_typeof(attributes->'speed') = 'number' then (attributes->>'speed')::float8 end`),
  createdAt: createdAt(),
}, (t) => [
  index('events_org_time_idx').on(t.organisationId, t.eventTime),
  // type and speed as keys too: the event reports' totals and chart by type read the index alone
  index('events_device_time_idx').on(t.deviceId, t.eventTime, t.type, t.speed),
  // the event reports' first page, newest first (the reports sort nulls last, with the id breaking ties)
  index('events_time_idx').on(t.eventTime.desc().nullsLast(), t.id.desc().nullsFirst()),
]);

/** A signed, expiring, revocable public link to a vehicle's live position or to a playback. */
export const shares = pgTable('shares', {
  id: id(),
  kind: text('kind').notNull(),
  vehicleId: uuid('vehicle_id').notNull().references(() => vehicles.id, { onDelete: 'cascade' }),
  periodFrom: timestamp('period_from', { withTimezone: true }),
  periodTo: timestamp('period_to', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  organisationId: uuid('organisation_id').notNull().references(() => organisations.id),
  createdAt: createdAt(),
}, (t) => [index('shares_vehicle_idx').on(t.vehicleId)]);

/**
 * Each device's latest state, written by the gateway with every batch. A narrow table of its own
 * (one index, pages left half empty) so these constant updates stay HOT and cheap; on the wide,
 * search-indexed devices table they cost five times the rest of the ingest.
 */
export const deviceStates = pgTable('device_states', {
  deviceId: uuid('device_id').primaryKey().references(() => devices.id, { onDelete: 'cascade' }),
  /** When the gateway last stored a frame from the device. */
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  /** The newest live position's decoded fields (history frames never move it backwards). */
  lastPosition: jsonb('last_position'),
  /** The latest health frame: battery %, memory, update rates. */
  lastHealth: jsonb('last_health'),
  /** The earliest fix time stored since the summariser last read the device; null: nothing new. */
  summaryFrom: timestamp('summary_from', { withTimezone: true }),
  /** running, idle or stopped from the last position (null without one): the state rule's half kept here, server/tracking/status.ts. */
  motion: text('motion', { enum: ['running', 'idle', 'stopped'] }).generatedAlwaysAs(sql.raw(MOTION_SQL)),
});

/**
 * SIM activation orders: raised for a device, approved and completed by its manufacturer.
 * At most one open (INITIATED or APPROVED) order per device, so edit/{device} names one order.
 */
export const simActivations = pgTable('sim_activations', {
  id: id(),
  imei: text('imei').notNull(),
  uid: text('uid'),
  deviceId: uuid('device_id').notNull().references(() => devices.id, { onDelete: 'cascade' }),
  ips: jsonb('ips').$type<string[]>().notNull(),
  numbers: jsonb('numbers').$type<string[]>().notNull(),
  durationInDays: integer('duration_in_days').notNull(),
  status: text('status').notNull().default('INITIATED'),
  manufacturerId: uuid('manufacturer_id').references(() => organisations.id),
  attributes: jsonb('attributes').$type<Record<string, unknown>>().notNull().default({}),
  organisationId: uuid('organisation_id').notNull().references(() => organisations.id),
  requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index('sim_activations_org_status_idx').on(t.organisationId, t.status, t.createdAt),
  index('sim_activations_status_created_idx').on(t.status, t.createdAt),
  uniqueIndex('sim_activations_open_device_idx').on(t.deviceId).where(sql`${t.status} in ('INITIATED', 'APPROVED')`),
]);
