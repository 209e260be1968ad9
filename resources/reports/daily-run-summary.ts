import { defineReport } from './define.ts';
import { runColumn, timeColumns, vehicleColumns } from './run-columns.ts';

/** One row per vehicle per Asia/Kolkata day, from daily_summaries. */
export default defineReport({
  slug: 'daily-run-summary',
  api: '/report/daily-run',
  title: 'menu.reports.dailyRunSummary',
  columns: [
    runColumn('day', 'date'),
    ...vehicleColumns(),
    runColumn('distance', 'distance', { total: 'sum', priority: 1 }),
    ...timeColumns(),
    runColumn('firstIgnitionOn', 'datetime'),
    runColumn('lastIgnitionOff', 'datetime'),
    runColumn('maxSpeed', 'speed', { total: 'max', priority: 2 }),
    runColumn('trips', 'count', { total: 'sum' }),
    runColumn('alerts', 'count', { total: 'sum' }),
  ],
  defaultSort: ['day', 'DESC'],
  defaultPreset: 'thisWeek',
  pickers: { vehicle: true, group: true },
  chart: {
    kind: 'bar',
    title: 'runReports.charts.distancePerDay',
    keyType: 'date',
    series: [{ name: 'distance', label: 'runReports.columns.distance', type: 'distance' }],
  },
  emptyMessage: 'runReports.empty',
});
