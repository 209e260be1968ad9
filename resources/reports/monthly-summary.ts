import { defineReport } from './define.ts';
import { periodSumColumns, runColumn, vehicleColumns } from './run-columns.ts';

/** One row per vehicle per Asia/Kolkata calendar month; a year at most. */
export default defineReport({
  slug: 'monthly-summary',
  api: '/report/monthly-summary',
  title: 'menu.reports.monthlySummary',
  columns: [runColumn('month', 'month'), ...vehicleColumns(), ...periodSumColumns()],
  defaultSort: ['month', 'DESC'],
  defaultPreset: 'thisMonth',
  pickers: { vehicle: true, group: true },
  chart: {
    kind: 'bar',
    title: 'runReports.charts.distancePerMonth',
    keyType: 'month',
    series: [{ name: 'distance', label: 'runReports.columns.distance', type: 'distance' }],
  },
  maxDays: 366,
  emptyMessage: 'runReports.empty',
});
