import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSidewaysScroll, pagePerTest, settled, signInAt, switchToHindi } from './browser.ts';

const session = pagePerTest();
let page: Page;
beforeEach(() => {
  page = session.page;
});
/** Screenshots for a person to look at (SHOTS=dir); the assertions do not depend on them. */
const shot = async (name: string) => {
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/${name}.png`, fullPage: true });
};
const name = `VLTS ${Date.now()}`;

describe('position forwarding destinations', () => {
  it('adds an AIS-140 destination at 1440 px, refusing a loopback address, and lists it with its state', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAt(page, '/management/forwarding', 'superadmin@demo.waymark.in');
    await page.getByRole('heading', { name: 'Position forwarding', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Add' }).click();
    await page.waitForURL('**/management/forwarding/add');
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Kind', { exact: true }).click();
    await page.getByRole('option', { name: 'AIS-140 server (TCP)' }).click();
    await page.getByLabel('Address', { exact: true }).fill('tcp://127.0.0.1:5027');
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByText('This address is on a private, loopback or link-local network Waymark may not reach')
      .first()
      .waitFor();
    await page.getByLabel('Address', { exact: true }).fill('tcp://vlts.example.invalid:5000');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/management/forwarding');
    const row = page.locator('tbody tr', { hasText: name });
    await row.waitFor();
    // nothing of the platform organisation's devices waits: its sender shows it up to date, nothing waiting
    await row.getByText('Up to date').waitFor();
    for (const heading of ['Kind', 'State', 'Frames waiting'])
      await page.getByRole('columnheader', { name: heading }).first().waitFor();
    await row.getByText('AIS-140 server (TCP)').waitFor();
    await expectNoSidewaysScroll(page);
    await settled(page);
    await shot('forwarding-1440-en');
  });

  it('lists the destinations in Hindi on a 390 px phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAt(page, '/management/forwarding', 'superadmin@demo.waymark.in');
    await page.getByRole('heading', { name: 'Position forwarding', level: 1 }).waitFor();
    await switchToHindi(page);
    await page.getByRole('heading', { name: 'स्थिति अग्रेषण', level: 1 }).waitFor();
    await expect.poll(() => page.getByText(name).count()).toBeGreaterThan(0);
    await expectNoSidewaysScroll(page);
    await settled(page);
    await shot('forwarding-390-hi');
  });
});
