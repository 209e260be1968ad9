import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Caller } from '../auth/caller.ts';
import deviceResource from '../../resources/entities/device.ts';
import { SIM_ORDER_STATUSES } from '../../resources/entities/sim-activation.ts';
import { badRequest, HttpError } from '../http/errors.ts';
import type { ResourceHooks } from '../resources/hooks.ts';
import { said } from '../resources/messages.ts';
import { andInScope } from '../resources/scope.ts';
import { query } from '../resources/sql.ts';
import { choiceCondition, choiceList } from '../resources/list-query.ts';
import { simActivationRoutes } from './routes.ts';

interface OrderDevice {
  id: string;
  uid: string | null;
  organisationId: string;
  path: string;
}

/** The device an IMEI names, if the caller may see it. */
export async function visibleDeviceByImei(db: Db, caller: Caller, imei: string): Promise<OrderDevice | undefined> {
  const [device] = await query<OrderDevice>(
    db,
    sql`select t.id, t.uid, t.organisation_id as "organisationId", o.path
    from devices t join organisations o on o.id = t.organisation_id
    where t.imei = ${imei}${andInScope(deviceResource, caller, 'read')}`,
  );
  return device;
}

/**
 * The device's manufacturer: the organisation just below the platform's root in the chain of
 * the device's holder (makers sit there, their distributors, dealers and customers below them).
 * docs/sim-activation.md explains the choice.
 */
export function manufacturerOf(organisationPath: string): string {
  const chain = organisationPath.split('/').filter(Boolean);
  return chain[1] ?? chain[0]!;
}

export const simActivationHooks: ResourceHooks = {
  listReads: [],
  // the spec's query parameters: ?simStatus=INITIATED&organisation={id}
  extraFilters: {
    simStatus: (value) => choiceCondition(sql`t.status`, choiceList('simStatus', value, SIM_ORDER_STATUSES)),
    organisation: (value) => {
      if (typeof value !== 'string' || !/^[0-9a-f-]{36}$/i.test(value))
        throw badRequest(said('api.list.filterOrganisation'));
      return sql`t.organisation_id = ${value}::uuid`;
    },
  },

  /** An order is raised for a device the caller can see, with no other order open; it starts INITIATED. */
  async beforeCreate(ctx, columns, body) {
    const device = await visibleDeviceByImei(ctx.db, ctx.caller, String(body.imei));
    if (!device) throw badRequest(said('sim.deviceNotFound'), { imei: said('sim.deviceNotFound') });
    const [open] = await query(
      ctx.db,
      sql`select 1 from sim_activations where device_id = ${device.id}::uuid and status in ('INITIATED', 'APPROVED')`,
    );
    if (open) throw new HttpError(409, said('sim.alreadyOpen'), { imei: said('sim.alreadyOpen') });
    columns.set('device_id', sql`${device.id}::uuid`);
    columns.set('uid', sql`${device.uid}`);
    columns.set('status', sql`'INITIATED'`);
    columns.set('manufacturer_id', sql`${manufacturerOf(device.path)}::uuid`);
    columns.set('requested_by', sql`${ctx.caller.userId}::uuid`);
    // the order belongs with the device unless the caller names an organisation of theirs
    if (body.organisationId === undefined || body.organisationId === null)
      columns.set('organisation_id', sql`${device.organisationId}::uuid`);
  },

  routes: simActivationRoutes,
};
