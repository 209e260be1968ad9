import { crudPermissions, defineResource, organisationField, text } from '../define.ts';

export default defineResource({
  name: 'groups',
  api: '/group',
  table: 'vehicle_groups',
  path: '/management/groups',
  title: 'menu.management.groups',
  module: 'management-groups',
  scope: 'organisation',
  readableBySignedIn: true,
  permissions: crudPermissions('group'),
  fields: {
    name: text({ priority: 1, required: true, maxLength: 100, searchable: true, sortable: true }),
    description: text({ maxLength: 500, multiline: true, searchable: true }),
    organisationId: organisationField({ priority: 2, sortable: true }),
  },
  list: ['name', 'description', 'organisationId'],
  recordLabel: ['name'],
  defaultSort: ['name', 'ASC'],
  emptyMessage: 'resources.groups.empty',
});
