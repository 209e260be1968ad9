/** Public centre listings and the debug page's temporary devices (drizzle.config.ts reads this file beside schema.ts). */
import {
  boolean,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { organisations, users } from './schema.ts';

/**
 * What an organisation publishes on the SSC and RFC viewers. Nothing is public without a row
 * here listing it as one kind or the other, and only this row's fields (plus the organisation's
 * trade name and the chosen contacts' names and phones) ever leave the server.
 */
export const centreListings = pgTable(
  'centre_listings',
  {
    organisationId: uuid('organisation_id')
      .primaryKey()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    isSsc: boolean('is_ssc').notNull().default(false),
    isRfc: boolean('is_rfc').notNull().default(false),
    address: text('address').notNull().default(''),
    district: text('district').notNull().default(''),
    state: text('state').notNull().default(''),
    phone: text('phone'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Users of the organisation who opted in as the RFC listing's public contacts (name and phone). */
    contactUserIds: jsonb('contact_user_ids').$type<string[]>().notNull().default([]),
    updatedAt: updatedAt(),
  },
  (t) => [index('centre_listings_state_district_idx').on(t.state, t.district)],
);

/**
 * A temporary device of the debug page: an IMEI whose frames an administrator watches for 24 hours
 * (expiresAt null once kept). Not a row of devices, so no tenant's list, search or count sees it.
 */
export const ephemeralDevices = pgTable(
  'ephemeral_devices',
  {
    id: id(),
    imei: text('imei').notNull(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ephemeral_devices_imei_idx').on(t.imei),
    index('ephemeral_devices_organisation_idx').on(t.organisationId),
    index('ephemeral_devices_expires_idx').on(t.expiresAt),
  ],
);
