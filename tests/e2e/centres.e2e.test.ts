import { beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSidewaysScroll, pagePerTest, signInAt } from './browser.ts';
import { connectDevice } from '../gateway/device-client.ts';
import { loginFrame, normalFrame, type DeviceState } from '../../server/simulator/frames.ts';

const baseUrl = inject('baseUrl');
const session = pagePerTest();
let page: Page;
beforeEach(() => {
  page = session.page;
});
/** Screenshots for a person to look at (SHOTS=dir); the assertions do not depend on them. */
const shot = async (name: string) => {
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/${name}.png`, fullPage: true });
};
const cards = () => page.getByTestId('centre-card');
const names = () => cards().locator('h2').allTextContents();

describe('public centre viewers', () => {
  it('shows the published service centres to an anonymous visitor, filtered by state and district, with map pins', async () => {
    await page.goto(`${baseUrl}/public/ssc-viewer`);
    await page.getByRole('heading', { name: 'Sales and Service Centres' }).waitFor();
    await expect.poll(names).toEqual(['Metro Auto Dealers', 'Sharma Distributors']);
    await page.getByRole('status').filter({ hasText: '2 centres' }).waitFor();
    // one pin per placed centre, drawn without any map tiles
    await expect.poll(() => page.locator('.leaflet-marker-icon').count()).toBe(2);
    expect(await page.getByRole('link', { name: 'Call Sharma Distributors' }).getAttribute('href')).toBe(
      'tel:+919830000101',
    );
    // a pin clicked selects its card
    await page.locator('.leaflet-marker-icon[title="Sharma Distributors"]').click();
    await expect
      .poll(() => cards().filter({ hasText: 'Sharma Distributors' }).getAttribute('aria-current'))
      .toBe('true');

    await page.getByRole('combobox', { name: 'State' }).click();
    await page.getByRole('option', { name: 'West Bengal' }).click();
    await page.getByRole('combobox', { name: 'District' }).click();
    await page.getByRole('option', { name: 'Howrah' }).click();
    await expect.poll(names).toEqual(['Sharma Distributors']);
    await expect.poll(() => page.locator('.leaflet-marker-icon').count()).toBe(1);
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await shot('ssc-1440');

    await page.getByRole('combobox', { name: 'District' }).click();
    await page.getByRole('option', { name: 'All districts' }).click();
    await page.getByLabel('Search by name or address').fill('nothing like this');
    await page.getByText('No centre matches these filters yet.').waitFor();
    await expect.poll(() => page.locator('.leaflet-marker-icon').count()).toBe(0);
  });

  it('lists retro-fitment centres with their opted-in contacts; Show on map focuses the pin', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl}/public/rfc-viewer`);
    await expect.poll(names).toEqual(['Metro Auto Dealers']);
    const card = cards().first();
    await card.getByText('Deepak Joshi').waitFor();
    expect(await card.getByRole('link', { name: 'Call Deepak Joshi' }).getAttribute('href')).toBe('tel:+919800000010');
    expect(await card.textContent()).not.toContain('@');
    await card.getByRole('button', { name: 'Show on map' }).click();
    await page.locator('.centre-pin-selected').waitFor();
    await page.locator('.leaflet-popup', { hasText: 'Metro Auto Dealers' }).waitFor();
    // nothing wider than the phone
    await expectNoSidewaysScroll(page);
    await shot('rfc-390');
  });
});

