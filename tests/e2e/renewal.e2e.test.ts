import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import jsQR from 'jsqr';
import { expectNoSidewaysScroll, pagePerTest, signInAt } from './browser.ts';
import { brands } from '../../brands/index.ts';

const baseUrl = inject('baseUrl');
const session = pagePerTest();
let page: Page;
beforeEach(() => {
  page = session.page;
});
/** Where the screenshots go (looked at by hand; RENEWAL_SHOTS names another folder). */
const shots = process.env.RENEWAL_SHOTS ?? path.join(os.tmpdir(), 'waymark-renewal-shots');
fs.mkdirSync(shots, { recursive: true });
const shot = (name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

/** The demo's fourth fitment: UP78DT4324 on 868347070000003, fitted 04/10/2026 for 2 years. */
const VEHICLE = {
  registrationNumber: 'UP78DT4324',
  imei: '868347070000003',
  expiry: '03/10/2028',
  renewed: '03/10/2029',
};
/** The demo's sixth: UP78FT4326 on 868347070000005, fitted 06/10/2026 for 2 years. */
const PHONE_VEHICLE = {
  registrationNumber: 'UP78FT4326',
  imei: '868347070000005',
  expiry: '05/10/2028',
  renewed: '05/10/2030',
};

async function findSubscription(target: Page, pair: { registrationNumber: string; imei: string }) {
  await target.getByLabel('Vehicle registration number').fill(pair.registrationNumber);
  await target.getByLabel('Device IMEI').fill(pair.imei);
  await target.getByRole('button', { name: 'Find subscription' }).click();
}

/** The QR code the page drew, read back as a payment app would. */
async function qrText(target: Page): Promise<string | undefined> {
  const image = await target.getByTestId('upi-qr').evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(img, 0, 0);
    const data = context.getImageData(0, 0, canvas.width, canvas.height);
    return { width: data.width, height: data.height, pixels: Array.from(data.data) };
  });
  return jsQR(Uint8ClampedArray.from(image.pixels), image.width, image.height)?.data;
}

describe('renewal payment', () => {
  it('lets an owner order a renewal without signing in, pay by UPI, and shows the new expiry once an administrator confirms', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${baseUrl}/auth/login`);
    await page.getByRole('link', { name: 'Renew Device Subscription' }).click();
    await page.waitForURL('**/public/renewal-payment');

    await findSubscription(page, { registrationNumber: VEHICLE.registrationNumber, imei: '12345' });
    await page.getByText('Type the 15-digit IMEI of the device').waitFor();
    // the wrong pair gets the one message, whichever value is wrong
    await findSubscription(page, { registrationNumber: VEHICLE.registrationNumber, imei: '868347070000004' });
    await page.getByText('No device matches this registration number and IMEI. Check both and try again.').waitFor();

    await findSubscription(page, VEHICLE);
    await page.getByText(`Subscription valid until ${VEHICLE.expiry}`).waitFor();
    await page.getByLabel('1 year: ₹1,500.00').check();
    expect(await page.getByLabel('2 years: ₹2,800.00').isVisible()).toBe(true);
    await page.getByLabel('UPI / bank transfer').check();
    await shot('1440-plans');
    await page.getByRole('button', { name: 'Get payment details' }).click();

    const heading = await page.getByRole('heading', { name: /^Renewal order RNW-/ }).textContent();
    const reference = /RNW-[A-Z0-9]{8}/.exec(heading ?? '')![0];
    const bank = brands.vltd.bank;
    await expect
      .poll(() => qrText(page))
      .toBe(
        `upi://pay?pa=${encodeURIComponent(bank.upiId)}&pn=${encodeURIComponent(bank.beneficiary)}&am=1500.00&cu=INR&tn=${reference}`,
      );
    for (const text of [
      bank.accountNumber,
      bank.ifsc,
      bank.upiId,
      `Quote the reference ${reference} with your payment.`,
      'Pending',
    ]) {
      await page.getByText(text, { exact: false }).first().waitFor();
    }
    await shot('1440-order');
    // a visitor has no wallet to pay from
    expect(await page.getByRole('button', { name: /from the wallet/ }).count()).toBe(0);

    // an administrator sees the order in the console and confirms the transfer with its UTR
    const adminContext = await session.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const admin = await adminContext.newPage();
    try {
      await signInAt(admin, '/management/renewal-orders', 'admin@demo.waymark.in');
      const row = admin.locator('tbody tr', { hasText: reference });
      await row.getByText('Pending', { exact: true }).waitFor();
      await row.getByRole('button', { name: 'Row actions' }).click();
      await admin.getByRole('menuitem', { name: 'Confirm payment' }).click();
      const dialog = admin.getByRole('dialog');
      await dialog.getByText('₹1,500.00').waitFor();
      await dialog.getByLabel('UTR / transaction number').fill('UTR2026112300123');
      await dialog.getByRole('button', { name: 'Confirm payment' }).click();
      await admin.getByText(`Payment of ${reference} confirmed; the subscription is extended.`).waitFor();
      await row.getByText('Paid', { exact: true }).waitFor();
      await row.getByText(VEHICLE.renewed).waitFor();
      await admin.screenshot({ path: path.join(shots, '1440-admin-list.png') });
      // the menu offers no second confirmation
      await row.getByRole('button', { name: 'Row actions' }).click();
      expect(await admin.getByRole('menuitem', { name: 'Confirm payment' }).getAttribute('aria-disabled')).toBe('true');
    } finally {
      await adminContext.close();
    }

    await page.getByRole('button', { name: 'Check payment status' }).click();
    await page.getByText(`Paid. The subscription is now valid until ${VEHICLE.renewed}.`).waitFor();
  });

  it('works on a phone: lookup, plans and the test payment of a server with WAYMARK_TEST_PAYMENTS', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl}/public/renewal-payment`);
    await findSubscription(page, PHONE_VEHICLE);
    await page.getByText(`Subscription valid until ${PHONE_VEHICLE.expiry}`).waitFor();
    await page.getByLabel('2 years: ₹2,800.00').check();
    await page.getByLabel('Test payment').check();
    await shot('390-plans');
    // nothing wider than the screen
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Get payment details' }).click();
    await page.getByText('Test provider: no money moves.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Pay now (test payment)' }).click();
    await page.getByText(`Paid. The subscription is now valid until ${PHONE_VEHICLE.renewed}.`).waitFor();
    await expectNoSidewaysScroll(page);
    await shot('390-paid');
  });

  it('shows a UPI order on a phone without overflowing', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl}/public/renewal-payment`);
    await findSubscription(page, { registrationNumber: 'UP78ET4325', imei: '868347070000004' });
    await page.getByLabel('1 year: ₹1,500.00').check();
    await page.getByRole('button', { name: 'Get payment details' }).click();
    await page.getByTestId('upi-qr').waitFor();
    await expectNoSidewaysScroll(page);
    await shot('390-order');
  });

  it('offers a signed-in dealer to pay the order from the wallet', async () => {
    await signInAt(page, '/vehicle-status', 'dealer@demo.waymark.in');
    await page.goto(`${baseUrl}/public/renewal-payment`);
    await findSubscription(page, { registrationNumber: 'UP78AT4321', imei: '868347070000000' });
    await page.getByLabel('2 years: ₹2,800.00').check();
    await page.getByRole('button', { name: 'Get payment details' }).click();
    await page.getByText("Signed in as a dealer: pay from your organisation's wallet.").waitFor();
    await page.getByRole('button', { name: 'Pay ₹2,800.00 from the wallet' }).waitFor();
    await shot('1440-dealer-wallet');
  });
});
