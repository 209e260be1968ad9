import {
  boolean, crudPermissions, defineResource, email, image, organisationField, password, phone, reference, text,
} from '../define.ts';

export default defineResource({
  name: 'user',
  api: '/users',
  table: 'users',
  path: '/management/user',
  title: 'menu.management.users',
  module: 'management-user',
  scope: 'organisation',
  permissions: crudPermissions('user'),
  fields: {
    firstName: text({ required: true, rule: 'personName', searchable: true, sortable: true }),
    lastName: text({ rule: 'personName', searchable: true, sortable: true, default: '' }),
    email: email({ unique: true, searchable: true, sortable: true }),
    phone: phone({ required: true, nullable: true, unique: true, searchable: true, filterable: true }),
    roleId: reference('role', { required: true, filterable: true }),
    organisationId: organisationField(),
    isEnabled: boolean({ default: true, filterable: true }),
    avatar: image(),
    password: password({ required: true }),
  },
  list: ['firstName', 'lastName', 'email', 'phone', 'roleId', 'organisationId', 'isEnabled'],
  recordLabel: ['firstName', 'lastName'],
  defaultSort: ['firstName', 'ASC'],
  rowActions: [
    { id: 'set-user-password', label: 'permissions.set-user-password' },
  ],
  extraPermissions: ['associate-user-result-table'],
  emptyMessage: 'resources.user.empty',
});
