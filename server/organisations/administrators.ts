import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { query } from '../resources/sql.ts';
import { flattenAuthScopes, hasAdministration, type AuthScope } from '../../core/permissions.ts';

export interface Administrator {
  email: string | null;
  phone: string | null;
}

/**
 * The enabled users of the organisation itself who administer it: their role may manage its users
 * or roles (core/permissions.ts hasAdministration), or is the super admin's. Decided by permission
 * ids, never by a role's name; oldest account first.
 */
export async function administratorsOf(db: Db, organisationId: string): Promise<Administrator[]> {
  const rows = await query<Administrator & { superAdmin: boolean; scopes: AuthScope[] }>(
    db,
    sql`select u.email, u.phone, r.is_super_admin as "superAdmin", r.auth_scopes as scopes
      from users u join roles r on r.id = u.role_id
      where u.organisation_id = ${organisationId}::uuid and u.is_enabled order by u.created_at`,
  );
  return rows
    .filter((r) => r.superAdmin || hasAdministration(flattenAuthScopes(r.scopes)))
    .map(({ email, phone }) => ({ email, phone }));
}
