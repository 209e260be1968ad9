import { defineReport, type ReportColumn } from './define.ts';
import { EVENT_TYPES } from './event-types.ts';

/** The columns of an event row, shared by the alert and SOS reports. */
export const eventColumns: ReportColumn[] = [
  { name: 'eventTime', label: 'reports.columns.eventTime', type: 'datetime', sortable: true, priority: 1 },
  {
    name: 'registrationNumber',
    label: 'reports.columns.registrationNumber',
    type: 'text',
    sortable: true,
    total: 'count',
    priority: 1,
  },
  { name: 'vehicleName', label: 'reports.columns.vehicleName', type: 'text', sortable: true, hidden: true },
  { name: 'imei', label: 'reports.columns.imei', type: 'text', sortable: true, hidden: true },
  {
    name: 'type',
    label: 'reports.columns.alertType',
    type: 'text',
    sortable: true,
    labels: 'tracking.events',
    priority: 1,
  },
  { name: 'place', label: 'reports.columns.place', type: 'place' },
  { name: 'speed', label: 'reports.columns.speed', type: 'speed', sortable: true, total: 'max' },
  { name: 'details', label: 'reports.columns.details', type: 'text', priority: 2 },
];

/** Every alert of the caller's vehicles in the period, newest first; a bar chart counts them by type. */
export default defineReport({
  slug: 'alert',
  api: '/report/alertv2',
  title: 'menu.reports.alert',
  columns: eventColumns,
  defaultSort: ['eventTime', 'DESC'],
  defaultPreset: 'today',
  pickers: { vehicle: true, group: true },
  extraFilters: [
    {
      name: 'type',
      label: 'reports.columns.alertType',
      type: 'choice',
      choices: EVENT_TYPES,
      choiceLabels: 'tracking.events',
    },
  ],
  chart: {
    kind: 'bar',
    title: 'reports.alert.chart',
    keyType: 'text',
    keyLabels: 'tracking.events',
    series: [{ name: 'count', label: 'reports.alert.count', type: 'count' }],
  },
  emptyMessage: 'reports.alert.empty',
});
