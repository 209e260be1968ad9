import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  DEMO_PASSWORD,
  expectNoSidewaysScroll,
  pagePerTest,
  settled,
  signedInSession,
  signInAt,
  switchToHindi,
} from './browser.ts';

// Copy writes the secret to the clipboard, which the test reads back
const session = pagePerTest({ permissions: ['clipboard-read', 'clipboard-write'] });
let page: Page;
beforeEach(() => {
  page = session.page;
});
/** Screenshots for a person to look at (SHOTS=dir); the assertions do not depend on them. */
const shot = async (name: string) => {
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/${name}.png`, fullPage: true });
};
const name = `VLTS ${Date.now()}`;
/** An HTTP destination of Sunrise Logistics (paused: nothing is sent), whose secret the tests reveal. */
const erp = `ERP ${Date.now()}`;
/** A user of Sunrise whose role reads and edits the destinations, without reveal-forwarding-secret. */
const reader = `forwarding-reader-${Date.now()}@waymark.test`;
let stored = '';

/** A call to the API as the demo super-admin. */
async function asSuperAdmin(method: string, url: string, body?: object) {
  const { accessToken } = await signedInSession('superadmin@demo.waymark.in', DEMO_PASSWORD);
  const response = await fetch(`${inject('baseUrl')}/api${url}`, {
    method,
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

beforeAll(async () => {
  const orgs = (await asSuperAdmin('GET', `/organisation?filter=${encodeURIComponent('{"q":"Sunrise"}')}`)) as {
    id: string;
    tradeName: string;
  }[];
  const sunrise = orgs.find((o) => o.tradeName === 'Sunrise Logistics')!.id;
  const destination = await asSuperAdmin('POST', '/forwarding-destinations', {
    name: erp,
    kind: 'HTTP',
    address: 'https://erp.example.invalid/positions',
    organisationId: sunrise,
    enabled: false,
  });
  stored = (await asSuperAdmin('GET', `/forwarding-destinations/${destination.id}/secret`)).data.secret;
  const role = await asSuperAdmin('POST', '/roles', {
    name: `Forwarding reader ${Date.now()}`,
    organisationId: sunrise,
    authScopes: [
      {
        id: 'group-management',
        allowed: true,
        children: [{ id: 'management-forwarding', allowed: true, actions: { 'edit-forwarding': true } }],
      },
    ],
  });
  await asSuperAdmin('POST', '/users', {
    firstName: 'Ravi',
    lastName: 'Verma',
    email: reader,
    phone: `9${String(Date.now()).slice(-9)}`,
    password: DEMO_PASSWORD,
    roleId: role.id,
    organisationId: sunrise,
  });
});

/** Opens the row menu of a destination and chooses an entry by its name. */
async function chooseInRowMenu(destination: string, menu: string, entry: string) {
  await page.locator('tbody tr', { hasText: destination }).getByRole('button', { name: menu }).click();
  await page.getByRole('menuitem', { name: entry }).click();
}

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

    // the HTTP destination's secret: nowhere on the list nor in the dialog until its Reveal secret, copied by Copy secret
    expect(stored).toMatch(/^whsec_/);
    await page.locator('tbody tr', { hasText: erp }).waitFor();
    expect(await page.content()).not.toContain(stored);
    // an AIS-140 destination signs nothing: its menu has no such entry
    await row.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Reveal secret' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await chooseInRowMenu(erp, 'Row actions', 'Reveal secret');
    const dialog = page.getByRole('dialog', { name: `Signing secret of ${erp}` });
    const field = dialog.getByLabel('Signing secret');
    await field.waitFor();
    expect(await field.inputValue()).not.toBe(stored);
    expect(await page.content()).not.toContain(stored);
    await dialog.getByRole('button', { name: 'Reveal secret' }).click();
    await expect.poll(() => field.inputValue()).toBe(stored);
    await dialog.getByRole('button', { name: 'Copy secret' }).click();
    await page.getByText('Secret copied').waitFor();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(stored);
    await settled(page);
    await shot('forwarding-secret-1440-en');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('offers no Reveal secret to a role without reveal-forwarding-secret', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAt(page, '/management/forwarding', reader);
    await page.getByRole('heading', { name: 'Position forwarding', level: 1 }).waitFor();
    await page.locator('tbody tr', { hasText: erp }).getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Reveal secret' }).count()).toBe(0);
    expect(await page.content()).not.toContain(stored);
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
    await chooseInRowMenu(erp, 'पंक्ति की क्रियाएँ', 'सीक्रेट दिखाएं');
    const dialog = page.getByRole('dialog', { name: `${erp} का हस्ताक्षर सीक्रेट` });
    await dialog.getByRole('button', { name: 'सीक्रेट दिखाएं' }).click();
    await expect.poll(() => dialog.getByLabel('हस्ताक्षर सीक्रेट').inputValue()).toBe(stored);
    await dialog.getByRole('button', { name: 'सीक्रेट कॉपी करें' }).click();
    await page.getByText('सीक्रेट कॉपी हो गया').waitFor();
    await expectNoSidewaysScroll(page);
    await settled(page);
    await shot('forwarding-secret-390-hi');
    await dialog.getByRole('button', { name: 'बंद करें' }).click();
  });
});
