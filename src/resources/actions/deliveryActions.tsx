import type { RaRecord } from 'react-admin';
import { apiCall } from '../../../providers/httpClient.ts';
import type { ResourceAction } from './types.ts';

const retryable = (message: RaRecord) => message.status === 'queued' || message.status === 'dead';

/** The Deliveries screen's "Retry now": a failed or waiting message goes back to the queue, and a worker takes it at once. */
export const deliveryActions: Record<string, ResourceAction> = {
  'retry-delivery': {
    enabled: retryable,
    disabledHint: () => 'deliveries.notRetryableHint',
    confirm: {
      title: 'deliveries.retry',
      message: 'deliveries.retryIntro',
      confirmLabel: 'deliveries.retry',
      values: (message) => ({ subject: message.subject, recipient: message.recipient }),
    },
    run: async (message) => {
      await apiCall(`/deliveries/${message.id}/retry`, 'POST');
      return { message: 'deliveries.retried' };
    },
  },
};
