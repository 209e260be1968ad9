import { choice, crudPermissions, defineResource, text } from '../define.ts';
import { STATE_IDS } from '../india.ts';

/**
 * The RTO catalogue the fitment form picks from: regional transport offices by state. The
 * offices change (new ones open), so administrators keep the list; docs/fitment.md says why it
 * is not bundled.
 */
export default defineResource({
  name: 'rto',
  api: '/rto',
  table: 'rtos',
  path: '/management/rto',
  title: 'menu.management.rtos',
  module: 'management-rto',
  scope: 'global',
  // every fitting user picks from it
  readableBySignedIn: true,
  permissions: crudPermissions('rto'),
  fields: {
    state: choice(STATE_IDS, { priority: 2, required: true, filterable: true, sortable: true }),
    code: text({ priority: 1, required: true, rule: 'rtoCode', unique: true, searchable: true, sortable: true }),
    name: text({ priority: 1, required: true, maxLength: 100, searchable: true, sortable: true }),
  },
  list: ['code', 'name', 'state'],
  recordLabel: ['name', 'code'],
  defaultSort: ['code', 'ASC'],
  emptyMessage: 'resources.rto.empty',
});
