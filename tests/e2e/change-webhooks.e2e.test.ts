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
const name = `Metro ERP ${Date.now()}`;

describe('change webhook endpoints', () => {
  it('adds an endpoint at 1440 px as the dealer, refusing a private address, and shows its secret once', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAt(page, '/management/webhooks', 'dealer@demo.waymark.in');
    await page.getByRole('heading', { name: 'Change webhooks', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Add' }).click();
    await page.waitForURL('**/management/webhooks/add');
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('URL', { exact: true }).fill('http://10.20.30.40/hooks');
    await page.getByRole('checkbox', { name: 'Device created' }).check();
    await page.getByRole('checkbox', { name: 'Fitment recorded' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByText('This address is on a private, loopback or link-local network Waymark may not reach')
      .first()
      .waitFor();
    await page.getByLabel('URL', { exact: true }).fill('https://erp.example.invalid/waymark');
    await page.getByRole('button', { name: 'Save' }).click();
    // the secret, whole this once, before going back to the list
    const dialog = page.getByRole('dialog', { name: 'Signing secret' });
    await dialog.getByText('Copy the signing secret now: it is shown this once.', { exact: false }).waitFor();
    const secret = await dialog.getByTestId('shown-once-value').inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await shot('webhooks-secret-1440-en');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL((url) => url.pathname === '/management/webhooks');
    const row = page.locator('tbody tr', { hasText: name });
    await row.waitFor();
    // the events by their names, not their type ids
    await row.getByText('Device created, Fitment recorded').waitFor();
    await expect.poll(() => row.getByText('whsec_').count()).toBe(0);
    for (const heading of ['URL', 'Events', 'Enabled'])
      await page.getByRole('columnheader', { name: heading }).first().waitFor();
    await expectNoSidewaysScroll(page);
    // revealed again by the row action, to a holder of its permission: masked until its Reveal secret
    await row.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Reveal the signing secret' }).click();
    const revealed = page.getByRole('dialog', { name: `Signing secret of ${name}` });
    const field = revealed.getByLabel('Signing secret');
    await expect.poll(() => field.inputValue()).toBe(`${secret.slice(0, 10)}…`);
    await revealed.getByRole('button', { name: 'Reveal secret' }).click();
    await expect.poll(() => field.inputValue()).toBe(secret);
    await revealed.getByRole('button', { name: 'Hide secret' }).click();
    await expect.poll(() => field.inputValue()).toBe(`${secret.slice(0, 10)}…`);
    await revealed.getByRole('button', { name: 'Close' }).click();
    await revealed.waitFor({ state: 'detached' });
    await settled(page);
    await shot('webhooks-1440-en');
  });

  it('lists the endpoints in Hindi on a 390 px phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAt(page, '/management/webhooks', 'dealer@demo.waymark.in');
    await page.getByRole('heading', { name: 'Change webhooks', level: 1 }).waitFor();
    await switchToHindi(page);
    await page.getByRole('heading', { name: 'बदलाव वेबहुक', level: 1 }).waitFor();
    await expect.poll(() => page.getByText(name).count()).toBeGreaterThan(0);
    await expectNoSidewaysScroll(page);
    await settled(page);
    await shot('webhooks-390-hi');
  });
});
