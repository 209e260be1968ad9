import {
  choice,
  crudPermissions,
  defineResource,
  geometry,
  number,
  organisationField,
  reference,
  text,
} from '../define.ts';
import { TAG_TYPES } from './item.ts';

/** A point that waste is collected from; a POI without a kind is not a collection point. */
export const POI_KINDS = ['HOUSEHOLD', 'BIN'] as const;

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
    name: text({ priority: 1, required: true, maxLength: 100, searchable: true, sortable: true }),
    description: text({ maxLength: 500, multiline: true, searchable: true }),
    location: geometry(['Point'], { required: true }),
    radiusMeters: number({ integer: true, min: 5, max: 10000, default: 50 }),
    kind: choice(POI_KINDS, { priority: 2, filterable: true, sortable: true, choiceLabels: 'collection.kinds' }),
    // how the point is identified at the door, the spec's tag types (none: left empty)
    tagType: choice(TAG_TYPES, { filterable: true, sortable: true, choiceLabels: 'collection.tagTypes' }),
    wardId: reference('admin-division', { priority: 2, filterable: true, onDelete: 'set null' }),
    organisationId: organisationField({ sortable: true }),
  },
  list: ['name', 'description', 'location', 'radiusMeters', 'kind', 'tagType', 'wardId', 'organisationId'],
  recordLabel: ['name'],
  defaultSort: ['name', 'ASC'],
  emptyMessage: 'resources.POI.empty',
});
