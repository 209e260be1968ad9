import { defineReport } from './define.ts';
import { runColumn } from './run-columns.ts';

/** One vehicle's trips and the stops between them, in time order: the vehicle's day read as a list. */
export default defineReport({
  slug: 'custom-trip',
  api: '/custom-trip',
  title: 'menu.reports.customTrip',
  columns: [
    runColumn('kind', 'text', { labels: 'runReports.kind', total: 'count', priority: 1 }),
    runColumn('startTime', 'datetime', { priority: 1 }),
    runColumn('endTime', 'datetime'),
    runColumn('startPlace', 'place', { sortable: false }),
    runColumn('endPlace', 'place', { sortable: false }),
    runColumn('distance', 'distance', { total: 'sum', priority: 2 }),
    runColumn('duration', 'duration', { total: 'sum', priority: 2 }),
    runColumn('maxSpeed', 'speed', { total: 'max' }),
    runColumn('averageSpeed', 'speed'),
    runColumn('ignitionOn', 'duration', { total: 'sum' }),
    runColumn('status', 'text', { labels: 'runReports.status', hidden: true }),
  ],
  defaultSort: ['startTime', 'ASC'],
  defaultPreset: 'today',
  pickers: { vehicle: 'single', group: false },
  extraFilters: [
    { name: 'minDistance', label: 'runReports.filters.minDistance', type: 'number' },
    { name: 'minDuration', label: 'runReports.filters.minDuration', type: 'number' },
  ],
  emptyMessage: 'runReports.noTrips',
});
