import type { ResourceHooks, WriteContext } from '../resources/hooks.ts';
import { query } from '../resources/sql.ts';
import { sql } from 'drizzle-orm';
import { linkDevice } from './tracked-from.ts';

/** Writes that set the vehicle's device, with the device it held before. */
const linking = new WeakMap<WriteContext, { was: string | null }>();

/**
 * A vehicle created or edited with a device links it through the one function (linkDevice), which
 * sets from when the vehicle's figures count; a vehicle deleted lets its device go.
 */
export const vehicleHooks: ResourceHooks = {
  async beforeCreate(ctx, columns) {
    if (columns.has('device_id')) linking.set(ctx, { was: null });
  },
  async beforeUpdate(ctx, existing, columns) {
    if (columns.has('device_id')) linking.set(ctx, { was: (existing.deviceId as string | null) ?? null });
  },
  async afterWrite(ctx, id) {
    const link = linking.get(ctx);
    if (!link) return;
    linking.delete(ctx);
    const [row] = await query<{ deviceId: string | null }>(
      ctx.db,
      sql`select device_id as "deviceId" from vehicles where id = ${id}::uuid`,
    );
    await linkDevice(ctx.db, id, row?.deviceId ?? null, { was: link.was });
  },
  async beforeDelete(ctx, existing) {
    if (existing.deviceId) await linkDevice(ctx.db, existing.id as string, null);
  },
};
