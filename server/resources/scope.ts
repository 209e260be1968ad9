import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../auth/caller.ts';
import { SUPER_ADMIN } from '../../providers/permissions.ts';
import type { ResourceDeclaration } from '../../resources/define.ts';
import { id } from './sql.ts';

export const isSuperAdmin = (caller: Caller) => caller.roleName === SUPER_ADMIN;

const subtree = (callerPath: string) => sql`select o.id from organisations o where o.path like ${`${callerPath}%`}`;

/**
 * The tenancy rule for a declared resource: which rows a caller may see (`read`) or change
 * (`write`). Rows shared by everyone (built-in roles) are read-only for all but SUPER_ADMIN.
 */
export function scopeCondition(resource: ResourceDeclaration, caller: Caller, mode: 'read' | 'write', alias = 't'): SQL | undefined {
  if (isSuperAdmin(caller) || resource.scope === 'global') return undefined;
  if (resource.scope === 'organisation-tree') {
    return sql`${id(alias)}.${id('path')} like ${`${caller.organisationPath}%`}`;
  }
  const owned = sql`${id(alias)}.${id('organisation_id')} in (${subtree(caller.organisationPath)})`;
  if (resource.sharedWhenUnowned && mode === 'read') return sql`(${owned} or ${id(alias)}.${id('organisation_id')} is null)`;
  return owned;
}

/** Whether an organisation id lies in the caller's tree (SUPER_ADMIN: whether it exists). */
export function organisationVisible(caller: Caller, organisationId: string): SQL {
  return isSuperAdmin(caller)
    ? sql`select 1 from organisations o where o.id = ${organisationId}::uuid`
    : sql`select 1 from organisations o where o.id = ${organisationId}::uuid and o.path like ${`${caller.organisationPath}%`}`;
}
