import { describe, expect, it } from 'vitest';
import { decodePermissions, encodePermissions, flattenAuthScopes, hasPermission } from '../../core/permissions.ts';
import { authScopesFor, defaultRoleGrants } from '../../server/roles/defaults.ts';
import { allPermissionIds, modules } from '../../resources/modules.ts';
import { REPORT_MODULE_IDS } from '../../resources/reports/pickers.ts';

describe('flattenAuthScopes', () => {
  it('keeps allowed nodes and their truthy actions, depth first', () => {
    expect(
      flattenAuthScopes([
        { id: 'fitment', actions: { 'view-certificate': true, 'edit-certificate': false } },
        {
          id: 'group-reports',
          children: [
            { id: 'report-alert', actions: { 'export-report-alert': true } },
            { id: 'report-offline', allowed: false, actions: { x: true } },
          ],
        },
      ]),
    ).toEqual(['fitment', 'view-certificate', 'group-reports', 'report-alert', 'export-report-alert']);
  });

  it('drops a disallowed node with everything under it', () => {
    expect(flattenAuthScopes([{ id: 'a', allowed: false, children: [{ id: 'b' }] }])).toEqual([]);
  });

  it('survives empty or malformed input', () => {
    expect(flattenAuthScopes(null)).toEqual([]);
    expect(flattenAuthScopes([{ id: 'a', actions: { a: true } }])).toEqual(['a']);
  });
});

describe('hasPermission', () => {
  it('lets the super-admin role through everything, others only by id, and an item without id for all', () => {
    expect(hasPermission(true, [], 'management-device')).toBe(true);
    expect(hasPermission(false, ['fitment'], 'management-device')).toBe(false);
    expect(hasPermission(false, ['fitment'], 'fitment')).toBe(true);
    expect(hasPermission(false, [], undefined)).toBe(true);
  });
});

describe('stored permission list', () => {
  it('round-trips through its encoding and is not plain text', () => {
    const list = ['see-live-tracking', 'वॉलेट'];
    const encoded = encodePermissions(list);
    expect(encoded).not.toContain('see-live-tracking');
    expect(decodePermissions(encoded)).toEqual(list);
    expect(decodePermissions('garbage!')).toEqual([]);
  });
});

describe('default roles', () => {
  it('declares the thirteen roles of the spec', () => {
    expect(Object.keys(defaultRoleGrants).sort()).toEqual([
      'ADMIN',
      'CUSTOM',
      'CUSTOMER',
      'DEALER',
      'DISTRIBUTER',
      'FITTER',
      'INVENTORY_MANAGER',
      'LIMITED_USER',
      'MANUFACTURER',
      'RFC',
      'RFC_ADMIN',
      'SUPER_ADMIN',
      'VENDOR',
    ]);
  });

  it('grants only module ids the registry knows', () => {
    const known = new Set(modules.map((m) => m.id));
    for (const grants of Object.values(defaultRoleGrants))
      for (const id of Object.keys(grants)) expect(known).toContain(id);
  });

  it('gives a CUSTOMER tracking, reports and certificate but no management module and no wallet', () => {
    const list = flattenAuthScopes(authScopesFor(defaultRoleGrants.CUSTOMER!));
    expect(list).toEqual(
      expect.arrayContaining(['vehicle-status', 'see-live-tracking', 'report-alert', 'view-certificate']),
    );
    expect(list).not.toContain('account-wallet');
    expect(list.filter((id) => id.startsWith('management-'))).toEqual([]);
  });

  it('shows the wallet menu (account-wallet) to ADMIN and RFC_ADMIN alone among the built-in roles', () => {
    const holders = Object.entries(defaultRoleGrants)
      .filter(([, grants]) => flattenAuthScopes(authScopesFor(grants)).includes('account-wallet'))
      .map(([name]) => name);
    expect(holders.sort()).toEqual(['ADMIN', 'RFC_ADMIN', 'SUPER_ADMIN']);
  });

  it('gives SUPER_ADMIN every permission id of the registry', () => {
    const list = flattenAuthScopes(authScopesFor(defaultRoleGrants.SUPER_ADMIN!));
    expect(list).toEqual(expect.arrayContaining(allPermissionIds()));
  });

  it('includes every permission id the spec names', () => {
    const spec = [
      'see-live-tracking',
      'see-route-playback',
      'add-vehicle',
      'edit-vehicle-result-table',
      'delete-vehicle-result-table',
      'send-mail-item',
      'generate-certificate',
      'edit-certificate',
      'view-certificate',
      'assign-geofence',
      'activated-tracking',
      'deActivated-tracking',
      'send-command',
      'rollback-device',
      'allocate-device-bulk',
      'update-firmware',
      'link-unlink-device',
      'raise-sim-activation',
      'create-activation',
      'set-user-password',
      'associate-user-result-table',
      'setting-organisation',
      'change-status-result-table',
    ];
    expect(allPermissionIds()).toEqual(expect.arrayContaining(spec));
  });
});

describe('the report modules whose users may pick vehicles and groups', () => {
  it('are exactly the Reports group of the modules (the list is spelled out to avoid an import cycle)', () => {
    expect([...REPORT_MODULE_IDS].sort()).toEqual(
      modules
        .filter((m) => m.group === 'reports')
        .map((m) => m.id)
        .sort(),
    );
  });
});
