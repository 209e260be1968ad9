/** The tables of fitment (drizzle.config.ts reads this file beside schema.ts). */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';
import { tableOf } from './declared.ts';
import { users } from './schema.ts';
import rto from '../../resources/entities/rto.ts';
import fitment from '../../resources/entities/fitment.ts';
import renewalOrder from '../../resources/entities/renewal-order.ts';

/** The RTO catalogue (resources/entities/rto.ts). */
export const rtos = tableOf(rto, { constraints: (t) => [index('rtos_state_idx').on(t.state, t.code)] });

/** Fitments (resources/entities/fitment.ts): the spec's payload objects, and the flat columns resolved from them. */
export const fitments = tableOf(fitment, {
  columns: {
    fitterId: uuid('fitter_id').references(() => users.id, { onDelete: 'set null' }),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  organisationIndex: false,
  // a fitment is what a certificate stands on: its device, vehicle and customer cannot be deleted from under it
  constraints: (t) => [
    // one fitment per device: fitting it again is an edit of its record
    uniqueIndex('fitments_device_idx').on(t.deviceId),
    index('fitments_org_created_idx').on(t.organisationId, t.createdAt),
    index('fitments_status_idx').on(t.activationStatus, t.createdAt),
    index('fitments_vehicle_idx').on(t.vehicleId),
  ],
});

/**
 * Corrections of a fitment's certificate (PUT /certificate/{imei}): each change of one field is a
 * row (who, when, old and new value); the latest row of a field is the value the certificate shows.
 */
export const certificateCorrections = pgTable(
  'certificate_corrections',
  {
    id: id(),
    fitmentId: uuid('fitment_id')
      .notNull()
      .references(() => fitments.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    correctedBy: uuid('corrected_by').references(() => users.id, { onDelete: 'set null' }),
    correctedAt: timestamp('corrected_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('certificate_corrections_fitment_idx').on(t.fitmentId, t.field, t.correctedAt)],
);
/** Renewal orders of a fitment's subscription (resources/entities/renewal-order.ts, server/renewals/). */
export const renewalOrders = tableOf(renewalOrder, {
  columns: {
    confirmedBy: uuid('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  organisationIndex: false,
  constraints: (t) => [
    index('renewal_orders_fitment_idx').on(t.fitmentId, t.createdAt),
    index('renewal_orders_org_status_idx').on(t.organisationId, t.status, t.createdAt),
    check('renewal_orders_status_check', sql`${t.status} in ('PENDING', 'PAID')`),
    check('renewal_orders_duration_check', sql`${t.durationInDays} in (365, 730)`),
    check('renewal_orders_amount_check', sql`${t.amountPaise} > 0`),
  ],
});
