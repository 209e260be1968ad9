import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/** A PNG data URL of a QR code of `text`: the certificate's address (page and PDF), an authenticator's key. */
export function useQrCode(text: string): string | undefined {
  const [dataUrl, setDataUrl] = useState<string>();
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: 240 })
      .then((url) => {
        if (live) setDataUrl(url);
      })
      .catch((error: unknown) => console.error('QR code failed', error));
    return () => {
      live = false;
    };
  }, [text]);
  return dataUrl;
}