describe('debug devices', () => {
  it('adds a temporary device and shows a frame the tracker sends, live', async () => {
    await signInAt(page, '/debug', 'manufacturer@demo.waymark.in');
    const imei = `86${String(Date.now()).slice(-13)}`;
    await page.getByLabel('IMEI').fill(imei);
    await page.getByRole('button', { name: 'Add Device' }).click();
    await page.getByText(`Frames of ${imei}`).waitFor();
    await page.getByText('Waiting for frames').waitFor();
    const tracker: DeviceState = {
      imei,
      registration: 'WB02AB1234',
      latitude: 22.5726,
      longitude: 88.3639,
      speed: 10,
      heading: 90,
      ignition: true,
      frameNumber: 1,
    };
    const device = await connectDevice(inject('gatewayPort'));
    await device.send(loginFrame(tracker));
    await expect.poll(() => page.getByTestId('debug-frame').count()).toBe(1);
    await device.send(normalFrame(tracker, new Date()));
    await expect.poll(() => page.getByTestId('debug-frame').count()).toBe(2);
    device.close();
    const newest = page.getByTestId('debug-frame').first();
    await newest.getByText('Position', { exact: true }).waitFor();
    await newest.getByText('Checksum: OK').waitFor();
    expect(await newest.locator('pre').textContent()).toContain(imei);
    await page.getByTestId('debug-frame').nth(1).getByText('Login', { exact: true }).waitFor();
    await shot('debug-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await shot('debug-390');
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByRole('button', { name: `Keep ${imei}` }).click();
    // in the device's row (the toast says "Temporary device kept until removed" too)
    await page.locator('.MuiListItemButton-root', { hasText: imei }).getByText('Kept until removed').waitFor();
    await page.getByRole('button', { name: `Remove ${imei}` }).click();
    await page.getByText('Temporary device removed').waitFor();
  });

  it('is not offered to a role without the debug module', async () => {
    await signInAt(page, '/debug', 'dealer@demo.waymark.in');
    await page.getByText('Your role does not allow this page.', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Add Device' }).count()).toBe(0);
  });
});

describe('item list', () => {
  it("opens an item's attached vehicle, and greys the action out with a reason when there is none", async () => {
    await signInAt(page, '/item', 'superadmin@demo.waymark.in');
    const row = (text: string) => page.locator('tbody tr', { hasText: text });
    await row('Panic button').getByRole('button', { name: 'Row actions' }).click();
    const none = page.getByRole('menuitem', { name: 'See Attached Vehicle' });
    expect(await none.getAttribute('aria-disabled')).toBe('true');
    // the disabled item takes no pointer events: its wrapper shows the reason
    await none.locator('..').hover();
    await page.getByText('This item is not attached to a vehicle').waitFor();
    await page.keyboard.press('Escape');
    await row('Fuel sensor').getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'See Attached Vehicle' }).click();
    await page.waitForURL('**/vehicle/edit/*');
  });
});

describe('public listing settings', () => {
  it('publishes an organisation as an RFC with a chosen contact from its settings page, and the viewer shows it', async () => {
    await signInAt(page, '/management/organisation', 'admin@demo.waymark.in');
    // Sharma Distributors' own row: the one whose trade name it is (Metro Auto's row names it as its parent)
    await page
      .locator('tbody tr')
      .filter({ has: page.locator('td.column-tradeName', { hasText: /^Sharma Distributors$/ }) })
      .getByRole('button', { name: 'Row actions' })
      .click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.waitForURL('**/management/settings/*');
    await page.getByRole('heading', { name: 'Public listing' }).waitFor();
    expect(await page.getByLabel('List as a sales and service centre (SSC)').isChecked()).toBe(true);
    expect(await page.getByLabel('District').inputValue()).toBe('Howrah');
    await page.getByLabel('List as a retro-fitment centre (RFC)').check();
    await page.getByLabel('Vikram Sharma (+919800000005)').check();
    await page.getByRole('button', { name: 'Save listing' }).click();
    await page.getByText('Public listing saved').waitFor();
    // a phone opening the page: saved values come back
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect.poll(() => page.getByLabel('List as a retro-fitment centre (RFC)').isChecked()).toBe(true);
    expect(await page.getByLabel('Vikram Sharma (+919800000005)').isChecked()).toBe(true);
    await expectNoSidewaysScroll(page);
    await shot('listing-390');

    await page.goto(`${baseUrl}/public/rfc-viewer`);
    await expect.poll(names).toEqual(['Metro Auto Dealers', 'Sharma Distributors']);
    await cards().nth(1).getByText('Vikram Sharma').waitFor();
  });
});
