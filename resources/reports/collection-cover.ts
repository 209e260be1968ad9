import { defineReport } from './define.ts';
import { TAG_TYPES } from '../entities/item.ts';
import { ADMIN_DIVISION_KINDS } from '../entities/admin-division.ts';

/** Coverage per ward (or per circle): households and bins, how many were collected in the period, the share (docs/reports.md). */
export default defineReport({
  slug: 'collection-cover',
  api: '/report/collection-cover',
  title: 'menu.reports.collectionCover',
  columns: [
    { name: 'name', label: 'collection.columns.division', type: 'text', sortable: true, total: 'count', priority: 1 },
    { name: 'parentName', label: 'collection.columns.circle', type: 'text', sortable: true },
    {
      name: 'households',
      label: 'collection.columns.households',
      type: 'count',
      sortable: true,
      total: 'sum',
      priority: 2,
    },
    {
      name: 'householdsCovered',
      label: 'collection.columns.householdsCovered',
      type: 'count',
      sortable: true,
      total: 'sum',
    },
    { name: 'bins', label: 'collection.columns.bins', type: 'count', sortable: true, total: 'sum' },
    { name: 'binsCovered', label: 'collection.columns.binsCovered', type: 'count', sortable: true, total: 'sum' },
    { name: 'percent', label: 'collection.columns.coverage', type: 'percent', sortable: true, priority: 1 },
  ],
  defaultSort: ['name', 'ASC'],
  defaultPreset: 'today',
  pickers: { vehicle: true, group: true },
  extraFilters: [
    {
      name: 'level',
      label: 'collection.filters.level',
      type: 'choice',
      choices: ADMIN_DIVISION_KINDS,
      choiceLabels: 'collection.levels',
    },
    { name: 'ward', label: 'collection.filters.ward', type: 'text' },
    {
      name: 'tagType',
      label: 'collection.filters.tagType',
      type: 'choice',
      choices: TAG_TYPES,
      choiceLabels: 'collection.tagTypes',
    },
  ],
  chart: {
    kind: 'bar',
    title: 'collection.charts.coverage',
    keyType: 'text',
    series: [{ name: 'percent', label: 'collection.columns.coverage', type: 'percent' }],
  },
  emptyMessage: 'collection.coverEmpty',
});
