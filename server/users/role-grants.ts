import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Caller } from '../auth/caller.ts';
import { forbidden } from '../http/errors.ts';
import { permissionsBeyond, type AuthScope } from '../../core/permissions.ts';
import { query } from '../resources/sql.ts';
import { isSuperAdmin } from '../resources/scope.ts';
import { said } from '../resources/messages.ts';

/** Whether a role gives nothing the caller lacks: its permission ids are a subset of the caller's, and it is not the super-admin role. */
async function withinCallersRights(db: Db, caller: Caller, roleId: string): Promise<boolean> {
  if (isSuperAdmin(caller)) return true;
  const [role] = await query<{ authScopes: AuthScope[]; isSuperAdmin: boolean }>(
    db,
    sql`select auth_scopes as "authScopes", is_super_admin as "isSuperAdmin" from roles where id = ${roleId}::uuid`,
  );
  if (!role || role.isSuperAdmin) return false;
  return permissionsBeyond(role.authScopes, caller.permissions).length === 0;
}

/** A user may hand out only a role that gives no more than their own. */
export async function assertAssignable(db: Db, caller: Caller, roleId: string) {
  if (!(await withinCallersRights(db, caller, roleId))) throw forbidden(said('resources.user.roleBeyondOwn'));
}

/** A user may change, disable, delete or set the password of only a user whose role gives no more than their own. */
export async function assertManageable(db: Db, caller: Caller, user: Record<string, unknown>) {
  if (user.id === caller.userId) return;
  if (!(await withinCallersRights(db, caller, String(user.roleId))))
    throw forbidden(said('resources.user.userBeyondOwn'));
}
