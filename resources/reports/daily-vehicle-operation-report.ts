import { defineReport } from './define.ts';
import { runColumn, timeColumns, vehicleColumns } from './run-columns.ts';

/** One row per vehicle per Asia/Kolkata day: when it started and stopped working, and how much of the day it ran. */
export default defineReport({
  slug: 'daily-vehicle-operation-report',
  api: '/report/daily-vehicle-operation',
  title: 'menu.reports.dailyVehicleOperation',
  columns: [
    runColumn('day', 'date'),
    ...vehicleColumns(),
    runColumn('firstIgnitionOn', 'datetime'),
    runColumn('lastIgnitionOff', 'datetime'),
    runColumn('workingHours', 'duration', { total: 'sum', priority: 1 }),
    ...timeColumns(),
    runColumn('utilisation', 'percent', { total: 'avg', priority: 2 }),
    runColumn('trips', 'count', { total: 'sum' }),
    runColumn('distance', 'distance', { total: 'sum', priority: 2 }),
  ],
  defaultSort: ['day', 'DESC'],
  defaultPreset: 'yesterday',
  pickers: { vehicle: true, group: true },
  chart: {
    kind: 'bar',
    title: 'runReports.charts.workingPerDay',
    keyType: 'date',
    series: [
      { name: 'running', label: 'runReports.columns.running', type: 'duration' },
      { name: 'idle', label: 'runReports.columns.idle', type: 'duration' },
    ],
  },
  emptyMessage: 'runReports.empty',
});
