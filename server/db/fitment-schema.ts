/** The tables of fitment (drizzle.config.ts reads this file beside schema.ts). */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { devices, organisations, users, vehicles } from './schema.ts';

/** The RTO catalogue (resources/entities/rto.ts). */
export const rtos = pgTable('rtos', {
  id: id(),
  state: text('state').notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('rtos_code_idx').on(t.code),
  index('rtos_state_idx').on(t.state, t.code),
]);

/** Fitments (resources/entities/fitment.ts): the spec's payload objects, and the flat columns resolved from them. */
export const fitments = pgTable('fitments', {
  id: id(),
  vehicle: jsonb('vehicle').$type<Record<string, unknown>>().notNull(),
  device: jsonb('device').$type<Record<string, unknown>>().notNull(),
  customer: jsonb('customer').$type<Record<string, unknown>>().notNull(),
  fitter: jsonb('fitter').$type<Record<string, unknown>>(),
  fitmentDate: timestamp('fitment_date', { withTimezone: true }).notNull(),
  durationInDays: integer('duration_in_days').notNull(),
  deviceActivate: boolean('device_activate').notNull().default(true),
  imei: text('imei').notNull(),
  registrationNumber: text('registration_number').notNull(),
  customerName: text('customer_name').notNull(),
  customerPhone: text('customer_phone').notNull(),
  activationStatus: text('activation_status').notNull().default('INACTIVE'),
  expiresOn: timestamp('expires_on', { withTimezone: true }).notNull(),
  // a fitment is what a certificate stands on: its device, vehicle and customer cannot be deleted from under it
  deviceId: uuid('device_id').notNull().references(() => devices.id),
  vehicleId: uuid('vehicle_id').notNull().references(() => vehicles.id),
  customerId: uuid('customer_id').notNull().references(() => users.id),
  fitterId: uuid('fitter_id').references(() => users.id, { onDelete: 'set null' }),
  approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
  approvedAt: timestamp('approved_at', { withTimezone: true }),
  organisationId: uuid('organisation_id').notNull().references(() => organisations.id),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  // one fitment per device: fitting it again is an edit of its record
  uniqueIndex('fitments_device_idx').on(t.deviceId),
  index('fitments_org_created_idx').on(t.organisationId, t.createdAt),
  index('fitments_status_idx').on(t.activationStatus, t.createdAt),
  index('fitments_vehicle_idx').on(t.vehicleId),
]);

/**
 * Corrections of a fitment's certificate (PUT /certificate/{imei}): each change of one field is a
 * row (who, when, old and new value); the latest row of a field is the value the certificate shows.
 */
export const certificateCorrections = pgTable('certificate_corrections', {
  id: id(),
  fitmentId: uuid('fitment_id').notNull().references(() => fitments.id, { onDelete: 'cascade' }),
  field: text('field').notNull(),
  oldValue: text('old_value'),
  newValue: text('new_value'),
  correctedBy: uuid('corrected_by').references(() => users.id, { onDelete: 'set null' }),
  correctedAt: timestamp('corrected_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('certificate_corrections_fitment_idx').on(t.fitmentId, t.field, t.correctedAt)]);
/** Renewal orders of a fitment's subscription (resources/entities/renewal-order.ts, server/renewals/). */
export const renewalOrders = pgTable('renewal_orders', {
  id: id(),
  /** What the payer quotes with the payment: RNW- and 8 characters. */
  reference: text('reference').notNull(),
  fitmentId: uuid('fitment_id').notNull().references(() => fitments.id),
  imei: text('imei').notNull(),
  registrationNumber: text('registration_number').notNull(),
  durationInDays: integer('duration_in_days').notNull(),
  amountPaise: integer('amount_paise').notNull(),
  provider: text('provider').notNull(),
  status: text('status').notNull().default('PENDING'),
  /** The fitment's expiry when the order was made, then when it was confirmed; and the expiry the confirmation set. */
  expiresBefore: timestamp('expires_before', { withTimezone: true }).notNull(),
  expiresAfter: timestamp('expires_after', { withTimezone: true }),
  /** The payer's UTR / transaction number, or the wallet transaction's reference. */
  paymentReference: text('payment_reference'),
  confirmedBy: uuid('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  organisationId: uuid('organisation_id').notNull().references(() => organisations.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('renewal_orders_reference_idx').on(t.reference),
  index('renewal_orders_fitment_idx').on(t.fitmentId, t.createdAt),
  index('renewal_orders_org_status_idx').on(t.organisationId, t.status, t.createdAt),
  check('renewal_orders_status_check', sql`${t.status} in ('PENDING', 'PAID')`),
  check('renewal_orders_duration_check', sql`${t.durationInDays} in (365, 730)`),
  check('renewal_orders_amount_check', sql`${t.amountPaise} > 0`),
]);
