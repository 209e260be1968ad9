import type { CertificateData } from '../../resources/certificate.ts';
import { addIndianMonths, formatDate } from '../../core/format/date.ts';

/** The device standard and the warranty's fixed terms (spec §9). */
export const DEVICE_STANDARD = 'AIS140';
export const WARRANTY_MONTHS = 12;
export const JURISDICTION = 'Kolkata';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The spec's "certificate section definition": a header, its type, and header/value pairs (info) or image addresses. */
export type CertificateSection =
  | { header: string; type: 'info'; data: { header: string; value: string; corrected?: boolean }[] }
  | { header: string; type: 'image'; images: string[] };

const EMPTY = '—';
const shown = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? EMPTY : String(value);
const fullName = (person: { firstName: string | null; lastName: string | null }) =>
  [person.firstName, person.lastName].filter(Boolean).join(' ');

/**
 * The certificate's sections in the spec's order (vehicle, device, vendor, owner, fitter, RC
 * images, device images, KYC images), with texts as shown: the page and the PDF both draw these.
 * KYC images are listed only in a full certificate (the server sends none otherwise).
 */
export function certificateSections(data: CertificateData, t: Translate): CertificateSection[] {
  const field = (key: string) => t(`certificate.fields.${key}`);
  const isCorrected = (name: string) => data.corrected.includes(name);
  const vendorAddress = [
    data.vendor.address.landmark,
    data.vendor.address.city,
    data.vendor.address.state,
    data.vendor.address.pin,
    data.vendor.address.country,
  ]
    .filter(Boolean)
    .join(', ');
  const info = (header: string, rows: [string, string | number | null | undefined, string?][]): CertificateSection => ({
    header: t(`certificate.sections.${header}`),
    type: 'info',
    data: rows.map(([key, value, correctedName]) => ({
      header: field(key),
      value: shown(value),
      corrected: correctedName ? isCorrected(correctedName) : undefined,
    })),
  });
  const { vehicle, device, fitment, owner } = data;
  return [
    info('vehicle', [
      ['registrationNumber', vehicle.registrationNumber],
      ['category', vehicle.category],
      ['rto', vehicle.rto],
      ['regDate', formatDate(vehicle.regDate), 'vehicle.regDate'],
      ['engineNo', vehicle.engineNo, 'vehicle.engineNo'],
      ['chassisNo', vehicle.chassisNo, 'vehicle.chassisNo'],
      ['make', vehicle.make, 'vehicle.make'],
      ['model', vehicle.model, 'vehicle.model'],
    ]),
    info('device', [
      ['imei', device.imei],
      ['uid', device.uid],
      ['deviceModel', device.model],
      ['tac', device.tac],
      ['standard', DEVICE_STANDARD],
      ['panicButtonCount', device.panicButtonCount],
      ['sim1', device.sim1],
      ['sim2', device.sim2],
      ['iccid', device.iccid],
      ['fitmentDate', formatDate(fitment.date)],
      ['validTill', formatDate(fitment.expiresOn)],
    ]),
    info('vendor', [
      ['brandName', data.vendor.brandName],
      ['tradeName', data.vendor.tradeName],
      ['email', data.vendor.email],
      ['contact', data.vendor.contact],
      ['address', vendorAddress],
    ]),
    info('owner', [
      ['name', fullName(owner)],
      ['phone', owner.phone],
      ['email', owner.email],
      ...(data.full ? [['address', owner.address, 'owner.address'] as [string, string | null, string]] : []),
    ]),
    info('fitter', [
      ['name', fullName(fitment.by), isCorrected('fitter.firstName') ? 'fitter.firstName' : 'fitter.lastName'],
      ...(data.full
        ? ([
            ['phone', fitment.by.phone],
            ['email', fitment.by.email],
          ] as [string, string | null][])
        : []),
    ]),
    { header: t('certificate.sections.rcImages'), type: 'image', images: vehicle.rcImages },
    { header: t('certificate.sections.deviceImages'), type: 'image', images: device.deviceImages },
    { header: t('certificate.sections.kycImages'), type: 'image', images: owner.kycDocs.map((d) => d.link) },
  ];
}

/** `{registration number}-VLTD_Certificate-{fitment date}.pdf`, the date dd-MM-yyyy (a file name cannot hold a slash). */
export function certificateFileName(data: CertificateData): string {
  return `${data.vehicle.registrationNumber}-VLTD_Certificate-${formatDate(data.fitment.date).replaceAll('/', '-')}.pdf`;
}

/**
 * The warranty's period and the day it ends, beside the warranty's texts: 12 months from the
 * installation (the fitment date), so the end is that day 12 months on, whatever the activation's
 * own validity ("Valid Till", the fitment's duration) is.
 */
export function warrantyPeriod(data: CertificateData, t: Translate): { header: string; value: string }[] {
  return [
    {
      header: t('certificate.fields.warrantyPeriod'),
      value: t('certificate.warranty.period', { months: WARRANTY_MONTHS, date: formatDate(data.fitment.date) }),
    },
    {
      header: t('certificate.fields.warrantyEndsOn'),
      value: formatDate(addIndianMonths(data.fitment.date, WARRANTY_MONTHS)),
    },
  ];
}

/** The warranty's texts with the brand's names, the months, the standard and the jurisdiction filled in. */
export function warrantyTexts(t: Translate, brandNames: string[]) {
  const args = {
    brand: brandNames.join(' / '),
    months: WARRANTY_MONTHS,
    standard: DEVICE_STANDARD,
    jurisdiction: JURISDICTION,
  };
  const w = (key: string) => t(`certificate.warranty.${key}`, args);
  return {
    title: w('title'),
    sections: [
      { heading: w('headings.terms'), paragraphs: [w('terms')] },
      { heading: w('headings.claims'), paragraphs: [w('claims')] },
      { heading: w('headings.notCovered'), points: [1, 2, 3, 4, 5, 6, 7, 8].map((n) => w(`exclusions.${n}`)) },
      { heading: w('headings.conditions'), paragraphs: [w('conditions')] },
      { heading: w('headings.repairs'), paragraphs: [w('repairs')] },
    ] as { heading: string; paragraphs?: string[]; points?: string[] }[],
  };
}
