import crypto from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import jsQR from 'jsqr';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { DEMO_PASSWORD, pagePerTest, signInAt } from './browser.ts';

const session = pagePerTest({ acceptDownloads: true });
let page: Page;
beforeEach(() => {
  page = session.page;
});

interface Fitment {
  imei: string;
  registrationNumber: string;
  fitmentDate: string;
  customerPhone: string;
}
let fitted: Fitment;
/** The fitted device's SIM numbers and ICCID, as the full certificate shows them. */
let sims: string[];

/** Signs in through the API (the password encrypted as the console does) and reads a fitment of the seed, which other browser tests leave alone. */
beforeAll(async () => {
  const base = inject('baseUrl');
  const { data } = (await (await fetch(`${base}/api/auth/public-key`)).json()) as { data: { publicKey: string } };
  const password = crypto
    .publicEncrypt(
      { key: data.publicKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(DEMO_PASSWORD),
    )
    .toString('base64');
  const login = (await (
    await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'superadmin@demo.waymark.in', password }),
    })
  ).json()) as { data: { token: { access: { token: string } } } };
  const list = await fetch(`${base}/api/fitment?filter=${encodeURIComponent('{"q":"UP78BT4322"}')}&range=[0,0]`, {
    headers: { authorization: `Bearer ${login.data.token.access.token}` },
  });
  [fitted] = (await list.json()) as Fitment[];
  expect(fitted?.imei).toMatch(/^\d{15}$/);
  const full = (await (
    await fetch(`${base}/api/certificate/${fitted!.imei}`, {
      headers: { authorization: `Bearer ${login.data.token.access.token}` },
    })
  ).json()) as { device: { sim1: string; sim2: string; iccid: string } };
  sims = [full.device.sim1, full.device.sim2, full.device.iccid];
  expect(sims.every((n) => /^\d{10,20}$/.test(n))).toBe(true);
});

/** dd/MM/yyyy in Asia/Kolkata, as the certificate shows dates. */
const indianDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Kolkata',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(iso));

/** The same instant a year (12 months) on. */
const yearOn = (iso: string) => {
  const date = new Date(iso);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString();
};

/** The QR image's pixels, read in the page, decoded here. */
async function decodeQr(): Promise<string | undefined> {
  const qr = page.getByRole('img', { name: 'QR code of this certificate page' });
  await qr.waitFor();
  const pixels = await qr.evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(img, 0, 0);
    return {
      width: canvas.width,
      height: canvas.height,
      data: Array.from(context.getImageData(0, 0, canvas.width, canvas.height).data),
    };
  });
  return jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height)?.data;
}

/** How many items of a section's grid share its first row. */
async function firstRowCount(section: string): Promise<number> {
  const tops = await page
    .getByRole('region', { name: section })
    .locator('div > div:has(> .MuiTypography-caption)')
    .evaluateAll((cells) => cells.map((c) => Math.round(c.getBoundingClientRect().top)));
  return tops.filter((top) => top === tops[0]).length;
}

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages.join('\n');
}

