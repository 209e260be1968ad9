import { and, eq, isNull } from 'drizzle-orm';
import { SUPER_ADMIN } from '../../core/permissions.ts';
import type { Db } from '../db/client.ts';
import { roles } from '../db/schema.ts';
import { authScopesFor, defaultRoleGrants } from '../roles/defaults.ts';

/** Creates any of the built-in roles that is missing; a role an administrator edited is left as it is. */
export async function ensureSystemRoles(db: Db) {
  for (const [name, grants] of Object.entries(defaultRoleGrants)) {
    const [existing] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.name, name), isNull(roles.organisationId)));
    if (!existing) {
      await db
        .insert(roles)
        .values({ name, authScopes: authScopesFor(grants), isSystem: true, isSuperAdmin: name === SUPER_ADMIN })
        .onConflictDoNothing();
    }
  }
}

export async function systemRoleIds(db: Db): Promise<Record<string, string>> {
  const rows = await db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(and(isNull(roles.organisationId), eq(roles.isSystem, true)));
  return Object.fromEntries(rows.map((r) => [r.name, r.id]));
}
