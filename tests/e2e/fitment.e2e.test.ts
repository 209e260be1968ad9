import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pagePerTest, signInAt } from './browser.ts';
import { png } from '../support/png.ts';

const session = pagePerTest();
let page: Page;
beforeEach(() => {
  page = session.page;
});
// the demo's eighth device: allocated to the dealer, not fitted yet
const imei = '868347070000007';

const images = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    name: `photo${i}.png`,
    mimeType: 'image/png',
    buffer: png([40 * i, 120, 200]),
  }));

async function upload(group: string, count: number) {
  await page.getByRole('group', { name: group }).locator('input[type=file]').setInputFiles(images(count));
  await page.getByRole('group', { name: group }).getByText(`You have uploaded ${count} files!`).waitFor();
}

describe('fitment', () => {
  it("fits a device from its row's Create Activation: the form's rules, the customer lookup, then the list and approval", async () => {
    await signInAt(page, '/management/device', 'dealer@demo.waymark.in');
    await page.getByPlaceholder('Search...').fill(imei);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await page.locator('tbody tr', { hasText: imei }).getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Create Activation' }).click();
    await page.waitForURL('**/fitment/add?imei=*');
    await expect.poll(() => page.getByLabel('IMEI').inputValue()).toBe(imei);

    // nothing is sent while the form's rules are broken
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Upload exactly 2 RC images').waitFor();
    expect(page.url()).toContain('/fitment/add');

    await page.getByLabel('Category').click();
    await page.getByRole('option', { name: 'TRUCK', exact: true }).click();
    await page.getByLabel('Registration Number').fill('up78gt5001');
    await page.getByLabel('Vehicle Registration Date').fill('15/03/2025');
    // the RTO waits for a state
    const rto = page.getByRole('combobox', { name: /^RTO/ });
    expect(await rto.getAttribute('aria-disabled')).toBe('true');
    expect(await rto.textContent()).toBe('Select State First');
    await page.getByRole('combobox', { name: /^State/ }).click();
    await page.getByRole('option', { name: 'Uttar Pradesh' }).click();
    await rto.click();
    await page.getByRole('option', { name: 'Kanpur Nagar-UP78' }).click();
    await upload('RC Images', 2);
    await upload('Device Images', 2);

    // the lookup wants ten digits; a fitter's number is not a customer's
    const phone = page.getByRole('region', { name: 'Customer Details' }).getByLabel('Phone');
    const lookup = page.getByRole('button', { name: 'Look up Customer Details' });
    await phone.fill('98000000');
    expect(await lookup.isDisabled()).toBe(true);
    await phone.fill('9800000007');
    await lookup.click();
    await page.getByText("This is not a customer's number").waitFor();
    await phone.fill('9876543210');
    await lookup.click();
    await page.getByText('Found Priya Singh').waitFor();
    expect(await page.getByRole('region', { name: 'Customer Details' }).getByLabel('First Name').inputValue()).toBe(
      'Priya',
    );
    expect(await page.getByRole('region', { name: 'Customer Details' }).getByLabel('First Name').isEditable()).toBe(
      false,
    );
    await page.getByLabel('Customer Address').fill('14/112 Civil Lines\nKanpur\nUttar Pradesh 208001');
    await upload('Aadhaar Card Images', 1);
    await upload('PAN Card Images', 1);
    await page.getByLabel('Fitment Date').fill('20/11/2026');
    // before saving, the form says what the activation costs and which wallet pays (a dealer does not read its balance)
    const quote = page.getByTestId('activation-quote');
    await expect
      .poll(() => quote.textContent())
      .toBe('Activation for 365 days: ₹1,500.00, paid from the wallet of Metro Auto Dealers');
    await quote.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${process.env.FITMENT_SHOTS ?? '/tmp'}/fitment-form-price-1440.png` });
    await page.getByRole('button', { name: 'Submit' }).click();

    // back on the device list it came from; the fitment waits for approval, and the message says what was paid
    await page.waitForURL(/\/management\/device/);
    await page.getByText('Fitment created', { exact: true }).waitFor();
    await page.getByText('₹1,500.00 paid for its activation from the wallet of Metro Auto Dealers').waitFor();
    await page.goto(`${new URL(page.url()).origin}/fitment`);
    const row = page.locator('tbody tr', { hasText: 'UP78GT5001' });
    await expect.poll(async () => row.textContent()).toContain('Pending approval');
    expect(await row.textContent()).toContain('Priya Singh');
  });

  it('lets the manufacturer approve an activation from the fitment list', async () => {
    await signInAt(page, '/fitment', 'manufacturer@demo.waymark.in');
    const row = page.locator('tbody tr', { hasText: 'UP78GT5001' });
    await row.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Approve Activation' }).click();
    await page.getByRole('dialog', { name: 'Approve Activation' }).getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Activation approved').waitFor();
    await expect.poll(async () => row.textContent()).toContain('Active');
  });

  it('edits a seeded fitment, which has no images, without asking for images it never needed', async () => {
    await signInAt(page, '/fitment', 'dealer@demo.waymark.in');
    await page.locator('tbody tr', { hasText: 'UP78CT4323' }).getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await page.waitForURL('**/fitment/edit/*');
    await page.getByLabel('Engine No').fill('ENG908199');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Fitment Updated').waitFor();
    await expect(page.getByText('Upload exactly 2 RC images').count()).resolves.toBe(0);
    await page.waitForURL('**/fitment');
  });

  it('refuses a CSV whose headers are wrong, and creates the rows of a good one', async () => {
    await signInAt(page, '/fitment/add', 'dealer@demo.waymark.in');
    await page.getByRole('button', { name: 'Bulk Upload' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk Upload' });
    const file = (text: string) => ({ name: 'activations.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
    await dialog.getByLabel('Choose CSV file').setInputFiles(file('Category,IMEI\nTRUCK,868347070000006\n'));
    await dialog.getByText('Required fields are not present or Headers are wrong').waitFor();
    const header =
      'Category,Registration Number,Engine No,Chassis No,Registration Date,RTO,RTO Code,Make,Model,IMEI,Panic Button Count,Customer First Name,Last Name,Email,Phone,Password,Fitter First Name,Last Name,Email,Phone,Fitment Date,Duration In Days';
    await dialog
      .getByLabel('Choose CSV file')
      .setInputFiles(
        file(
          `${header}\nBUS,UP32HB7001,,,,Lucknow-UP32,UP32,,,868347070000006,,Meera,Das,,9811122001,,,,,,20/11/2026,730\n`,
        ),
      );
    await page.getByText('Activations created successfully').waitFor();
    await page.waitForURL('**/fitment');
    await expect
      .poll(async () => page.locator('tbody tr', { hasText: 'UP32HB7001' }).textContent())
      .toContain('Meera Das');
  });

  it('reads a CSV with mixed line endings and a BOM, and names a failing row as a spreadsheet numbers it', async () => {
    await signInAt(page, '/fitment/add', 'dealer@demo.waymark.in');
    await page.getByRole('button', { name: 'Bulk Upload' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk Upload' });
    const header =
      'Category,Registration Number,Engine No,Chassis No,Registration Date,RTO,RTO Code,Make,Model,IMEI,Panic Button Count,Customer First Name,Last Name,Email,Phone,Password,Fitter First Name,Last Name,Email,Phone,Fitment Date,Duration In Days';
    const row = (registration: string, imei: string, phone: string) =>
      `BUS,${registration},,,,Lucknow-UP32,UP32,,,${imei},,Meera,Das,,${phone},,,,,,20/11/2026,730`;
    // header CRLF, a blank row, a row of empty cells, then LF: the record is on the spreadsheet's row 4
    const text = `\uFEFF${header}\r\n\n,,,\r\n${row('UP32HB7102', '999999999999999', '9811122102')}\n`;
    await dialog
      .getByLabel('Choose CSV file')
      .setInputFiles({ name: 'activations.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
    await dialog.getByText('Row 4: No device with this IMEI is in your organisations').waitFor();
  });
});
