import { defineReport } from './define.ts';
import { TAG_TYPES } from '../entities/item.ts';

export const COLLECTED_CHOICES = ['YES', 'NO'] as const;

/** Door to door: each household on each day a job scheduled it: collected or not, when, by which vehicle (docs/reports.md). */
export default defineReport({
  slug: 'd2d-collection',
  api: '/report/d2d-collection',
  title: 'menu.reports.d2dCollection',
  columns: [
    { name: 'day', label: 'collection.columns.day', type: 'date', sortable: true, priority: 1 },
    {
      name: 'poiName',
      label: 'collection.columns.household',
      type: 'text',
      sortable: true,
      total: 'count',
      priority: 1,
    },
    {
      name: 'tagType',
      label: 'collection.columns.tagType',
      type: 'text',
      sortable: true,
      labels: 'collection.tagTypes',
    },
    { name: 'wardName', label: 'collection.columns.ward', type: 'text', sortable: true, priority: 2 },
    { name: 'circleName', label: 'collection.columns.circle', type: 'text', sortable: true, hidden: true },
    {
      name: 'collected',
      label: 'collection.columns.collectedYesNo',
      type: 'text',
      sortable: true,
      labels: 'collection.yesNo',
      priority: 1,
    },
    { name: 'collectedAt', label: 'collection.columns.collectedAt', type: 'datetime', sortable: true, priority: 2 },
    { name: 'vehicleName', label: 'collection.columns.vehicleName', type: 'text', sortable: true },
    { name: 'collectedCount', label: 'collection.columns.collected', type: 'count', total: 'sum', hidden: true },
  ],
  defaultSort: ['day', 'DESC'],
  defaultPreset: 'today',
  pickers: { vehicle: true, group: true },
  extraFilters: [
    { name: 'ward', label: 'collection.filters.ward', type: 'text' },
    {
      name: 'tagType',
      label: 'collection.filters.tagType',
      type: 'choice',
      choices: TAG_TYPES,
      choiceLabels: 'collection.tagTypes',
    },
    {
      name: 'collected',
      label: 'collection.filters.collected',
      type: 'choice',
      choices: COLLECTED_CHOICES,
      choiceLabels: 'collection.yesNo',
    },
  ],
  emptyMessage: 'collection.empty',
});
