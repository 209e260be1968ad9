import { defineReport } from './define.ts';
import alert from './alert.ts';

/** The SOS alerts alone: the alert report's API with the type fixed to SOS. */
export default defineReport({
  ...alert,
  slug: 'sosalert',
  title: 'menu.reports.sosAlert',
  columns: alert.columns.map((c) => (c.name === 'type' ? { ...c, hidden: true } : c)),
  fixedFilter: { type: 'SOS' },
  extraFilters: [],
  chart: undefined,
  emptyMessage: 'reports.sosalert.empty',
});
