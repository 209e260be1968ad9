import type { ResourceAction } from './types.ts';

/** Vehicle Status row actions (spec platform-shell §2): they open the screens about the vehicle, offered only with the module of that screen. */
export const trackingActions: Record<string, ResourceAction> = {
  'see-live-tracking': {
    to: (record) => `/view-operations/live-tracking?vehicleId=${String(record.id)}`,
    needs: [{ resource: 'live-tracking' }],
  },
  'see-route-playback': {
    to: (record) => `/view-operations/route-playback?vehicleId=${String(record.id)}`,
    needs: [{ resource: 'route-playback' }],
  },
  'view-report': {
    to: (record) => `/duty-report?group=${encodeURIComponent(String(record.groupId ?? ''))}`,
    needs: [{ resource: 'duty-report' }],
  },
};
