import { createRequire } from 'node:module';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createElement, type ReactElement } from 'react';
import { renderToBuffer, type DocumentProps } from '@react-pdf/renderer';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import en from '../../core/i18n/en.ts';
import vltd from '../../brands/vltd.ts';
import type { CertificateData } from '../../resources/certificate.ts';
import { CertificateDocument } from '../../custom-pages/certificate/pdf/CertificateDocument.tsx';
import { registerFonts } from '../../custom-pages/certificate/pdf/registerFonts.ts';
import { certificateFileName } from '../../custom-pages/certificate/sections.ts';
import { png } from '../support/png.ts';

const require = createRequire(import.meta.url);
/** The same bundled font files the browser build uses, read from disk. */
const font = (pkg: string, file: string) =>
  path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'files', file);
const { translate } = polyglotI18nProvider(() => en as unknown as TranslationMessages, 'en');

/** A real 8×8 PNG, as a data URL. */
const pngUrl = () => `data:image/png;base64,${png([20, 120, 200]).toString('base64')}`;

const certificate: CertificateData = {
  full: false,
  vehicle: {
    registrationNumber: 'UP78AT4321',
    category: 'TRUCK',
    rto: 'Kanpur Nagar-UP78',
    regDate: '2025-01-15',
    engineNo: 'ENG908100',
    chassisNo: 'MAT448012000',
    make: 'Tata',
    model: 'Ultra T.7',
    rcImages: ['/api/file/image/rc1.png', '/api/file/image/rc2.png'],
  },
  device: {
    imei: '868347070000000',
    uid: null,
    model: 'BT-140 VLTD',
    tac: 'CC-AIS140-2041',
    panicButtonCount: 2,
    sim1: '57541000000',
    sim2: null,
    iccid: null,
    deviceImages: [],
  },
  // 18:30 UTC is already the next day in Kolkata
  fitment: {
    date: '2026-09-30T18:30:00.000Z',
    expiresOn: '2027-09-30T18:30:00.000Z',
    durationInDays: 365,
    by: { firstName: 'Arjun', lastName: 'Yadav', phone: null, email: null },
  },
  vendor: {
    brandName: 'Metro Auto',
    tradeName: 'Metro Auto Dealers',
    email: 'hello@metroauto.in',
    contact: null,
    address: { city: 'Kanpur' },
  },
  owner: {
    firstName: 'प्रिया',
    lastName: 'Singh',
    phone: '98******10',
    email: 'cu****@demo.waymark.in',
    address: null,
    kycDocs: [],
  },
  corrected: [],
};

async function pagesOf(bytes: Buffer): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    pages.push(
      (await (await pdf.getPage(n)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' '),
    );
  }
  return pages;
}

/** Page `n`'s texts with where they start and how wide they are (PDF points, from the page's lower left). */
async function textsOf(bytes: Buffer, n: number) {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const { items } = await (await pdf.getPage(n)).getTextContent();
  return items
    .filter((item) => 'str' in item && item.str.trim() !== '')
    .map((item) => {
      const { str, transform, width } = item as { str: string; transform: number[]; width: number };
      return { str, x: transform[4]!, y: transform[5]!, right: transform[4]! + width };
    });
}

beforeAll(() => {
  registerFonts({
    sans: [
      font('@fontsource/noto-sans', 'noto-sans-latin-400-normal.woff'),
      font('@fontsource/noto-sans', 'noto-sans-latin-700-normal.woff'),
    ],
    devanagari: [
      font('@fontsource/noto-sans-devanagari', 'noto-sans-devanagari-devanagari-400-normal.woff'),
      font('@fontsource/noto-sans-devanagari', 'noto-sans-devanagari-devanagari-700-normal.woff'),
    ],
  });
});

