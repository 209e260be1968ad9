import { defineReport } from './define.ts';
import { POI_KINDS } from '../entities/poi.ts';

/** Smart-city collection: per vehicle per day, the points its jobs scheduled, collected and missed (docs/reports.md). */
export default defineReport({
  slug: 'collection',
  api: '/report/collection',
  title: 'menu.reports.collection',
  columns: [
    { name: 'day', label: 'collection.columns.day', type: 'date', sortable: true, priority: 1 },
    {
      name: 'vehicleName',
      label: 'collection.columns.vehicleName',
      type: 'text',
      sortable: true,
      total: 'count',
      priority: 1,
    },
    { name: 'scheduled', label: 'collection.columns.scheduled', type: 'count', sortable: true, total: 'sum' },
    {
      name: 'collected',
      label: 'collection.columns.collected',
      type: 'count',
      sortable: true,
      total: 'sum',
      priority: 2,
    },
    { name: 'missed', label: 'collection.columns.missed', type: 'count', sortable: true, total: 'sum' },
    { name: 'percent', label: 'collection.columns.percent', type: 'percent', sortable: true, priority: 1 },
  ],
  defaultSort: ['day', 'DESC'],
  defaultPreset: 'today',
  pickers: { vehicle: true, group: true },
  extraFilters: [
    { name: 'ward', label: 'collection.filters.ward', type: 'text' },
    {
      name: 'kind',
      label: 'collection.filters.kind',
      type: 'choice',
      choices: POI_KINDS,
      choiceLabels: 'collection.kinds',
    },
  ],
  chart: {
    kind: 'bar',
    title: 'collection.charts.perDay',
    keyType: 'date',
    series: [
      { name: 'collected', label: 'collection.columns.collected', type: 'count' },
      { name: 'missed', label: 'collection.columns.missed', type: 'count' },
    ],
  },
  emptyMessage: 'collection.empty',
});
