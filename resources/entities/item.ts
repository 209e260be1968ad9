import { choice, crudPermissions, defineResource, number, organisationField, reference, text } from '../define.ts';

export const ITEM_STATUSES = ['IN_STOCK', 'ISSUED', 'RETURNED'] as const;
export const RETURN_REASONS = ['Unsold stock', 'Faulty Device', 'Unsatisfactory device performance'] as const;
export const TAG_TYPES = ['QR', 'RFID'] as const;

/** An inventory unit: a tag, a tracker or an accessory, optionally attached to a vehicle. */
export default defineResource({
  name: 'item',
  api: '/item',
  table: 'items',
  path: '/item',
  title: 'menu.management.items',
  module: 'management-item',
  scope: 'organisation',
  permissions: crudPermissions('item'),
  fields: {
    name: text({ priority: 1, required: true, maxLength: 100, searchable: true, sortable: true }),
    code: text({ priority: 2, maxLength: 50, unique: true, searchable: true, sortable: true }),
    tagType: choice(TAG_TYPES, { filterable: true }),
    quantity: number({ priority: 2, integer: true, min: 0, default: 1, sortable: true }),
    status: choice(ITEM_STATUSES, { priority: 2, default: 'IN_STOCK', filterable: true, sortable: true }),
    returnReason: choice(RETURN_REASONS, { filterable: true }),
    vehicleId: reference('vehicle', { filterable: true }),
    organisationId: organisationField({ sortable: true }),
  },
  list: ['name', 'code', 'tagType', 'quantity', 'status', 'vehicleId', 'organisationId'],
  recordLabel: ['name'],
  defaultSort: ['name', 'ASC'],
  // the spec's Item list row action: opens the vehicle the item is attached to
  rowActions: [{ id: 'see-attached-vehicle', label: 'permissions.see-attached-vehicle' }],
  emptyMessage: 'resources.item.empty',
});
