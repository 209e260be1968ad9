import { beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pagePerTest, signInAt } from './browser.ts';

const baseUrl = inject('baseUrl');
const session = pagePerTest();
let page: Page;
beforeEach(() => {
  page = session.page;
});
const signIn = (path: string, username: string) => signInAt(page, path, username);
// the demo's ninth device: allocated to the dealer, no order yet
const imei = '868347070000008';
const rowOf = (text: string) => page.locator('tbody tr', { hasText: text });

describe('SIM activation orders', () => {
  it("raises an order from a device's row, with the spec's form rules", async () => {
    await signIn('/management/device', 'dealer@demo.waymark.in');
    await page.getByPlaceholder('Search...').fill(imei);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await rowOf(imei).getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Raise SIM Activation' }).click();
    await page.waitForURL('**/sim-activation-order/add?imei=*');
    await expect.poll(() => page.getByLabel('IMEI').inputValue()).toBe(imei);

    // the last IP cannot be removed
    await page.getByRole('button', { name: 'Remove IP 1' }).click();
    await page.getByText('Atleast one ips is required').waitFor();
    await page.getByLabel('IP 1', { exact: true }).fill('gps.bharattelematics.in:5027');
    await page.getByRole('button', { name: 'Add IP' }).click();
    await page.getByLabel('IP 2', { exact: true }).fill('10.20.30.40:5027');
    await page.getByRole('button', { name: 'Remove Phone Number 1' }).click();
    await page.getByText('Atleast one Phone Number is required').waitFor();
    // at most ten digits, shown after +91
    await page.getByLabel('Phone Number 1', { exact: true }).fill('98765000081234');
    expect(await page.getByLabel('Phone Number 1', { exact: true }).inputValue()).toBe('9876500008');
    await page.getByRole('button', { name: 'Add Phone Number' }).click();
    await page.getByRole('button', { name: 'Add IP' }).click();
    await page.getByRole('button', { name: 'Add IP' }).click();
    expect(await page.getByRole('button', { name: 'Add IP' }).isDisabled()).toBe(true);
    await page.getByLabel('Activation Duration').click();
    await page.getByRole('option', { name: '2 year' }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Sim Activation created').first().waitFor();
    // back to where the user came from
    await page.waitForURL((url) => url.pathname === '/management/device');

    // a second order for the same device is refused with the server's message, on the form and as a toast
    await page.goto(`${baseUrl}/sim-activation-order/add?imei=${imei}`);
    await page.getByLabel('IP 1', { exact: true }).fill('10.20.30.40');
    await page.getByLabel('Phone Number 1', { exact: true }).fill('9876500008');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'An activation order is already open for this device' })
      .first()
      .waitFor();
  });

  it('lets the manufacturer complete an order, after which it can no longer be changed', async () => {
    await signIn('/sim-activation-order', 'manufacturer@demo.waymark.in');
    await page.getByRole('heading', { name: 'SIM Activation Orders', level: 1 }).waitFor();
    expect(await page.getByPlaceholder('Search Plans with name...').isVisible()).toBe(true);
    // the list opens on INITIATED
    await rowOf(imei).waitFor();
    await expect.poll(async () => (await page.locator('tbody').innerText()).includes('Approved')).toBe(false);
    expect(await rowOf(imei).innerText()).toContain('2 years');

    await rowOf(imei).getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Change Status' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Status' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Status is required').waitFor();
    await dialog.getByLabel('Status').click();
    await page.getByRole('option', { name: 'Done' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('SIM OPERATORs,E-SIM Provider and MSISDNs are required').waitFor();
    // the device's SIMs are offered; the operators are chosen
    await expect.poll(() => dialog.getByLabel('SIM 1 MSISDN').inputValue()).toBe('57541000008');
    await dialog.getByLabel('SIM 1 Operator').click();
    await page.getByRole('option', { name: 'AIRTEL' }).click();
    await dialog.getByLabel('SIM 2 Operator').click();
    await page.getByRole('option', { name: 'BSNL' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The order is now Completed').waitFor();
    await expect.poll(() => rowOf(imei).count()).toBe(0);

    await page.getByRole('button', { name: 'Completed' }).click();
    await rowOf(imei).waitFor();
    await rowOf(imei).getByRole('button', { name: 'Row actions' }).click();
    expect(await page.getByRole('menuitem', { name: 'Change Status' }).getAttribute('aria-disabled')).toBe('true');
    expect(await page.getByRole('menuitem', { name: 'Edit' }).getAttribute('aria-disabled')).toBe('true');
  });

  it("edits the dealer's other open order through its device's edit path", async () => {
    await signIn('/sim-activation-order', 'manufacturer@demo.waymark.in');
    await page.getByRole('button', { name: 'Approved' }).click();
    const row = rowOf('868347070000007');
    await row.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await page.waitForURL('**/sim-activation-order/edit/*');
    await expect.poll(() => page.getByLabel('Phone Number 2', { exact: true }).inputValue()).toBe('9876500017');
    expect(await page.getByLabel('IMEI').isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Remove Phone Number 2' }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Sim Activation updated').first().waitFor();
    await page.waitForURL((url) => url.pathname === '/sim-activation-order');
    await expect.poll(() => row.innerText()).not.toContain('9876500017');
  });
});
