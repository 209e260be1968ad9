import fs from 'node:fs';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSidewaysScroll, pagePerTest, settled, signInAt } from './browser.ts';
import { formatRupees, parseRupees } from '../../core/money.ts';

// the copy buttons write to the clipboard, which the test reads back
const session = pagePerTest({ permissions: ['clipboard-read', 'clipboard-write'] });
let page: Page;
beforeEach(() => {
  page = session.page;
});
const shots = process.env.WALLET_SHOTS;
const shot = async (name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};
const rows = () => page.locator('tbody tr');
const apply = () => page.getByRole('button', { name: 'Apply' }).click();

describe('wallet', () => {
  it('shows the ADMIN their wallet in rupees, filters it, and downloads what it shows', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAt(page, '/account/wallet', 'admin@demo.waymark.in');
    await page.getByRole('heading', { name: 'Wallet', level: 1 }).waitFor();
    await page.getByText('Check your credit balance and transaction history').waitFor();
    // seeded: ₹50,000.00 deposited from the bank, ₹2,700.00 refunded to it, ₹5,000.00 transferred to Sunrise's wallet
    await expect.poll(() => page.getByTestId('wallet-balance').innerText()).toBe('₹42,300.00');
    await expect.poll(() => rows().count()).toBe(3);
    expect(await page.getByTestId('wallet-change').innerText()).toContain('+₹42,300.00 Gain');
    expect(await rows().first().innerText()).toContain('-₹5,000.00');
    expect(await rows().first().innerText()).toContain('Transfer out to Sunrise Logistics (Priya Singh)');
    expect(await rows().nth(1).innerText()).toContain('To the bank · ICIC0426110004');
    expect(await rows().last().innerText()).toContain('+₹50,000.00');
    expect(await rows().last().innerText()).toContain('Deposit');
    expect(await rows().last().innerText()).toContain('From the bank · ICIC0426110003');
    await shot('wallet-1440');

    // debits only: the change is a loss, shown in red
    await page.getByLabel('Transaction Type').click();
    await page.getByRole('option', { name: 'Debit' }).click();
    await apply();
    await expect.poll(() => rows().count()).toBe(2);
    await expect.poll(() => page.getByTestId('wallet-change').innerText()).toContain('-₹7,700.00 Loss');
    expect(await page.getByTestId('wallet-change').evaluate((el) => getComputedStyle(el).color)).toMatch(
      /rgb\((1[5-9]\d|2\d\d), \d{1,2}, \d{1,2}\)/,
    );

    // the CSV holds what the table shows: date, type, description, amount in rupees
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const csv = fs
      .readFileSync((await download.path())!, 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(csv[0]).toBe('Date,Transaction Type,Description,Amount (₹)');
    expect(csv).toHaveLength(3);
    expect(csv[2]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2},Debit,Refund by NEFT,2700\.00$/);

    // search within the range
    await page.getByLabel('Transaction Type').click();
    await page.getByRole('option', { name: 'All' }).click();
    await apply();
    await expect.poll(() => rows().count()).toBe(3);
    // the search reads the other side too
    await page.getByLabel('Search transactions...').fill('priya');
    await expect.poll(() => rows().count()).toBe(1);
    expect(await rows().first().innerText()).toContain('Credit for renewals');
    await page.getByLabel('Search transactions...').fill('');

    // a range with nothing in it: the spec's message
    await page.getByLabel('From Date').fill('01/01/2020');
    await page.getByLabel('To Date').fill('31/01/2020');
    await apply();
    await page.getByText('No Wallet Transactions found for the applied filters...').waitFor();
    await expect.poll(() => page.getByTestId('wallet-change').innerText()).toContain('+₹0.00 Gain');
    expect(await page.getByRole('button', { name: 'Download CSV' }).isDisabled()).toBe(true);
    await page.getByLabel('From Date').fill('31/02/2020');
    await apply();
    await page.getByText('Type the date as dd/MM/yyyy').waitFor();
  });

  it('shows Add Money with the bank details, copy buttons and the e-mail notice', async () => {
    await signInAt(page, '/account/wallet', 'admin@demo.waymark.in');
    await page.getByRole('button', { name: 'Add Money' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Money' });
    await dialog.waitFor();
    await page.setViewportSize({ width: 1440, height: 900 });
    for (const [label, value] of [
      ['Beneficiary', 'Waymark Telematics Pvt Ltd'],
      ['Account Number', '50200031400140'],
      ['IFSC', 'HDFC0000140'],
      ['Branch Name', 'Salt Lake Sector V, Kolkata'],
    ]) {
      expect(await dialog.innerText()).toContain(value);
      await dialog.getByRole('button', { name: `Copy ${label}` }).click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(value);
      await page.getByText(`${label} copied`).first().waitFor();
    }
    expect(await dialog.innerText()).toContain(
      'After paying, e-mail the proof of payment with the subject "Wallet Recharge" to support@waymark.in.',
    );
    await shot('wallet-add-money-1440');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('fits a phone: balance, filter and table without sideways scrolling of the page', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAt(page, '/account/wallet', 'admin@demo.waymark.in');
    await expect.poll(() => page.getByTestId('wallet-balance').innerText()).toBe('₹42,300.00');
    await expect.poll(() => rows().count()).toBe(3);
    await expectNoSidewaysScroll(page);
    await shot('wallet-390');
    await page.getByRole('button', { name: 'Add Money' }).click();
    await page.getByRole('dialog', { name: 'Add Money' }).waitFor();
    await page.getByText('Wallet Recharge', { exact: false }).waitFor();
    await settled(page); // the dialog's fade-in, for the picture
    await shot('wallet-add-money-390');
  });

  it("lets the ADMIN deposit money into the dealer's wallet from the management list, in rupees, with the bank's UTR", async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAt(page, '/management/wallet', 'admin@demo.waymark.in');
    const dealerRow = page.locator('tbody tr', { hasText: 'Deepak' });
    // what the dealer holds now: the seed's top-ups less the activations other browser tests made
    await expect.poll(async () => dealerRow.innerText()).toContain('₹3,000.00');
    const held = parseRupees((await dealerRow.innerText()).match(/₹([\d,]+\.\d\d)/)![1]!.replace(/,/g, ''))!;
    const after = formatRupees(held + 123_450);
    await dealerRow.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Add Money' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Amount (₹)').fill('1234.5');
    expect(await dialog.innerText()).toContain('₹1,234.50');
    await dialog.getByLabel('Description', { exact: false }).first().fill('Top-up by UPI');
    // the provider's ADMIN may deposit from the bank (the default) or transfer from the root's wallet
    await dialog.getByLabel('The bank: a deposit or withdrawal (UTR required)').waitFor();
    expect(await dialog.getByLabel(/My organisation's wallet: a transfer \(balance ₹/).isChecked()).toBe(false);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog
      .getByText('Type the bank reference (UTR) of the deposit or withdrawal: 6 to 35 letters, digits and dashes')
      .waitFor();
    await dialog.getByLabel('Reference (bank transfer, UTR)', { exact: false }).fill('UPI4411ABC');
    await shot('wallet-management-add-1440');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`₹1,234.50 added; the balance is now ${after}`).first().waitFor();
    await expect.poll(async () => dealerRow.innerText()).toContain(after);
    await shot('wallet-management-1440');

    // its ledger, read-only, from the row
    await dealerRow.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Transactions' }).click();
    await page.waitForURL('**/management/wallet/*/transactions');
    await expect.poll(() => page.getByTestId('wallet-balance').innerText()).toBe(after);
    await expect.poll(() => rows().first().innerText()).toContain('Top-up by UPI');
    expect(await rows().first().innerText()).toContain('From the bank · UPI4411ABC');
    expect(await page.getByRole('button', { name: 'Add Money' }).count()).toBe(0);
    await shot('wallet-management-transactions-1440');

    // the low-balance alert is typed in rupees and kept in paise; the balance is not on the form
    await page.goto(`${inject('baseUrl')}/management/wallet`);
    // the rupee sign once: in each value, not in the column's header too
    await expect.poll(() => dealerRow.innerText()).toContain(after);
    const headers = await page.getByRole('columnheader').allInnerTexts();
    expect(headers.map((h) => h.trim())).toContain('Balance');
    expect(headers.join(' ')).not.toContain('₹');
    expect((await dealerRow.innerText()).match(/₹/g)?.length).toBe(2);
    await dealerRow.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await page.waitForURL('**/management/wallet/edit/**');
    await expect.poll(() => page.getByLabel('Low balance alert').inputValue()).toBe('3000');
    expect(await page.getByLabel('Balance', { exact: true }).count()).toBe(0);
    await page.getByLabel('Low balance alert').fill('3500.5');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/management/wallet');
    await expect.poll(async () => dealerRow.innerText()).toContain('₹3,500.50');
    expect(await dealerRow.innerText()).toContain(after);
  });

  it("lets the RFC_ADMIN fund its customer's wallet only by a transfer from the dealer's", async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAt(page, '/management/wallet', 'rfcadmin@demo.waymark.in');
    const customerRow = page.locator('tbody tr', { hasText: 'Priya' });
    await customerRow.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Add Money' }).click();
    const dialog = page.getByRole('dialog');
    // no bank for a dealer: the one source is its own wallet, with its balance
    await dialog.getByText(/My organisation's wallet: a transfer \(balance ₹[\d,]+\.\d\d\)/).waitFor();
    expect(await dialog.getByLabel('The bank: a deposit or withdrawal (UTR required)').count()).toBe(0);
    await dialog.getByLabel('Amount (₹)').fill('250');
    await dialog.getByLabel('Description', { exact: false }).first().fill('Credit for renewals');
    await shot('wallet-management-transfer-1440');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page
      .getByText(/₹250\.00 added; the balance is now/)
      .first()
      .waitFor();
    await customerRow.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Transactions' }).click();
    await expect.poll(() => rows().first().innerText()).toContain('Transfer in from Metro Auto Dealers (Deepak Joshi)');
    // its own wallet: the dealer may not add to it
    await page.goto(`${inject('baseUrl')}/management/wallet`);
    const ownRow = page.locator('tbody tr', { hasText: 'Deepak' });
    await ownRow.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Add Money' }).click();
    await page.getByRole('dialog').getByText('Your organisation has no wallet to transfer from or to').waitFor();
    expect(await page.getByRole('dialog').getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
  });

  it("shows the prices in rupees to the provider's ADMIN on the settings of an organisation and on its own", async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAt(page, '/management/organisation', 'admin@demo.waymark.in');
    const settingsOf = async (name: string) => {
      // the row holding the name in a cell of its own; Bharat Telematics' row names the root as its parent, so it is left out
      const row = page
        .locator('tbody tr')
        .filter({ has: page.getByRole('cell', { name, exact: true }) })
        .filter({ hasNot: page.getByRole('cell', { name: 'Bharat Telematics Pvt Ltd', exact: true }) })
        .first();
      await row.getByRole('button', { name: 'Row actions' }).click();
      await page.getByRole('menuitem', { name: 'Settings' }).click();
      await page.waitForURL('**/management/settings/*');
      await page.getByLabel('Overspeed limit', { exact: false }).first().waitFor();
    };
    await settingsOf('Metro Auto Dealers');
    await expect.poll(() => page.getByTestId('priceOneYearPaise').inputValue()).toBe('1500.00');
    expect(await page.getByTestId('priceTwoYearsPaise').inputValue()).toBe('2700.00');
    expect(await page.locator('main').innerText()).toContain('₹2,700.00');
    await shot('wallet-settings-prices-1440');
    await page.goto(`${inject('baseUrl')}/management/organisation`);
    // the root is the provider: its ADMIN prices it too (free, as it starts)
    await settingsOf('Waymark');
    await expect.poll(() => page.getByTestId('priceOneYearPaise').inputValue()).toBe('0.00');
    // emptied, a price is the parent's; the root has none above it
    await page.getByTestId('priceOneYearPaise').fill('');
    await page
      .getByText('No price is set above this organisation: activations of this length cannot be bought')
      .waitFor();
  });
});
