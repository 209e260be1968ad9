import { defineReport } from './define.ts';
import alert from './alert.ts';

/**
 * The SOS alerts alone: the alert report's API with the type fixed to SOS, with each SOS's case:
 * open, escalated (to which level) or acknowledged (by whom, when, with the note).
 */
export default defineReport({
  ...alert,
  slug: 'sosalert',
  title: 'menu.reports.sosAlert',
  columns: [
    ...alert.columns.map((c) => (c.name === 'type' ? { ...c, hidden: true } : c)),
    {
      name: 'sosStatus',
      label: 'reports.columns.sosStatus',
      type: 'text',
      labels: 'reports.sosalert.status',
      priority: 1,
    },
    { name: 'escalationLevel', label: 'reports.columns.escalationLevel', type: 'count', hidden: true },
    { name: 'acknowledgedBy', label: 'reports.columns.acknowledgedBy', type: 'text', priority: 2 },
    { name: 'acknowledgedAt', label: 'reports.columns.acknowledgedAt', type: 'datetime', priority: 3 },
    { name: 'acknowledgementNote', label: 'reports.columns.acknowledgementNote', type: 'text', priority: 3 },
  ],
  fixedFilter: { type: 'SOS' },
  extraFilters: [],
  chart: undefined,
  emptyMessage: 'reports.sosalert.empty',
});
