import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/** The page's own address without query or fragment: what the QR code holds. */
export const pageAddress = () => `${window.location.origin}${window.location.pathname}`;

/** A PNG data URL of a QR code of `text` (the page draws it, and the PDF reuses it). */
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