describe('certificate page', () => {
  it('shows an anonymous visitor the certificate with a QR code of its own address, masked contacts and the warranty', async () => {
    const address = `${inject('baseUrl')}/certificate/${fitted.imei}`;
    await page.goto(`${address}?from=scan`);
    await page.getByRole('heading', { name: 'VLTD Fitment Certificate' }).waitFor();
    expect(await decodeQr()).toBe(address);
    for (const section of [
      'Vehicle Details',
      'Device Details',
      'Vendor Details',
      'Owner Details',
      'Fitter Details',
      'RC Images',
      'Device Images',
      'KYC Images',
    ]) {
      await page.getByRole('region', { name: section }).waitFor();
    }
    const text = await page.locator('body').innerText();
    expect(text).toContain(fitted.registrationNumber);
    expect(text).toContain(indianDate(fitted.fitmentDate));
    expect(text).toContain('98******10');
    expect(text).not.toContain(fitted.customerPhone.replace('+91', ''));
    // the SIM numbers and the ICCID are masked as the phone is
    expect(text).toContain('Contact details and SIM numbers are masked');
    for (const number of sims) {
      expect(text).toContain(`${number.slice(0, 2)}${'*'.repeat(number.length - 4)}${number.slice(-2)}`);
      expect(text).not.toContain(number);
    }
    expect(text).toContain('KYC documents are shown only to signed-in users of the issuing organisation.');
    for (const heading of [
      'Warranty Certificate',
      'Terms and Warranty',
      'Claims',
      'What is not covered',
      'Conditions',
      'Repairs and services out of warranty',
    ]) {
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
    }
    expect(text).toContain('Salt Lake Sector V, Kolkata');
    // the vendor is the dealer whose fitter fitted the device, not the customer (Sunrise Logistics) holding it
    const vendor = await page.getByRole('region', { name: 'Vendor Details' }).innerText();
    expect(vendor).toContain('Metro Auto Dealers');
    expect(vendor).not.toContain('Sunrise');
    // the warranty says its own period and end, 12 months from the fitment date
    const warranty = await page.getByRole('region', { name: 'Warranty Certificate' }).innerText();
    expect(warranty).toContain(
      `Warranty Period\n12 months from the installation date, ${indianDate(fitted.fitmentDate)}`,
    );
    expect(warranty).toContain(`Warranty Ends On\n${indianDate(yearOn(fitted.fitmentDate))}`);
    expect(warranty).not.toContain('Valid Till');
    expect(await firstRowCount('Vehicle Details')).toBe(4);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => firstRowCount('Vehicle Details')).toBe(2);
  });

  it('prints: shows Loading document... and downloads the PDF named per the spec, holding the certificate and the warranty', async () => {
    // whatever the browser logs while the PDF is built (react-pdf's image loading logged "Buffer is not defined")
    const logged: string[] = [];
    page.on('console', (message) => logged.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => logged.push(`pageerror: ${error.message}`));
    await page.goto(`${inject('baseUrl')}/certificate/${fitted.imei}`);
    const print = page.getByRole('button', { name: 'Print' });
    await print.waitFor();
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await print.click();
    await page.getByRole('button', { name: 'Loading document...' }).waitFor();
    const file = await download;
    const date = indianDate(fitted.fitmentDate);
    expect(file.suggestedFilename()).toBe(
      `${fitted.registrationNumber}-VLTD_Certificate-${date.replaceAll('/', '-')}.pdf`,
    );
    const chunks: Buffer[] = [];
    for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
    const text = await pdfText(Buffer.concat(chunks));
    for (const expected of [
      fitted.registrationNumber,
      fitted.imei,
      date,
      'VLTD Fitment Certificate',
      'Warranty Certificate',
      "Customer's Copy",
      "Department's Copy",
      'Terms and Warranty',
      'Claims',
      'What is not covered',
      'Conditions',
      'Repairs and services out of warranty',
      '98******10',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain(fitted.customerPhone.replace('+91', ''));
    // the vendor and the warranty's brand: the dealer that fitted it, never the customer
    expect(text).toContain('Metro Auto');
    expect(text).not.toContain('Sunrise Logistics');
    expect(text.replace(/\s+/g, ' ')).toContain(`Warranty Ends On ${indianDate(yearOn(fitted.fitmentDate))}`);
    await page.getByRole('button', { name: 'Print' }).waitFor();
    expect(logged.filter((line) => /Buffer|is not defined/.test(line))).toEqual([]);
  });

  it('says "No certificate for this device" for an IMEI without a fitment', async () => {
    await page.goto(`${inject('baseUrl')}/certificate/999999999999999`);
    await page.getByText('No certificate for this device').waitFor();
    expect(await page.getByRole('button', { name: 'Print' }).count()).toBe(0);
  });

  it('offers an anonymous visitor Sign in, and a signed-in user Open console, which leads back into the console', async () => {
    const address = `${inject('baseUrl')}/certificate/${fitted.imei}`;
    await page.goto(address);
    await page.getByRole('button', { name: 'Print' }).waitFor();
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await page.getByRole('link', { name: 'Open console' }).count()).toBe(0);

    await signInAt(page, '/fitment', 'dealer@demo.waymark.in');
    await page.getByPlaceholder(/Search/).waitFor();
    await page.goto(address);
    await page.getByRole('button', { name: 'Print' }).waitFor();
    expect(await page.getByRole('link', { name: 'Sign in' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Open console' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/certificate'));
    expect(new URL(page.url()).pathname).not.toMatch(/^\/auth/);
    // the console's own frame: its profile menu, which no public page has
    await page.getByRole('button', { name: 'Profile' }).waitFor();
  });

  it('shows a signed-in user of the organisation the full contacts', async () => {
    await signInAt(page, '/fitment', 'superadmin@demo.waymark.in');
    await page.goto(`${inject('baseUrl')}/certificate/${fitted.imei}`);
    await page.getByRole('region', { name: 'Owner Details' }).getByText(fitted.customerPhone).waitFor();
    await page.getByRole('region', { name: 'Device Details' }).getByText(sims[0]!).waitFor();
    expect(await page.getByText('Contact details and SIM numbers are masked').count()).toBe(0);
  });

  it('is reached from the fitment list: View Certificate opens the page in a new tab, Download Certificate saves the PDF, each by its permission', async () => {
    await signInAt(page, '/fitment', 'dealer@demo.waymark.in');
    await page.getByPlaceholder(/Search/).fill(fitted.imei);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    const openMenu = async () =>
      page.locator('tbody tr', { hasText: fitted.imei }).getByRole('button', { name: 'Row actions' }).click();
    await openMenu();
    const popup = page.waitForEvent('popup');
    await page.getByRole('menuitem', { name: 'View Certificate' }).click();
    const tab = await popup;
    await tab.waitForURL(`**/certificate/${fitted.imei}`);
    await tab.getByRole('heading', { name: 'VLTD Fitment Certificate' }).waitFor();
    await tab.close();
    await openMenu();
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('menuitem', { name: 'Download Certificate' }).click();
    await page.getByText('Loading document...').waitFor();
    expect((await download).suggestedFilename()).toBe(
      `${fitted.registrationNumber}-VLTD_Certificate-${indianDate(fitted.fitmentDate).replaceAll('/', '-')}.pdf`,
    );

    // the manufacturer holds view-certificate but not generate-certificate
    await session.restart();
    page = session.page;
    await signInAt(page, '/fitment', 'manufacturer@demo.waymark.in');
    await page.getByPlaceholder(/Search/).fill(fitted.imei);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await openMenu();
    await page.getByRole('menuitem', { name: 'View Certificate' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Download Certificate' }).count()).toBe(0);
  });

  it('lets a holder of edit-certificate correct a field: the page shows the corrected value, marked', async () => {
    await signInAt(page, '/fitment', 'rfcadmin@demo.waymark.in');
    await page.goto(`${inject('baseUrl')}/certificate/${fitted.imei}`);
    await page.getByRole('button', { name: 'Correct details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Correct the certificate' });
    await dialog.getByLabel('Engine No').fill('ENG-CORRECTED-1');
    await dialog.getByLabel('Vehicle Registration Date').fill('31/02/2025');
    await dialog.getByRole('button', { name: 'Save corrections' }).click();
    await dialog.getByText('Vehicle Registration Date is not valid').waitFor();
    await dialog.getByLabel('Vehicle Registration Date').fill('16/01/2025');
    await dialog.getByRole('button', { name: 'Save corrections' }).click();
    await page.getByText('Certificate corrected').waitFor();
    const vehicle = page.getByRole('region', { name: 'Vehicle Details' });
    await vehicle.getByText('ENG-CORRECTED-1').waitFor();
    await vehicle.getByText('16/01/2025').waitFor();
    expect(await vehicle.getByText('corrected', { exact: true }).count()).toBe(2);
    // a role without edit-certificate is not offered the dialog
    await session.restart();
    page = session.page;
    await signInAt(page, '/fitment', 'dealer@demo.waymark.in');
    await page.goto(`${inject('baseUrl')}/certificate/${fitted.imei}`);
    await page.getByRole('button', { name: 'Print' }).waitFor();
    expect(await page.getByRole('button', { name: 'Correct details' }).count()).toBe(0);
  });
});
