/** SOS cases: an SOS alert open until a user acknowledges it, and how far it has been escalated (docs/notifications.md, "SOS"). */
import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { devices, organisations, users, vehicles } from './schema.ts';

/**
 * Opened in the transaction that stores an SOS event (server/gateway/frame-rows.ts, insertEvents),
 * one open case per device: a repeated SOS while it is open joins it. Closed only by a user's
 * acknowledgement; until then the sweep (server/sos/escalation.ts) escalates it every N minutes.
 */
export const sosCases = pgTable(
  'sos_cases',
  {
    id: id(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    vehicleId: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    /** The organisation that held the device when the SOS arrived: whose contacts and parents are told. */
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** The SOS event that opened the case (no foreign key: old events are pruned, the case stays). */
    eventId: bigint('event_id', { mode: 'number' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** When the device sent SOS_CLEARED (the button released); the case stays open until acknowledged. */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** How many times it has been escalated (0: only the organisation's own consoles know). */
    escalationLevel: integer('escalation_level').notNull().default(0),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    /** When the sweep escalates it next; null once acknowledged or when nobody is left above. */
    nextEscalationAt: timestamp('next_escalation_at', { withTimezone: true }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: uuid('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sos_cases_open_device_idx')
      .on(t.deviceId)
      .where(sql`acknowledged_at is null`),
    index('sos_cases_due_idx')
      .on(t.nextEscalationAt)
      .where(sql`acknowledged_at is null`),
    index('sos_cases_device_opened_idx').on(t.deviceId, t.openedAt),
  ],
);
