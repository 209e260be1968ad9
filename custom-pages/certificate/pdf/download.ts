import { createElement } from 'react';
import { pdf, type DocumentProps } from '@react-pdf/renderer';
import type { ReactElement } from 'react';
import type { CertificateData } from '../../../resources/certificate.ts';
import { currentBrand } from '../../../brands/index.ts';
import { fetchUpload } from '../../../src/resources/inputs/usePrivateFile.ts';
import { certificateFileName, type Translate } from '../sections.ts';
import { CertificateDocument } from './CertificateDocument.tsx';
import { registerBrowserFonts } from './browserFonts.ts';

const asDataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });

/** Every image of the certificate as a data URL (KYC documents read with the session's token); one that fails is left out. */
async function embeddedImages(data: CertificateData): Promise<Record<string, string>> {
  const urls = [...data.vehicle.rcImages, ...data.device.deviceImages, ...data.owner.kycDocs.map((d) => d.link)];
  const read = await Promise.all(
    urls.map(async (url) => {
      try {
        return [url, await asDataUrl(await fetchUpload(url))] as const;
      } catch (error) {
        console.error('Certificate image left out', url, error);
        return undefined;
      }
    }),
  );
  return Object.fromEntries(read.filter((entry) => entry !== undefined));
}

/** The certificate PDF as a Blob, built in the browser. */
export async function certificatePdf(data: CertificateData, t: Translate, qrCode?: string): Promise<Blob> {
  registerBrowserFonts();
  const document = createElement(CertificateDocument, {
    data,
    t,
    brand: currentBrand(),
    qrCode,
    images: await embeddedImages(data),
  });
  return pdf(document as unknown as ReactElement<DocumentProps>).toBlob();
}

/** Builds the PDF and saves it as `{registration number}-VLTD_Certificate-{fitment date}.pdf`. */
export async function downloadCertificatePdf(data: CertificateData, t: Translate, qrCode?: string): Promise<void> {
  const blob = await certificatePdf(data, t, qrCode);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = certificateFileName(data);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
