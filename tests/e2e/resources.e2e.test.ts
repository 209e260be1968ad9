import fs from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pagePerTest, signInAt, signInThroughFormAt } from './browser.ts';

const session = pagePerTest({ acceptDownloads: true });
let page: Page;
beforeEach(() => {
  page = session.page;
});
const signIn = (path: string, username: string) => signInAt(page, path, username);

const rows = () => page.locator('tbody tr');
const search = async (text: string) => {
  await page.getByPlaceholder('Search...').fill(text);
  await page.waitForURL((url) => url.search.includes(encodeURIComponent(text)) || url.search.includes(text));
};

describe('generated device screens', () => {
  const imei = '861234567890123';

  it('creates, edits, searches, filters, exports and deletes a device', async () => {
    await signIn('/management/device', 'superadmin@demo.waymark.in');
    await page.getByRole('heading', { name: 'Devices', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Add' }).click();
    await page.waitForURL('**/management/device/add');

    // the declaration's rule, in the browser
    await page.getByLabel('IMEI').fill('123');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('IMEI must be 15 digits').waitFor();

    await page.getByLabel('IMEI').fill(imei);
    await page.getByLabel('ICCID').fill('8991000900999999999');
    await page.getByLabel('SIM 1').fill('5754999999');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/management/device');
    await page.getByText('Created').waitFor();

    await search(imei);
    await expect.poll(() => rows().count()).toBe(1);
    await rows().first().getByText(imei).waitFor();

    await rows().first().getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await page.waitForURL('**/management/device/edit/**');
    // typing before the record has loaded would be overwritten by it
    await expect.poll(() => page.getByLabel('IMEI').inputValue()).toBe(imei);
    await page.getByLabel('Name').fill('E2E tracker');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/management/device');
    await search(imei);
    await rows().first().getByText('E2E tracker').waitFor();

    // a filter from the declaration: status NEW keeps the new device and drops installed ones
    await page.getByPlaceholder('Search...').fill('');
    // the search box applies after a pause; let it settle before the filter form re-renders
    await page.waitForURL((url) => !decodeURIComponent(url.search).includes(imei));
    await expect.poll(() => rows().count()).toBe(10);
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('menu').getByText('Status', { exact: true }).click();
    // exactly: the sortable Status header is labelled "Sort by Status …"
    await page.getByLabel('Status', { exact: true }).click();
    await page.getByRole('listbox').waitFor();
    await page.getByRole('option', { name: 'NEW', exact: true }).click();
    await page.waitForURL((url) => decodeURIComponent(url.search).includes('"status":"NEW"'));
    await page.getByText(imei).waitFor();
    await expect.poll(async () => (await page.locator('tbody').innerText()).includes('INSTALLED')).toBe(false);

    // the export holds every matching row, with the visible columns
    await search(imei);
    await expect.poll(() => rows().count()).toBe(1);
    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^device-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs
      .readFileSync((await download.path())!, 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(csv[0]).toBe('IMEI,Name,ICCID,E-SIM Provider,Status,Model,Active,Organisation');
    expect(csv.slice(1)).toEqual([`${imei},E2E tracker,8991000900999999999,,NEW,,Yes,Waymark`]);

    await rows().first().getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByText('Do you really want to delete this product?').waitFor();
    await page.getByText("You won't be able to revert after deletion").waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('You successfully deleted the item').waitFor();
    await page.getByText('No devices for the applied filters...').waitFor();
  });

  it('finds a device through the global search and opens its details', async () => {
    await signIn('/vehicle-status', 'dealer@demo.waymark.in');
    await page.getByRole('button', { name: 'Search' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Start typing to see the search results...').waitFor();
    await dialog.getByRole('textbox', { name: 'Search' }).fill('868347070000003');
    await dialog.getByRole('button', { name: 'Search' }).click();
    await dialog.getByText('No Users for the query').waitFor();
    await dialog.getByText('No Vehicles for the query').waitFor();
    await dialog.getByText('868347070000003').click();
    await page.waitForURL('**/management/device-details/**');
    await page.getByRole('heading', { name: 'Device Details', level: 1 }).waitFor();
    await page.getByText('UP78DT4324').waitFor();
  });
});

describe('role editor', () => {
  it('changes what a user sees after their next sign-in', { timeout: 120_000 }, async () => {
    await signIn('/vehicle-status', 'limited@demo.waymark.in');
    await page.getByRole('heading', { name: 'Vehicle Status', level: 1 }).waitFor();
    expect(await page.getByTestId('menu-group-management').count()).toBe(0);

    const admin = await (await session.browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await signInAt(admin, '/management/role', 'superadmin@demo.waymark.in');
    await admin.getByPlaceholder('Search...').fill('LIMITED');
    // the search applies after a pause and navigates; wait for it, as a user waits for the results
    await admin.waitForURL((url) => decodeURIComponent(url.search).includes('LIMITED'));
    await expect.poll(() => admin.locator('tbody tr').count()).toBe(1);
    await admin
      .locator('tbody tr')
      .filter({ hasText: 'LIMITED_USER' })
      .getByRole('button', { name: 'Row actions' })
      .click();
    await admin.getByRole('menuitem', { name: 'Edit' }).click();
    await admin.getByRole('heading', { name: 'Edit LIMITED_USER', level: 1 }).waitFor();
    const groups = admin.getByLabel('Groups', { exact: true });
    await groups.check();
    expect(await groups.isChecked()).toBe(true);
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.waitForURL((url) => url.pathname === '/management/role');
    await admin.getByText('Saved').waitFor();
    await admin.context().close();

    // the same user, signed in again through the form
    page = await session.restart();
    await signInThroughFormAt(page, '/vehicle-status', 'limited@demo.waymark.in');
    await page.getByTestId('menu-group-management').click();
    await page.getByRole('menuitem', { name: 'Groups' }).click();
    await page.getByRole('heading', { name: 'Groups', level: 1 }).waitFor();
    await page.getByText('Kanpur Haulage').waitFor();
  });
});
