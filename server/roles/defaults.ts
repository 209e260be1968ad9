import { modules, type ModuleGroup } from '../../resources/modules.ts';
import type { AuthScope, BUILT_IN_ROLE_NAMES } from '../../core/permissions.ts';

/** For each module a role may open: the actions it may use ('*' for all of them). */
type Grants = Record<string, string[] | '*'>;

const reports = (): Grants => Object.fromEntries(modules.filter((m) => m.group === 'reports').map((m) => [m.id, '*']));

const tracking: Grants = {
  'vehicle-status': '*',
  dashboard: '*',
  'dashboard-v2': '*',
  'fleet-dashboard': '*',
  'live-tracking': '*',
  'route-playback': '*',
  'duty-report': '*',
};

/** The authScopes tree of every module, with the granted ones allowed: groups, then modules. */
export function authScopesFor(grants: Grants): AuthScope[] {
  const groups: ModuleGroup[] = ['top', 'hidden', 'account', 'reports', 'management'];
  return groups.map((group) => ({
    id: `group-${group}`,
    allowed: modules.some((m) => m.group === group && grants[m.id]),
    children: modules
      .filter((m) => m.group === group)
      .map((m) => {
        const granted = grants[m.id];
        return {
          id: m.id,
          allowed: Boolean(granted),
          actions: Object.fromEntries(m.actions.map((a) => [a.id, granted === '*' || (granted ?? []).includes(a.id)])),
        };
      }),
  }));
}

const everything: Grants = Object.fromEntries(modules.map((m) => [m.id, '*']));

/**
 * ADMIN's modules, every action of each: the registry's but `debug`, named one by one. A module added
 * later (a new entity's) is granted to no role until it is named here or ticked in the role editor
 * (docs/adding-an-entity.md); SUPER_ADMIN passes every check whatever its scopes say.
 */
const ADMIN_MODULES = [
  'vehicle-status',
  'dashboard',
  'dashboard-v2',
  'fleet-dashboard',
  'live-tracking',
  'route-playback',
  'duty-report',
  'device-details',
  'account-wallet',
  ...modules.filter((m) => m.group === 'reports').map((m) => m.id),
  'management-device',
  'management-vehicle',
  'management-user',
  'management-organisation',
  'management-role',
  'management-groups',
  'management-route',
  'management-admin-division',
  'management-job',
  'management-POI',
  'management-geofence',
  'management-raw-logs',
  'management-audit-log',
  'management-wallet',
  'management-device-model',
  'management-item',
  'sim-activation-order',
  'fitment',
  'management-rto',
  'management-renewal-order',
  'maintenance-schedule',
  'management-deliveries',
  'management-notificationrules',
  'management-webhooks',
];
const adminGrants: Grants = Object.fromEntries(ADMIN_MODULES.map((id) => [id, '*']));

/** The thirteen roles of the spec with their default scopes; docs/permissions.md explains each. */
export const defaultRoleGrants: Record<(typeof BUILT_IN_ROLE_NAMES)[number], Grants> = {
  SUPER_ADMIN: everything,
  ADMIN: adminGrants,
  DISTRIBUTER: {
    ...tracking,
    ...reports(),
    fitment: ['view-certificate', 'generate-certificate'],
    'sim-activation-order': ['add-sim-activation-order'],
    'management-device': ['export-device', 'allocate-device-bulk', 'raise-sim-activation', 'rollback-device'],
    'management-vehicle': ['export-vehicle'],
    'management-user': ['add-user', 'edit-user', 'export-user', 'set-user-password'],
    'management-organisation': ['add-organisation', 'edit-organisation', 'export-organisation'],
    // administrators of their tree: who changed what in it
    'management-audit-log': '*',
    // administrators of an organisation tree (add-organisation): its integrators' change webhooks (docs/webhooks.md)
    'management-webhooks': '*',
    // what their customers hold, so they can make customer accounts (a role is given only by who holds it)
    'maintenance-schedule': '*',
    'device-details': '*',
  },
  DEALER: {
    ...tracking,
    ...reports(),
    fitment: ['add-fitment', 'edit-fitment', 'bulk-fitment', 'view-certificate', 'generate-certificate'],
    'sim-activation-order': ['add-sim-activation-order'],
    'management-device': [
      'export-device',
      'allocate-device-bulk',
      'raise-sim-activation',
      'link-unlink-device',
      'create-activation',
    ],
    'management-vehicle': [
      'add-vehicle',
      'edit-vehicle-result-table',
      'export-vehicle',
      'activated-tracking',
      'deActivated-tracking',
      'send-mail-item',
      'assign-geofence',
    ],
    'management-user': ['add-user', 'edit-user', 'export-user'],
    'management-organisation': ['add-organisation', 'export-organisation'],
    'management-audit-log': '*',
    // what their customers hold, so they can make customer accounts (a role is given only by who holds it)
    'maintenance-schedule': '*',
    'device-details': '*',
    // pays its customers' renewals on the public renewal page from its wallet, and sees those orders
    'management-renewal-order': ['pay-renewal-from-wallet'],
    // alert rules of his own tree (issue 26)
    'management-notificationrules': '*',
    // administrators of an organisation tree (add-organisation): its integrators' change webhooks (docs/webhooks.md)
    'management-webhooks': '*',
  },
  CUSTOMER: {
    ...tracking,
    ...reports(),
    fitment: ['view-certificate'],
    // the fleet owner keeps his vehicles' service schedules
    'maintenance-schedule': '*',
  },
  VENDOR: {
    fitment: ['add-fitment', 'edit-fitment', 'view-certificate', 'generate-certificate'],
    'management-device': ['export-device'],
    'device-details': '*',
  },
  LIMITED_USER: {
    'vehicle-status': ['see-live-tracking'],
    'live-tracking': [],
  },
  FITTER: {
    fitment: ['add-fitment', 'edit-fitment', 'bulk-fitment', 'view-certificate', 'generate-certificate'],
    'device-details': '*',
  },
  MANUFACTURER: {
    dashboard: '*',
    fitment: ['view-certificate', 'approve-activation', 'undo-activation'],
    'sim-activation-order': '*',
    'management-device': '*',
    'management-device-model': '*',
    'management-item': '*',
    'management-raw-logs': '*',
    'report-raw-logs': '*',
    'device-details': '*',
    debug: '*',
  },
  INVENTORY_MANAGER: {
    dashboard: '*',
    'sim-activation-order': [],
    'management-device': ['add-device', 'edit-device', 'export-device', 'allocate-device-bulk'],
    'management-device-model': ['export-device-model'],
    'management-item': '*',
    'device-details': '*',
  },
  RFC: {
    'vehicle-status': '*',
    fitment: ['add-fitment', 'edit-fitment', 'view-certificate', 'generate-certificate'],
    'device-details': '*',
  },
  RFC_ADMIN: {
    ...tracking,
    fitment: '*',
    'management-user': ['add-user', 'edit-user', 'export-user', 'set-user-password'],
    'management-audit-log': '*',
    'management-wallet': '*',
    'account-wallet': '*',
    'device-details': '*',
  },
  CUSTOM: {},
};
