import { badRequest, forbidden } from '../http/errors.ts';
import { flattenAuthScopes, type AuthScope } from '../../providers/permissions.ts';
import type { ResourceHooks, WriteContext } from '../resources/hooks.ts';
import { isSuperAdmin } from '../resources/scope.ts';
import { message } from '../resources/messages.ts';

function isScopeTree(value: unknown): value is AuthScope[] {
  const node = (n: unknown): boolean => {
    if (!n || typeof n !== 'object') return false;
    const { id, allowed, actions, children } = n as Record<string, unknown>;
    return typeof id === 'string'
      && (allowed === undefined || typeof allowed === 'boolean')
      && (actions === undefined || (typeof actions === 'object' && actions !== null && Object.values(actions).every((a) => typeof a === 'boolean')))
      && (children === undefined || (Array.isArray(children) && children.every(node)));
  };
  return Array.isArray(value) && value.every(node);
}

/** A role may grant only what its author holds, so no one raises their own rights through a role. */
function checkScopes(ctx: WriteContext, body: Record<string, unknown>) {
  if (body.authScopes === undefined) return;
  if (!isScopeTree(body.authScopes)) {
    throw badRequest(message('resources.role.scopesInvalid'), { authScopes: message('resources.role.scopesInvalid') });
  }
  if (isSuperAdmin(ctx.caller)) return;
  const held = new Set(ctx.caller.permissions);
  const beyond = flattenAuthScopes(body.authScopes).filter((p) => !p.startsWith('group-') && !held.has(p));
  if (beyond.length) throw forbidden(message('resources.role.beyondOwn', { permissions: beyond.join(', ') }));
}

export const roleHooks: ResourceHooks = {
  async beforeCreate(ctx, _columns, body) {
    checkScopes(ctx, body);
  },
  async beforeUpdate(ctx, existing, _columns, body) {
    if (existing.isSystem && body.name !== undefined && body.name !== existing.name) {
      throw badRequest(message('resources.role.systemName'), { name: message('resources.role.systemName') });
    }
    checkScopes(ctx, body);
  },
  async beforeDelete(_ctx, existing) {
    if (existing.isSystem) throw forbidden(message('resources.role.systemDelete'));
  },
  decorate(_db, records, query) {
    if (query.hydrate !== 'permissions') return;
    for (const record of records) record.permissions = flattenAuthScopes(record.authScopes as AuthScope[]);
  },
};
