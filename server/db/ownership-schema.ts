/** Who held what, when, and who stored what: device ownership periods and uploads (drizzle.config.ts reads this file beside schema.ts). */
import { bigserial, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { devices, organisations, users, vehicles } from './schema.ts';

/**
 * Which organisation held a device when: [validFrom, validTo), validTo null while it still does.
 * Written only by the devices_ownership_periods trigger (migration 0013) whenever a device is
 * created or its organisation changes; history reads show an organisation only its own periods.
 */
export const deviceOwnershipPeriods = pgTable(
  'device_ownership_periods',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    // an organisation's deletion takes its periods along: that stretch of history is then no one's but SUPER_ADMIN's
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }),
    /** Set when the period is a vehicle's: its organisation read the device's history while the device was fitted to it. */
    vehicleId: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'cascade' }),
  },
  (t) => [index('device_ownership_periods_device_idx').on(t.deviceId, t.validFrom)],
);

/** Every stored upload, who stored it and its size: the per-user and per-organisation quotas are sums over it. */
export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    url: text('url').notNull(),
    bytes: integer('bytes').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('uploads_user_created_idx').on(t.userId, t.createdAt),
    index('uploads_organisation_idx').on(t.organisationId),
  ],
);
