import { defineReport } from './define.ts';

/** Vehicles whose device has not been heard from for longer than a threshold (default: the organisation's offline setting); the present, no period. */
export default defineReport({
  slug: 'offline',
  api: '/report/device-offline',
  title: 'menu.reports.offline',
  columns: [
    {
      name: 'registrationNumber',
      label: 'reports.columns.registrationNumber',
      type: 'text',
      sortable: true,
      total: 'count',
      priority: 1,
    },
    { name: 'vehicleName', label: 'reports.columns.vehicleName', type: 'text', sortable: true },
    { name: 'imei', label: 'reports.columns.imei', type: 'text', sortable: true, hidden: true },
    { name: 'groupName', label: 'reports.columns.groupName', type: 'text', sortable: true, hidden: true },
    { name: 'lastSeenAt', label: 'reports.columns.lastSeenAt', type: 'datetime', sortable: true, priority: 2 },
    {
      name: 'offlineSeconds',
      label: 'reports.columns.offlineFor',
      type: 'duration',
      sortable: true,
      total: 'max',
      priority: 1,
    },
    { name: 'place', label: 'reports.columns.lastPlace', type: 'place' },
  ],
  defaultSort: ['offlineSeconds', 'DESC'],
  defaultPreset: 'today',
  noPeriod: true,
  pickers: { vehicle: true, group: true },
  // from a minute to 92 days
  extraFilters: [{ name: 'minutes', label: 'reports.offline.minutes', type: 'number', min: 1, max: 92 * 1440 }],
  emptyMessage: 'reports.offline.empty',
});
