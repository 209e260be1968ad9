import { choice, crudPermissions, defineResource, text } from '../define.ts';

/** The catalogue of tracker models: shared by every organisation, maintained by device makers. */
export default defineResource({
  name: 'device-model',
  api: '/device-model',
  table: 'device_models',
  path: '/device-model',
  title: 'menu.management.deviceModels',
  module: 'management-device-model',
  scope: 'global',
  readableBySignedIn: true,
  permissions: crudPermissions('device-model'),
  fields: {
    name: text({ priority: 1, required: true, maxLength: 100, unique: true, searchable: true, sortable: true }),
    manufacturer: text({ priority: 2, maxLength: 100, searchable: true, sortable: true }),
    protocol: choice(['AIS140'], { priority: 2, default: 'AIS140', filterable: true }),
    tac: text({ maxLength: 50, searchable: true }),
    description: text({ maxLength: 500, multiline: true }),
  },
  list: ['name', 'manufacturer', 'protocol', 'tac'],
  recordLabel: ['name'],
  defaultSort: ['name', 'ASC'],
  emptyMessage: 'resources.device-model.empty',
});
