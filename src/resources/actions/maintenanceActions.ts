import { apiCall } from '../../../providers/httpClient.ts';
import type { ResourceAction } from './types.ts';

export const maintenanceActions: Record<string, ResourceAction> = {
  // the service was made: the server records it now and starts the next period (server/reminders/maintenance.ts)
  'done-maintenance-schedule': {
    confirm: {
      title: 'maintenance.doneConfirmTitle',
      message: 'maintenance.doneConfirm',
      confirmLabel: 'maintenance.doneLabel',
      values: (schedule) => ({ name: String(schedule.name ?? '') }),
    },
    run: (schedule) => apiCall(`/maintenance-schedules/${schedule.id}/done`, 'POST'),
  },
};
