import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../auth/caller.ts';
import { columnOf, type ResourceDeclaration } from '../../resources/define.ts';
import { id } from './sql.ts';
import type { Db } from '../db/client.ts';
import { inOrganisationTree, isInOrganisationTree } from '../organisations/scope.ts';
import { heldByCaller } from '../tracking/ownership.ts';

/** Decided by the role's flag, never by its name: anyone can name a role anything. */
export const isSuperAdmin = (caller: Caller) => caller.isSuperAdmin;

/**
 * The tenancy rule for a declared resource: which rows a caller may see (`read`) or change
 * (`write`). Rows shared by everyone (built-in roles) are read-only for all but SUPER_ADMIN.
 */
export function scopeCondition(
  resource: ResourceDeclaration,
  caller: Caller,
  mode: 'read' | 'write',
  alias = 't',
): SQL | undefined {
  if (resource.scope === 'device-history') return deviceHistoryCondition(resource, caller, mode, alias);
  if (isSuperAdmin(caller) || resource.scope === 'global') return undefined;
  if (resource.scope === 'organisation-tree') {
    return sql`${id(alias)}.${id('path')} like ${`${caller.organisationPath}%`}`;
  }
  const owned = inOrganisationTree(sql`${id(alias)}.${id('organisation_id')}`, caller.organisationPath);
  if (resource.sharedWhenUnowned && mode === 'read')
    return sql`(${owned} or ${id(alias)}.${id('organisation_id')} is null)`;
  return owned;
}

/**
 * A device's history (positions, alerts) moves with the device only from the day it moved: a row is
 * read by whoever held its device at the row's time (heldByCaller, docs/security.md), never by the
 * organisation stamped on it on arrival. Nobody changes history through the API.
 */
function deviceHistoryCondition(
  resource: ResourceDeclaration,
  caller: Caller,
  mode: 'read' | 'write',
  alias: string,
): SQL {
  if (mode === 'write') return sql`false`;
  const column = (name: string) => sql`${id(alias)}.${id(columnOf(name, resource.fields[name]!))}`;
  if (!resource.history) throw new Error(`${resource.name} has the device-history scope but names no history fields`);
  return heldByCaller(caller, column(resource.history.device), column(resource.history.time));
}

/** The scope as a fragment to append to a where clause: ` and (condition)`, or nothing for SUPER_ADMIN and global resources. */
export function andInScope(resource: ResourceDeclaration, caller: Caller, mode: 'read' | 'write', alias = 't'): SQL {
  const condition = scopeCondition(resource, caller, mode, alias);
  return condition ? sql` and ${condition}` : sql``;
}

/** Whether the caller may put rows in an organisation: one of their tree (SUPER_ADMIN: any that exists). */
export async function canUseOrganisation(db: Db, caller: Caller, organisationId: string): Promise<boolean> {
  return isInOrganisationTree(db, organisationId, isSuperAdmin(caller) ? '/' : caller.organisationPath);
}
