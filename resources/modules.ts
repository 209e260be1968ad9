/**
 * The module registry: every menu item, route and permission id of the console.
 * A module's id is the permission to open it; its actions are the permission ids of what it lets
 * a user do. Plain data shared by the console (menu, route guards, role editor) and the server
 * (role seeding, route checks). docs/permissions.md lists them.
 */
export type ModuleGroup = 'top' | 'reports' | 'management' | 'account' | 'hidden';

export interface ModuleAction {
  id: string;
  /** i18n key of the action's label. */
  label: string;
}

export interface ModuleDefinition {
  id: string;
  /** i18n key of the module's name. */
  name: string;
  path: string;
  group: ModuleGroup;
  badge?: 'new' | 'beta';
  inMenu?: boolean;
  actions: ModuleAction[];
}

const action = (id: string): ModuleAction => ({ id, label: `permissions.${id}` });

/** The list, add, edit, delete and export ids of a management entity. */
function crud(entity: string, extra: string[] = []): ModuleAction[] {
  return [`add-${entity}`, `edit-${entity}`, `delete-${entity}`, `export-${entity}`, ...extra].map(action);
}

function report(slug: string, name: string, inMenu = true): ModuleDefinition {
  return { id: `report-${slug}`, name: `menu.reports.${name}`, path: `/reports/${slug}`, group: 'reports', inMenu, actions: [action(`export-report-${slug}`)] };
}

function management(entity: string, name: string, actions: ModuleAction[], path = `/management/${entity}`): ModuleDefinition {
  return { id: `management-${entity}`, name: `menu.management.${name}`, path, group: 'management', actions };
}

export const modules: ModuleDefinition[] = [
  {
    id: 'vehicle-status', name: 'menu.vehicleStatus', path: '/vehicle-status', group: 'top',
    actions: ['see-live-tracking', 'see-route-playback', 'assign-geofence', 'view-report'].map(action),
  },
  { id: 'dashboard', name: 'menu.dashboard', path: '/dashboard', group: 'top', actions: [] },
  { id: 'dashboard-v2', name: 'menu.dashboardV2', path: '/dashboardv2', group: 'top', badge: 'new', actions: [] },
  { id: 'fleet-dashboard', name: 'menu.fleetDashboard', path: '/fleet-dashboard', group: 'top', badge: 'beta', actions: [] },
  { id: 'live-tracking', name: 'menu.liveTracking', path: '/view-operations/live-tracking', group: 'top', actions: [action('share-live-tracking')] },
  {
    id: 'fitment', name: 'menu.fitment', path: '/fitment', group: 'top',
    actions: ['add-fitment', 'edit-fitment', 'bulk-fitment', 'approve-activation', 'undo-activation',
      'generate-certificate', 'edit-certificate', 'view-certificate'].map(action),
  },
  {
    id: 'sim-activation-order', name: 'menu.simActivationOrder', path: '/sim-activation-order', group: 'top',
    actions: ['add-sim-activation-order', 'edit-sim-activation-order', 'change-status-result-table'].map(action),
  },
  { id: 'route-playback', name: 'menu.routePlayback', path: '/view-operations/route-playback', group: 'hidden', actions: [action('share-playback')] },
  { id: 'duty-report', name: 'menu.dutyReport', path: '/duty-report', group: 'hidden', actions: [] },
  { id: 'device-details', name: 'menu.deviceDetails', path: '/device-details', group: 'hidden', actions: [] },
  { id: 'debug', name: 'menu.debug', path: '/debug', group: 'hidden', actions: [action('add-ephemeral-device')] },
  { id: 'account-wallet', name: 'menu.wallet', path: '/account/wallet', group: 'account', actions: [action('add-money')] },

  report('alert', 'alert'),
  report('offline', 'offline'),
  report('sosalert', 'sosAlert', false),
  report('vehicle-timeline', 'vehicleTimeline'),
  report('monthly-summary', 'monthlySummary'),
  report('duty-report', 'dutyReport'),
  report('raw-logs', 'rawLogs'),
  report('collection', 'collection'),
  report('daily-run-summary', 'dailyRunSummary'),
  report('daily-vehicle-operation-report', 'dailyVehicleOperation'),
  report('route-violation', 'routeViolation'),
  report('d2d-collection', 'd2dCollection'),
  report('total-run-summary', 'totalRunSummary'),

  management('device', 'devices', [
    ...crud('device'),
    ...['send-command', 'rollback-device', 'allocate-device-bulk', 'update-firmware', 'link-unlink-device',
      'raise-sim-activation', 'create-activation'].map(action),
  ]),
  management('vehicle', 'assets', [
    ...['add-vehicle', 'edit-vehicle-result-table', 'delete-vehicle-result-table', 'export-vehicle', 'send-mail-item',
      'activated-tracking', 'deActivated-tracking', 'assign-geofence'].map(action),
  ]),
  management('user', 'users', crud('user', ['set-user-password', 'associate-user-result-table'])),
  management('organisation', 'organisations', crud('organisation', ['setting-organisation'])),
  management('role', 'roles', crud('role')),
  management('groups', 'groups', crud('group')),
  management('route', 'routes', crud('route', ['add-kml-route'])),
  management('admin-division', 'adminDivisions', crud('admin-division')),
  management('job', 'jobs', [action('add-job'), action('export-job')]),
  management('POI', 'poi', crud('poi')),
  management('geofence', 'geofences', [action('add-geofence'), action('delete-geofence'), action('export-geofence')]),
  management('raw-logs', 'rawLogs', [action('export-raw-logs')]),
  management('wallet', 'wallets', [action('add-wallet'), action('edit-wallet'), action('export-wallet')]),
  management('device-model', 'deviceModels', crud('device-model'), '/device-model'),
  management('item', 'items', crud('item'), '/item'),
];

export function findModule(id: string): ModuleDefinition | undefined {
  return modules.find((m) => m.id === id);
}

/** Every permission id the registry knows: modules and their actions. */
export function allPermissionIds(): string[] {
  return modules.flatMap((m) => [m.id, ...m.actions.map((a) => a.id)]);
}
