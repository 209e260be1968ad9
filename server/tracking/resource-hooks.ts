import { sql } from 'drizzle-orm';
import type { ResourceHooks } from '../resources/hooks.ts';
import type { ExtraFilters } from '../resources/list-query.ts';
import { MAX_EXPORT_PAGE } from '../resources/routes.ts';
import { isoParameter, uuidParameter } from './query-params.ts';

/**
 * What the history lists (resources/entities/position.ts and event-log.ts) take beyond their
 * declared fields: a period by ISO times, and positions by the device's IMEI or by the vehicle that
 * carries the device now. Their row scope (who held the device at the row's time) is declared
 * (`scope: 'device-history'`, server/resources/scope.ts). A page may be as large as an export's,
 * as the playback and the reports have always read them.
 */
/** A period by ISO times on a history table's time column. */
const periodFilters = (column: string): ExtraFilters => ({
  from: (value) => sql`t.${sql.identifier(column)} >= ${isoParameter('from', value)}::timestamptz`,
  to: (value) => sql`t.${sql.identifier(column)} <= ${isoParameter('to', value)}::timestamptz`,
});

export const positionHooks: ResourceHooks = {
  maxListPage: MAX_EXPORT_PAGE,
  extraFilters: {
    imei: (value) => sql`t.device_id = (select id from devices where imei = ${String(value)})`,
    vehicleId: (value) =>
      sql`t.device_id = (select device_id from vehicles where id = ${uuidParameter('vehicleId', value)}::uuid)`,
    ...periodFilters('fix_time'),
  },
};

export const eventLogHooks: ResourceHooks = {
  maxListPage: MAX_EXPORT_PAGE,
  extraFilters: periodFilters('event_time'),
};
