import { choice, date, defineResource, number, reference, text } from './define.ts';
import { VEHICLE_STATES } from './tracking.ts';

/**
 * The Vehicle Status table (GET /vehicle/statuses): read-only, computed by the server from each
 * vehicle's device state. Declared like an entity so it shares the list contract, the list table,
 * the filters and the exports; it has no table and no management screens of its own.
 */
export default defineResource({
  name: 'vehicle/statuses',
  api: '/vehicle/statuses',
  table: 'vehicles',
  path: '/vehicle-status',
  title: 'menu.vehicleStatus',
  module: 'vehicle-status',
  scope: 'organisation',
  permissions: { export: 'vehicle-status' },
  views: { create: false, edit: false },
  fields: {
    registrationNumber: text({
      searchable: true,
      sortable: true,
      label: 'tracking.vehicleStatus.columns.registrationNumber',
    }),
    name: text({ searchable: true, sortable: true, label: 'tracking.vehicleStatus.columns.name' }),
    imei: text({ searchable: true, sortable: true, label: 'tracking.vehicleStatus.columns.imei' }),
    groupName: text({ label: 'tracking.vehicleStatus.columns.groupName' }),
    status: choice(VEHICLE_STATES, {
      filterable: true,
      sortable: true,
      label: 'tracking.vehicleStatus.columns.status',
      choiceLabels: 'tracking.states',
    }),
    speed: number({ sortable: true, label: 'tracking.vehicleStatus.columns.speed' }),
    lastSeenAt: date({ sortable: true, label: 'tracking.vehicleStatus.columns.lastSeenAt' }),
    category: text({ filterable: true }),
    groupId: reference('groups', { filterable: true }),
    organisationId: reference('organisation', { filterable: true, label: 'resources.common.organisation' }),
  },
  list: ['registrationNumber', 'name', 'groupName', 'status', 'speed', 'lastSeenAt'],
  recordLabel: ['registrationNumber'],
  defaultSort: ['registrationNumber', 'ASC'],
  rowActions: [
    { id: 'see-live-tracking', label: 'tracking.vehicleStatus.actions.live' },
    { id: 'see-route-playback', label: 'tracking.vehicleStatus.actions.playback' },
    { id: 'assign-geofence', label: 'tracking.vehicleStatus.actions.geofence' },
    { id: 'view-report', label: 'tracking.vehicleStatus.actions.report' },
  ],
  emptyMessage: 'tracking.vehicleStatus.empty',
});
