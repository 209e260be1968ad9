import { useEffect } from 'react';
import { CircularProgress, Dialog, DialogContent, Stack, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { apiCall } from '../../providers/httpClient.ts';
import { certificatePagePath, type CertificateData } from '../../resources/certificate.ts';
import type { ActionDialogProps } from '../../src/resources/actions/types.ts';

/** The public address of a device's certificate page. */
const certificateAddress = (imei: string) => `${window.location.origin}${certificatePagePath(imei)}`;

/**
 * The fitment list's Download Certificate: reads the certificate, builds the PDF in the browser
 * (the PDF module loads now) and saves it, showing "Loading document..." meanwhile.
 */
export function DownloadCertificateDialog({ record, onClose }: ActionDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const imei = String(record?.imei ?? '');
  useEffect(() => {
    let live = true;
    (async () => {
      try {
        const data = await apiCall<CertificateData>(`/certificate/${encodeURIComponent(imei)}`);
        // the PDF module and the QR encoder load only now, never with the list
        const [{ downloadCertificatePdf }, { default: QRCode }] = await Promise.all([
          import('./pdf/download.ts'),
          import('qrcode'),
        ]);
        const qrCode = await QRCode.toDataURL(certificateAddress(imei), {
          errorCorrectionLevel: 'M',
          margin: 2,
          width: 240,
        });
        if (live) await downloadCertificatePdf(data, translate, qrCode);
      } catch (error) {
        console.error('Certificate PDF failed', error);
        if (live)
          notify((error as { body?: { message?: string } }).body?.message ?? 'certificate.loadFailed', {
            type: 'error',
          });
      } finally {
        if (live) onClose(false);
      }
    })();
    return () => {
      live = false;
    };
    // one download per opening
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Dialog open aria-label={translate('certificate.loadingDocument')}>
      <DialogContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <CircularProgress size={24} />
          <Typography>{translate('certificate.loadingDocument')}</Typography>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
