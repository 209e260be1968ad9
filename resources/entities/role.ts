import type { AuthScope } from '../../core/permissions.ts';
import { boolean, crudPermissions, defineResource, json, organisationField, text } from '../define.ts';

export default defineResource({
  name: 'role',
  api: '/roles',
  table: 'roles',
  path: '/management/role',
  title: 'menu.management.roles',
  module: 'management-role',
  scope: 'organisation',
  sharedWhenUnowned: true,
  referenceList: true,
  readableBySignedIn: true,
  permissions: crudPermissions('role'),
  fields: {
    name: text({
      priority: 1,
      required: true,
      maxLength: 60,
      pattern: '^[A-Za-z][A-Za-z0-9_ -]*$',
      patternMessage: 'resources.role.namePattern',
      searchable: true,
      sortable: true,
      filterable: true,
    }),
    authScopes: json({ editor: 'auth-scopes', default: [] as AuthScope[] }),
    isSystem: boolean({ readOnly: true, default: false, filterable: true }),
    organisationId: organisationField({ priority: 2, required: false }),
  },
  list: ['name', 'organisationId'],
  recordLabel: ['name'],
  defaultSort: ['name', 'ASC'],
  emptyMessage: 'resources.role.empty',
});
