import { choice, defineResource, geometry, number, organisationField, text } from '../define.ts';

export const GEOFENCE_TYPES = ['POINT', 'POLYGON'] as const;

export default defineResource({
  name: 'geofence',
  api: '/geofences',
  table: 'geofences',
  path: '/management/geofence',
  title: 'menu.management.geofences',
  module: 'management-geofence',
  scope: 'organisation',
  permissions: { create: 'add-geofence', delete: 'delete-geofence', export: 'export-geofence' },
  // Assign Geofence (Vehicle Status, Assets) picks from the organisation's geofences
  pickableBy: ['assign-geofence'],
  views: { create: true, edit: false },
  fields: {
    name: text({ priority: 1, required: true, maxLength: 100, searchable: true, sortable: true }),
    type: choice(GEOFENCE_TYPES, { priority: 2, required: true, filterable: true, sortable: true }),
    area: geometry(['Point', 'Polygon'], { required: true }),
    radiusMeters: number({ integer: true, min: 10, max: 50000, default: 200, nullable: true }),
    organisationId: organisationField({ sortable: true }),
  },
  list: ['name', 'type', 'radiusMeters', 'organisationId'],
  recordLabel: ['name'],
  defaultSort: ['name', 'ASC'],
  emptyMessage: 'resources.geofence.empty',
});
