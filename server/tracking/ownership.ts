import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../auth/caller.ts';
import { isSuperAdmin } from '../resources/scope.ts';
import { inOrganisationTree } from '../organisations/scope.ts';

/**
 * Whether the device was held, at `time`, by an organisation in the tree at `organisationPath`
 * (device_ownership_periods): a device's history moves with it only from the day it moved.
 */
export function heldInTree(deviceId: SQL, time: SQL, organisationPath: string): SQL {
  return sql`exists (select 1 from device_ownership_periods p where p.device_id = ${deviceId}
    and p.valid_from <= ${time} and (p.valid_to is null or ${time} < p.valid_to)
    and ${inOrganisationTree(sql`p.organisation_id`, organisationPath)})`;
}

/** The history rows (a device id and a time) the caller may read: those of their organisations' periods; SUPER_ADMIN all. */
export function heldByCaller(caller: Caller, deviceId: SQL, time: SQL): SQL {
  return isSuperAdmin(caller) ? sql`true` : heldInTree(deviceId, time, caller.organisationPath);
}
