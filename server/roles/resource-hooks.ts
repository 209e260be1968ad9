import { badRequest, forbidden } from '../http/errors.ts';
import { flattenAuthScopes, isReservedRoleName, permissionsBeyond, type AuthScope } from '../../core/permissions.ts';
import type { ResourceHooks, WriteContext } from '../resources/hooks.ts';
import { isSuperAdmin } from '../resources/scope.ts';
import { said } from '../resources/messages.ts';

function isScopeTree(value: unknown): value is AuthScope[] {
  const node = (n: unknown): boolean => {
    if (!n || typeof n !== 'object') return false;
    const { id, allowed, actions, children } = n as Record<string, unknown>;
    return (
      typeof id === 'string' &&
      (allowed === undefined || typeof allowed === 'boolean') &&
      (actions === undefined ||
        (typeof actions === 'object' &&
          actions !== null &&
          Object.values(actions).every((a) => typeof a === 'boolean'))) &&
      (children === undefined || (Array.isArray(children) && children.every(node)))
    );
  };
  return Array.isArray(value) && value.every(node);
}

/** A role may grant only what its author holds, so no one raises their own rights through a role. */
function checkScopes(ctx: WriteContext, body: Record<string, unknown>) {
  if (body.authScopes === undefined) return;
  if (!isScopeTree(body.authScopes)) {
    throw badRequest(said('resources.role.scopesInvalid'), { authScopes: said('resources.role.scopesInvalid') });
  }
  if (isSuperAdmin(ctx.caller)) return;
  const beyond = permissionsBeyond(body.authScopes, ctx.caller.permissions);
  if (beyond.length) throw forbidden(said('resources.role.beyondOwn', { permissions: beyond.join(', ') }));
}

/** The built-in roles' names are theirs alone, whatever the case or spacing: nobody creates or renames a role to one. */
function checkName(body: Record<string, unknown>) {
  if (typeof body.name !== 'string') return;
  if (isReservedRoleName(body.name))
    throw badRequest(said('resources.role.reservedName'), { name: said('resources.role.reservedName') });
}

export const roleHooks: ResourceHooks = {
  // decorate flattens each row's own scopes and reads nothing
  listReads: [],
  async beforeCreate(ctx, _columns, body) {
    checkName(body);
    checkScopes(ctx, body);
  },
  async beforeUpdate(ctx, existing, _columns, body) {
    if (existing.isSystem && body.name !== undefined && body.name !== existing.name) {
      throw badRequest(said('resources.role.systemName'), { name: said('resources.role.systemName') });
    }
    if (!existing.isSystem && body.name !== existing.name) checkName(body);
    checkScopes(ctx, body);
  },
  async beforeDelete(_ctx, existing) {
    if (existing.isSystem) throw forbidden(said('resources.role.systemDelete'));
  },
  decorate(_db, records, query) {
    if (query.hydrate !== 'permissions') return;
    for (const record of records) record.permissions = flattenAuthScopes(record.authScopes as AuthScope[]);
  },
};
