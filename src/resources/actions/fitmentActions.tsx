import type { RaRecord } from 'react-admin';
import { apiCall } from '../../../providers/httpClient.ts';
import type { ResourceAction } from './types.ts';
import { certificatePagePath } from '../../../resources/certificate.ts';
import { lazyPart } from '../../lazyPage.tsx';

// the certificate feature's dialog, fetched with its PDF code when first opened
const DownloadCertificateDialog = lazyPart(
  () => import('../../../custom-pages/certificate/DownloadCertificateDialog.tsx'),
  'DownloadCertificateDialog',
);

const fitmentNames = (fitment: RaRecord) => ({ registrationNumber: fitment.registrationNumber, imei: fitment.imei });

/** The fitment list's activation calls (each asked first: they start or stop tracking, and bill), its certificate actions, and a device's Create Activation (the fitment form for that device). */
export const fitmentActions: Record<string, ResourceAction> = {
  'approve-activation': {
    visible: (fitment) => fitment.activationStatus !== 'ACTIVE',
    confirm: {
      title: 'fitment.confirmApprove.title',
      message: 'fitment.confirmApprove.message',
      confirmLabel: 'fitment.confirmApprove.confirm',
      values: fitmentNames,
    },
    run: async (fitment) => {
      await apiCall(`/activation/approve/${fitment.id}`, 'PUT');
      return { message: 'fitment.approved' };
    },
  },
  'undo-activation': {
    visible: (fitment) => fitment.activationStatus !== 'INACTIVE',
    confirm: {
      title: 'fitment.confirmUndo.title',
      message: 'fitment.confirmUndo.message',
      confirmLabel: 'fitment.confirmUndo.confirm',
      values: fitmentNames,
    },
    run: async (fitment) => {
      await apiCall(`/activation/undo/${fitment.id}`, 'PUT');
      return { message: 'fitment.undone' };
    },
  },
  // the public certificate page in a new tab; the PDF built here and saved
  'view-certificate': { href: (fitment) => certificatePagePath(String(fitment.imei)) },
  'generate-certificate': { Dialog: DownloadCertificateDialog },
  'create-activation': {
    to: (device) => `/fitment/add?imei=${encodeURIComponent(String(device.imei))}`,
    // an installed device already has its fitment, a defective one cannot be fitted
    enabled: (device) => device.status === 'NEW' || device.status === 'ALLOCATED',
  },
};
