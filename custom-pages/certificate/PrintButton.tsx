import { useState } from 'react';
import { Button, CircularProgress } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import { useTranslate } from 'react-admin';
import type { CertificateData } from '../../resources/certificate.ts';

/**
 * Print: builds the PDF in the browser and downloads it, showing "Loading document..." meanwhile.
 * The PDF module (and @react-pdf/renderer with it) loads only now. A failure is logged only (spec §8).
 */
export function PrintButton({ data, qrCode }: { data: CertificateData; qrCode: string | undefined }) {
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const print = async () => {
    setBusy(true);
    try {
      const { downloadCertificatePdf } = await import('./pdf/download.ts');
      await downloadCertificatePdf(data, translate, qrCode);
    } catch (error) {
      console.error('Certificate PDF failed', error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="contained"
      onClick={() => void print()}
      disabled={busy}
      aria-busy={busy}
      startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <PrintIcon />}
    >
      {busy ? translate('certificate.loadingDocument') : translate('certificate.print')}
    </Button>
  );
}
