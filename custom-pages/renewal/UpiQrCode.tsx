import { useEffect, useState } from 'react';
import { Box } from '@mui/material';
import QRCode from 'qrcode';

/** The UPI link as a QR code any UPI app scans: payee, amount and reference filled in. */
export function UpiQrCode({ uri, alt }: { uri: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 }).then((url) => {
      if (current) setSrc(url);
    });
    return () => {
      current = false;
    };
  }, [uri]);
  return src ? (
    <Box component="img" src={src} alt={alt} data-testid="upi-qr" sx={{ width: 240, height: 240, maxWidth: '100%' }} />
  ) : (
    <Box sx={{ width: 240, height: 240 }} />
  );
}
