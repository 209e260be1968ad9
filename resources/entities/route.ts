import { crudPermissions, defineResource, geometry, number, organisationField, text } from '../define.ts';

export default defineResource({
  name: 'route',
  api: '/routes',
  table: 'routes',
  path: '/management/route',
  title: 'menu.management.routes',
  module: 'management-route',
  scope: 'organisation',
  permissions: crudPermissions('route'),
  fields: {
    name: text({ priority: 1, required: true, maxLength: 100, searchable: true, sortable: true }),
    description: text({ maxLength: 500, multiline: true, searchable: true }),
    line: geometry(['LineString']),
    // empty: the organisation's route deviation setting applies
    toleranceMeters: number({ priority: 2, integer: true, min: 10, max: 5000 }),
    organisationId: organisationField({ sortable: true }),
  },
  list: ['name', 'description', 'toleranceMeters', 'organisationId'],
  recordLabel: ['name'],
  defaultSort: ['name', 'ASC'],
  headerActions: [{ id: 'add-kml-route', label: 'permissions.add-kml-route', path: '/management/route/add-kml' }],
  emptyMessage: 'resources.route.empty',
});
