import { defineReport } from './define.ts';
import { periodSumColumns, runColumn, vehicleColumns } from './run-columns.ts';

/** One row per vehicle over the whole period. */
export default defineReport({
  slug: 'total-run-summary',
  api: '/report/total-run',
  title: 'menu.reports.totalRunSummary',
  columns: [
    ...vehicleColumns({ total: 'count' }),
    ...periodSumColumns(),
    runColumn('averageDistance', 'distance', { total: 'avg' }),
  ],
  defaultSort: ['distance', 'DESC'],
  defaultPreset: 'thisMonth',
  pickers: { vehicle: true, group: true },
  chart: {
    kind: 'bar',
    title: 'runReports.charts.distancePerVehicle',
    keyType: 'text',
    series: [{ name: 'distance', label: 'runReports.columns.distance', type: 'distance' }],
  },
  emptyMessage: 'runReports.empty',
});