describe('the certificate PDF', () => {
  it("has the fitment page, an image page and the two warranty pages, with the certificate's facts and the warranty headings", async () => {
    const image = pngUrl();
    const document = createElement(CertificateDocument, {
      data: certificate,
      t: translate,
      brand: vltd,
      images: { '/api/file/image/rc1.png': image, '/api/file/image/rc2.png': image },
    }) as unknown as ReactElement<DocumentProps>;
    const pages = await pagesOf(await renderToBuffer(document));
    expect(pages).toHaveLength(4);
    const [fitment, images, customer, department] = pages as [string, string, string, string];
    for (const text of [
      'VLTD Fitment Certificate',
      'UP78AT4321',
      '868347070000000',
      '01/10/2026',
      '01/10/2027',
      'AIS140',
      '98******10',
      'Metro Auto',
      'Disclaimer',
    ]) {
      expect(fitment).toContain(text);
    }
    expect(images).toContain('RC Images');
    expect(images).not.toContain('Device Images');
    for (const [page, copy] of [
      [customer, "Customer's Copy"],
      [department, "Department's Copy"],
    ] as const) {
      for (const text of [
        'Warranty Certificate',
        copy,
        'UP78AT4321',
        '868347070000000',
        '01/10/2026',
        'Terms and Warranty',
        'Claims',
        'What is not covered',
        'Conditions',
        'Repairs and services out of warranty',
        '12 months',
        'Kolkata',
        'Waymark / Waymark VLTD',
      ]) {
        expect(page).toContain(text);
      }
      // the eight exclusions, numbered
      for (let n = 1; n <= 8; n++) expect(page).toContain(`${n}.`);
      expect(page).toContain('A device moved to another vehicle without an authorised technician.');
    }
    // the Hindi name is drawn with the Devanagari font, not dropped
    expect(fitment.replace(/\s/g, '')).toMatch(/[\u0900-\u097F]/);
  });

  it('has no image page when there are no images, and is named {registration number}-VLTD_Certificate-{fitment date}.pdf', async () => {
    const document = createElement(CertificateDocument, {
      data: certificate,
      t: translate,
      brand: vltd,
      images: {},
    }) as unknown as ReactElement<DocumentProps>;
    expect(await pagesOf(await renderToBuffer(document))).toHaveLength(3);
    expect(certificateFileName(certificate)).toBe('UP78AT4321-VLTD_Certificate-01-10-2026.pdf');
  });

  it('wraps a long e-mail inside its own cell: none of it reaches the Address cell beside it, and nothing is added to it', async () => {
    const email = 'srinivasaraghavan.venkataraman.chandrasekharaniyer@gmail.com';
    expect(email).toHaveLength(60);
    const document = createElement(CertificateDocument, {
      data: {
        ...certificate,
        full: true,
        owner: { ...certificate.owner, email, phone: '+919876543210', address: '14/112 Civil Lines\nKanpur' },
      },
      t: translate,
      brand: vltd,
      images: {},
    }) as unknown as ReactElement<DocumentProps>;
    const texts = await textsOf(await renderToBuffer(document), 1);
    // Owner Details: Name, Phone, Email, Address; the rightmost "Address" label is the owner's, 4 pt into its cell
    const address = texts.filter((t) => t.str === 'Address').sort((a, b) => b.x - a.x)[0]!;
    const ownerEmail = texts.filter((t) => t.str === 'Email' && Math.abs(t.y - address.y) < 1)[0]!;
    expect(ownerEmail.x).toBeLessThan(address.x);
    const shown = texts
      .filter((t) => t.y < address.y && t.y > address.y - 60 && t.x >= ownerEmail.x - 1 && email.includes(t.str))
      .sort((a, b) => b.y - a.y || a.x - b.x);
    // the whole address, in reading order, with no hyphen or space put in
    expect(shown.map((t) => t.str).join('')).toBe(email);
    // each line ends before the Address cell starts, so it takes more than one
    for (const piece of shown) expect(piece.right).toBeLessThanOrEqual(address.x - 4);
    expect(new Set(shown.map((t) => Math.round(t.y))).size).toBeGreaterThan(1);
  });

  it("says on each warranty page the warranty's period and the day it ends, not the activation's Valid Till", async () => {
    // activated for 2 years: the activation is valid till 01/10/2028, the warranty is 12 months from installation
    const document = createElement(CertificateDocument, {
      data: {
        ...certificate,
        fitment: { ...certificate.fitment, expiresOn: '2028-09-30T18:30:00.000Z', durationInDays: 730 },
      },
      t: translate,
      brand: vltd,
      images: {},
    }) as unknown as ReactElement<DocumentProps>;
    const [fitment, ...warranty] = await pagesOf(await renderToBuffer(document));
    // the fitment page keeps the activation's validity
    expect(fitment).toContain('Valid Till');
    expect(fitment).toContain('01/10/2028');
    expect(warranty).toHaveLength(2);
    for (const page of warranty) {
      expect(page).toContain('Warranty Period');
      expect(page).toContain('12 months from the installation date, 01/10/2026');
      expect(page).toContain('Warranty Ends On');
      expect(page).toContain('01/10/2027');
      expect(page).toContain('12 months from the first purchase or installation date');
      expect(page).not.toContain('Valid Till');
      expect(page).not.toContain('01/10/2028');
    }
  });
});
