import { describe, expect, it } from 'vitest';
import { crudPermissions, defineResource, organisationField, text } from '../../resources/define.ts';
import { registerResource } from '../../resources/modules.ts';
import { flattenAuthScopes } from '../../core/permissions.ts';

/**
 * docs/adding-an-entity.md: "new permission ids are granted to no role" but SUPER_ADMIN. The
 * declaration is registered before the default scopes are read, as one in resources/entities/index.ts is.
 */
registerResource(
  defineResource({
    name: 'locker',
    api: '/lockers',
    table: 'lockers',
    path: '/management/locker',
    title: 'resources.locker.title',
    module: 'management-locker',
    scope: 'organisation',
    permissions: crudPermissions('locker'),
    fields: { name: text({ required: true, searchable: true }), organisationId: organisationField() },
    list: ['name'],
    recordLabel: ['name'],
    defaultSort: ['name', 'ASC'],
  }),
);
const { authScopesFor, defaultRoleGrants } = await import('../../server/roles/defaults.ts');

describe('a new entity', () => {
  it("reaches no built-in role's default scopes but SUPER_ADMIN's", () => {
    const holders = Object.entries(defaultRoleGrants)
      .filter(([, grants]) =>
        flattenAuthScopes(authScopesFor(grants)).some((id) => id === 'management-locker' || id.endsWith('-locker')),
      )
      .map(([role]) => role);
    expect(holders).toEqual(['SUPER_ADMIN']);
  });
});
