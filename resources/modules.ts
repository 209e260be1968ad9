/**
 * The module registry: every menu item, route and permission id of the console.
 * A module's id is the permission to open it; its actions are the permission ids of what it lets
 * a user do. Plain data shared by the console (menu, route guards, role editor) and the server
 * (role seeding, route checks). docs/permissions.md lists them.
 */
import { hasOwnScreen, type ResourceDeclaration } from './define.ts';
import { declarations, overOwnTables } from './entities/index.ts';
import vehicleStatuses from './vehicle-statuses.ts';

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

function report(slug: string, name: string, inMenu = true): ModuleDefinition {
  return {
    id: `report-${slug}`,
    name: `menu.reports.${name}`,
    path: `/reports/${slug}`,
    group: 'reports',
    inMenu,
    actions: [action(`export-report-${slug}`)],
  };
}

/** A declared entity's screen: its module id opens it, its actions are the declaration's permission ids. */
function moduleOf(resource: ResourceDeclaration): ModuleDefinition {
  const ids = [
    ...Object.values(resource.permissions),
    ...(resource.rowActions ?? []).map((a) => a.id),
    ...(resource.headerActions ?? []).map((a) => a.id),
    ...(resource.extraPermissions ?? []),
  ];
  return {
    id: resource.module,
    name: resource.title,
    path: resource.path,
    group: resource.menu?.group ?? 'management',
    badge: resource.menu?.badge,
    actions: [...new Set(ids)].map(action),
  };
}

export const modules: ModuleDefinition[] = [
  {
    id: 'vehicle-status',
    name: 'menu.vehicleStatus',
    path: '/vehicle-status',
    group: 'top',
    actions: ['see-live-tracking', 'see-route-playback', 'assign-geofence', 'view-report'].map(action),
  },
  { id: 'dashboard', name: 'menu.dashboard', path: '/dashboard', group: 'top', actions: [] },
  { id: 'dashboard-v2', name: 'menu.dashboardV2', path: '/dashboardv2', group: 'top', badge: 'new', actions: [] },
  {
    id: 'fleet-dashboard',
    name: 'menu.fleetDashboard',
    path: '/fleet-dashboard',
    group: 'top',
    badge: 'beta',
    actions: [],
  },
  {
    id: 'live-tracking',
    name: 'menu.liveTracking',
    path: '/view-operations/live-tracking',
    group: 'top',
    actions: [action('share-live-tracking')],
  },
  {
    id: 'route-playback',
    name: 'menu.routePlayback',
    path: '/view-operations/route-playback',
    group: 'hidden',
    actions: [action('share-playback')],
  },
  { id: 'duty-report', name: 'menu.dutyReport', path: '/duty-report', group: 'hidden', actions: [] },
  { id: 'device-details', name: 'menu.deviceDetails', path: '/device-details', group: 'hidden', actions: [] },
  // in the Management group for the roles that hold it (only typing its address reached it before)
  { id: 'debug', name: 'menu.debug', path: '/debug', group: 'management', actions: [action('add-ephemeral-device')] },
  {
    id: 'account-wallet',
    name: 'menu.wallet',
    path: '/account/wallet',
    group: 'account',
    actions: [action('add-money')],
  },

  report('alert', 'alert'),
  report('offline', 'offline'),
  // who opens the SOS report may be allowed to acknowledge an SOS (server/sos/routes.ts)
  { ...report('sosalert', 'sosAlert', false), actions: [action('export-report-sosalert'), action('acknowledge-sos')] },
  report('vehicle-timeline', 'vehicleTimeline'),
  report('monthly-summary', 'monthlySummary'),
  report('duty-report', 'dutyReport'),
  report('raw-logs', 'rawLogs'),
  report('collection', 'collection'),
  report('daily-run-summary', 'dailyRunSummary'),
  report('daily-vehicle-operation-report', 'dailyVehicleOperation'),
  report('route-violation', 'routeViolation'),
  report('d2d-collection', 'd2dCollection'),
  report('collection-cover', 'collectionCover'),
  report('total-run-summary', 'totalRunSummary'),
  report('ignition-trip', 'ignitionTrip'),
  report('custom-trip', 'customTrip'),
];

/** The declared entities; registerResource adds one at run time (integrations, tests). */
export const resources: ResourceDeclaration[] = [];

/**
 * Adds a declaration, and its module unless it has no screen of its own: then the rows are shown
 * by the pages of a module the registry has already (positions by the route playback, alerts by the
 * Alert report), which is its permission to read them, and no menu entry is added.
 */
export function registerResource(resource: ResourceDeclaration): void {
  if (resources.some((r) => r.name === resource.name || r.api === resource.api)) {
    throw new Error(`Resource ${resource.name} (${resource.api}) is declared twice`);
  }
  if (!hasOwnScreen(resource) && !modules.some((m) => m.id === resource.module)) {
    throw new Error(
      `Resource ${resource.name} has no screen of its own and names no module of the registry (${resource.module})`,
    );
  }
  resources.push(resource);
  if (hasOwnScreen(resource)) modules.push(moduleOf(resource));
}
declarations.forEach(registerResource);
overOwnTables.forEach(registerResource);

/** Read-only views declared like entities (list contract, list table, exports) but without screens or tables of their own. */
export const views: ResourceDeclaration[] = [vehicleStatuses];

export function findResource(name: string): ResourceDeclaration | undefined {
  return resources.find((r) => r.name === name) ?? views.find((r) => r.name === name);
}

export function findModule(id: string): ModuleDefinition | undefined {
  return modules.find((m) => m.id === id);
}

/** Every permission id the registry knows: modules and their actions. */
export function allPermissionIds(): string[] {
  return modules.flatMap((m) => [m.id, ...m.actions.map((a) => a.id)]);
}

/** The permission ids that let a caller export a resource's rows: its own, a reading module's export action (the Raw logs report's), or an alternative. */
export function exportPermissions(resource: ResourceDeclaration): string[] {
  if (!resource.permissions.export) return [];
  const byModules = (resource.readableByModules ?? [])
    .map((m) => `export-${m}`)
    .filter((id) => modules.some((m) => m.actions.some((a) => a.id === id)));
  return [resource.permissions.export, ...byModules, ...(resource.alsoPermittedBy?.export ?? [])];
}
