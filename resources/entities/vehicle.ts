import { boolean, choice, defineResource, organisationField, reference, text } from '../define.ts';
import { REPORT_MODULE_IDS } from '../reports/pickers.ts';

/** The ten vehicle categories of the fitment spec. */
export const VEHICLE_CATEGORIES = [
  'PERSON',
  'BUS',
  'TRUCK',
  'SMALL_CAR',
  'BIKE',
  'MINI_VAN',
  'SEDAN',
  'SHIP',
  'SUV',
  'BARGE',
] as const;

export default defineResource({
  name: 'vehicle',
  api: '/vehicle',
  table: 'vehicles',
  path: '/management/vehicle',
  title: 'menu.management.assets',
  module: 'management-vehicle',
  // the report pages' vehicle and group pickers
  pickableBy: REPORT_MODULE_IDS,
  // the item form's vehicle picker and an alert rule's chosen vehicles: ids and registration numbers alone
  namePickableBy: ['add-item', 'edit-item', 'add-notification-rule', 'edit-notification-rule'],
  scope: 'organisation',
  permissions: {
    create: 'add-vehicle',
    edit: 'edit-vehicle-result-table',
    delete: 'delete-vehicle-result-table',
    export: 'export-vehicle',
  },
  fields: {
    name: text({ priority: 1, required: true, maxLength: 100, searchable: true, sortable: true }),
    registrationNumber: text({
      priority: 1,
      required: true,
      rule: 'registrationNumber',
      unique: true,
      searchable: true,
      sortable: true,
    }),
    category: choice(VEHICLE_CATEGORIES, { required: true, filterable: true, sortable: true }),
    make: text({ maxLength: 50 }),
    model: text({ maxLength: 50 }),
    engineNo: text({ maxLength: 50, searchable: true }),
    chassisNo: text({ maxLength: 50, searchable: true }),
    ownerId: reference('user', { filterable: true }),
    deviceId: reference('device', { priority: 2, unique: true, filterable: true }),
    groupId: reference('groups', { filterable: true }),
    routeId: reference('route', { filterable: true, onDelete: 'set null' }),
    isTrackingActivated: boolean({ priority: 2, default: false, readOnly: true, filterable: true }),
    organisationId: organisationField({ sortable: true }),
  },
  list: ['name', 'registrationNumber', 'category', 'deviceId', 'isTrackingActivated', 'ownerId', 'organisationId'],
  recordLabel: ['registrationNumber'],
  defaultSort: ['registrationNumber', 'ASC'],
  rowActions: [
    { id: 'activated-tracking', label: 'permissions.activated-tracking' },
    { id: 'deActivated-tracking', label: 'permissions.deActivated-tracking' },
    { id: 'assign-geofence', label: 'permissions.assign-geofence' },
    { id: 'send-mail-item', label: 'permissions.send-mail-item' },
  ],
  emptyMessage: 'resources.vehicle.empty',
  globalSearch: {
    category: 'Vehicles',
    categoryOrder: 1,
    label: 'search.Vehicles',
    empty: 'search.noVehicles',
    detail: ['name', 'deviceId'],
  },
});
