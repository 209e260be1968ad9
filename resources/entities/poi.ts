import { crudPermissions, defineResource, geometry, number, organisationField, text } from '../define.ts';

export default defineResource({
  name: 'POI',
  api: '/POI',
  table: 'points_of_interest',
  path: '/management/POI',
  title: 'menu.management.poi',
  module: 'management-POI',
  scope: 'organisation',
  permissions: crudPermissions('poi'),
  fields: {
    name: text({ required: true, maxLength: 100, searchable: true, sortable: true }),
    description: text({ maxLength: 500, multiline: true, searchable: true }),
    location: geometry(['Point'], { required: true }),
    radiusMeters: number({ integer: true, min: 5, max: 10000, default: 50 }),
    organisationId: organisationField({ sortable: true }),
  },
  list: ['name', 'description', 'location', 'radiusMeters', 'organisationId'],
  recordLabel: ['name'],
  defaultSort: ['name', 'ASC'],
  emptyMessage: 'resources.POI.empty',
});
