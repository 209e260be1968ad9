import { describe, expect, it } from 'vitest';
import { flattenAuthScopes } from '../../core/permissions.ts';
import { authScopesFor, defaultRoleGrants } from '../../server/roles/defaults.ts';
import { landingPath } from '../../src/layout/landing.ts';

const landing = (role: keyof typeof defaultRoleGrants) =>
  landingPath(role === 'SUPER_ADMIN', flattenAuthScopes(authScopesFor(defaultRoleGrants[role])), 'u1');

describe('where / leads each built-in role', () => {
  it('starts each role at its work, never at a page it may not open', () => {
    expect(
      Object.fromEntries(
        Object.keys(defaultRoleGrants).map((role) => [role, landing(role as keyof typeof defaultRoleGrants)]),
      ),
    ).toEqual({
      SUPER_ADMIN: '/vehicle-status',
      ADMIN: '/vehicle-status',
      DISTRIBUTER: '/vehicle-status',
      DEALER: '/vehicle-status',
      CUSTOMER: '/vehicle-status',
      VENDOR: '/fitment',
      LIMITED_USER: '/vehicle-status',
      FITTER: '/fitment',
      MANUFACTURER: '/management/device',
      INVENTORY_MANAGER: '/management/device',
      RFC: '/vehicle-status',
      RFC_ADMIN: '/vehicle-status',
      CUSTOM: '/management/user/edit/u1',
    });
  });
});
