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

/**
 * The stretches of time the caller may read each device's history (p: device_id, valid_from,
 * valid_to, never null): their organisations' periods, with overlapping ones merged (a dealer's
 * device in its customer's truck has the dealer's period and the vehicle's at once), so that no
 * instant of a device falls in two stretches.
 */
function heldStretches(organisationPath: string): SQL {
  return sql`(select device_id, min(valid_from) as valid_from, max(valid_to) as valid_to
    from (select device_id, valid_from, valid_to,
        count(*) filter (where starts) over (partition by device_id order by valid_from, valid_to) as stretch
      from (select device_id, valid_from, coalesce(valid_to, 'infinity') as valid_to,
          valid_from > coalesce(max(coalesce(valid_to, 'infinity')) over (partition by device_id order by valid_from, coalesce(valid_to, 'infinity')
            rows between unbounded preceding and 1 preceding), '-infinity') as starts
        from device_ownership_periods where ${inOrganisationTree(sql`organisation_id`, organisationPath)}) periods
    ) numbered group by device_id, stretch offset 0) p`;
}

/**
 * A device-history table as `<table> t`, holding only the rows the caller may read (heldByCaller),
 * written as a join from the caller's stretches of time: each reads its device's rows by the
 * (device_id, time) index, where a per-row check would visit every row of the period. SUPER_ADMIN
 * reads the whole table.
 */
export function heldHistory(caller: Caller, table: 'events', time: 'event_time'): SQL {
  const history = sql`${sql.identifier(table)} t`;
  if (isSuperAdmin(caller)) return history;
  const at = sql`t.${sql.identifier(time)}`;
  return sql`${heldStretches(caller.organisationPath)} join ${history} on t.device_id = p.device_id
    and ${at} >= p.valid_from and ${at} < p.valid_to`;
}
