import { boolean, crudPermissions, defineResource, email, image, object, phone, reference, text } from '../define.ts';

export default defineResource({
  name: 'organisation',
  api: '/organisation',
  table: 'organisations',
  path: '/management/organisation',
  title: 'menu.management.organisations',
  module: 'management-organisation',
  scope: 'organisation-tree',
  readableBySignedIn: true,
  permissions: crudPermissions('organisation'),
  fields: {
    tradeName: text({ priority: 1, required: true, maxLength: 150, searchable: true, sortable: true }),
    brandName: text({ required: true, maxLength: 150, searchable: true, sortable: true }),
    contact: phone({ priority: 2, searchable: true }),
    email: email({ searchable: true }),
    gst: text({ rule: 'gst' }),
    address: object(
      {
        country: text({ maxLength: 60, default: 'India' }),
        state: text({ maxLength: 60 }),
        city: text({ maxLength: 60 }),
        landmark: text({ maxLength: 150 }),
        pin: text({ rule: 'pin' }),
      },
      { default: {} },
    ),
    attributes: object({ logo: image() }, { default: {} }),
    isOnboarded: boolean({ priority: 2, default: false, filterable: true }),
    parentId: reference('organisation', { filterable: true }),
  },
  list: ['tradeName', 'brandName', 'contact', 'email', 'gst', 'isOnboarded', 'parentId'],
  // the spec: options use tradeName, lists show organisation.brandName
  recordLabel: ['tradeName'],
  displayLabel: ['brandName'],
  defaultSort: ['tradeName', 'ASC'],
  rowActions: [{ id: 'setting-organisation', label: 'permissions.setting-organisation' }],
  emptyMessage: 'resources.organisation.empty',
});
