import { choice, crudPermissions, defineResource, organisationField, reference, text } from '../define.ts';

export const ADMIN_DIVISION_KINDS = ['CIRCLE', 'WARD'] as const;

export default defineResource({
  name: 'admin-division',
  api: '/admin-divisions',
  table: 'admin_divisions',
  path: '/management/admin-division',
  title: 'menu.management.adminDivisions',
  module: 'management-admin-division',
  scope: 'organisation',
  permissions: crudPermissions('admin-division'),
  fields: {
    name: text({ priority: 1, required: true, maxLength: 100, searchable: true, sortable: true }),
    code: text({ priority: 2, maxLength: 30, searchable: true, sortable: true }),
    kind: choice(ADMIN_DIVISION_KINDS, { priority: 2, required: true, filterable: true, sortable: true }),
    parentId: reference('admin-division', { filterable: true }),
    organisationId: organisationField({ sortable: true }),
  },
  list: ['name', 'code', 'kind', 'parentId', 'organisationId'],
  recordLabel: ['name'],
  defaultSort: ['name', 'ASC'],
  emptyMessage: 'resources.admin-division.empty',
});
