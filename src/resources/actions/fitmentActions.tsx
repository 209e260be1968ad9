import { apiCall } from '../../../providers/httpClient.ts';
import type { ResourceAction } from './types.ts';

/** The fitment list's activation calls, and a device's Create Activation (the fitment form for that device). */
export const fitmentActions: Record<string, ResourceAction> = {
  'approve-activation': {
    visible: (fitment) => fitment.activationStatus !== 'ACTIVE',
    run: async (fitment) => { await apiCall(`/activation/approve/${fitment.id}`, 'PUT'); return { message: 'fitment.approved' }; },
  },
  'undo-activation': {
    visible: (fitment) => fitment.activationStatus !== 'INACTIVE',
    run: async (fitment) => { await apiCall(`/activation/undo/${fitment.id}`, 'PUT'); return { message: 'fitment.undone' }; },
  },
  'create-activation': {
    to: (device) => `/fitment/add?imei=${encodeURIComponent(String(device.imei))}`,
    // an installed device already has its fitment, a defective one cannot be fitted
    enabled: (device) => device.status === 'NEW' || device.status === 'ALLOCATED',
  },
};
