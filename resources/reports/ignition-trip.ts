import { defineReport } from './define.ts';
import { runColumn, vehicleColumns } from './run-columns.ts';

/** Every trip (from leaving a stop to the next stop) row by row; one still going on is marked open. */
export default defineReport({
  slug: 'ignition-trip',
  api: '/report/ignition-trip',
  title: 'menu.reports.ignitionTrip',
  columns: [
    ...vehicleColumns({ total: 'count' }),
    runColumn('startTime', 'datetime', { priority: 1 }),
    runColumn('startPlace', 'place', { sortable: false }),
    runColumn('endTime', 'datetime', { priority: 2 }),
    runColumn('endPlace', 'place', { sortable: false }),
    runColumn('distance', 'distance', { total: 'sum', priority: 2 }),
    runColumn('duration', 'duration', { total: 'sum', priority: 2 }),
    runColumn('maxSpeed', 'speed', { total: 'max' }),
    runColumn('averageSpeed', 'speed'),
    runColumn('ignitionOn', 'duration', { total: 'sum' }),
    runColumn('status', 'text', { labels: 'runReports.status' }),
  ],
  defaultSort: ['startTime', 'DESC'],
  defaultPreset: 'today',
  pickers: { vehicle: true, group: true },
  emptyMessage: 'runReports.noTrips',
});
