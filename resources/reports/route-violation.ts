import { defineReport } from './define.ts';

/** Each time a vehicle left its assigned route (the ROUTE_VIOLATION event), with the route and how far off it was. */
export default defineReport({
  slug: 'route-violation',
  api: '/report/route-violation',
  title: 'menu.reports.routeViolation',
  columns: [
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
    { name: 'routeName', label: 'reports.columns.routeName', type: 'text', sortable: true, priority: 2 },
    { name: 'place', label: 'reports.columns.place', type: 'place' },
    {
      name: 'metersOffRoute',
      label: 'reports.columns.metersOffRoute',
      type: 'number',
      sortable: true,
      total: 'max',
      priority: 1,
    },
  ],
  defaultSort: ['eventTime', 'DESC'],
  defaultPreset: 'today',
  pickers: { vehicle: true, group: true },
  emptyMessage: 'reports.routeViolation.empty',
});
