import crypto from 'node:crypto';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, pagePerTest, signInAt } from './browser.ts';

/** The roles as the spec's own call answers them, read through the API as super-admin. */
async function rolesThroughApi(): Promise<{ id: string; name: string }[]> {
  const base = inject('baseUrl');
  const key = ((await (await fetch(`${base}/api/auth/public-key`)).json()) as { data: { publicKey: string } }).data
    .publicKey;
  const password = crypto
    .publicEncrypt(
      { key, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(DEMO_PASSWORD),
    )
    .toString('base64');
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'superadmin@demo.waymark.in', password }),
  });
  const token = ((await login.json()) as { data: { token: { access: { token: string } } } }).data.token.access.token;
  const roles = await fetch(`${base}/api/roles?hydrate=permissions`, { headers: { authorization: `Bearer ${token}` } });
  return (await roles.json()) as { id: string; name: string }[];
}

const session = pagePerTest();
let page: Page;
const errors: string[] = [];
beforeEach(() => {
  page = session.page;
  errors.length = 0;
  page.on('pageerror', (error) => errors.push(error.message));
});

describe('form inputs', () => {
  it('offers no "Any" in a form\'s choices (it belongs to filters)', async () => {
    await signInAt(page, '/management/device/add', 'superadmin@demo.waymark.in');
    await page.getByRole('combobox', { name: 'Status' }).click();
    const options = await page.getByRole('listbox').getByRole('option').allInnerTexts();
    expect(options.map((o) => o.trim())).toEqual(expect.arrayContaining(['NEW', 'ALLOCATED']));
    expect(options.map((o) => o.trim())).not.toContain('Any');
    expect(errors).toEqual([]);
  });
});

describe('role edit', () => {
  it('opens the permission tree of a custom role, saves a tick and shows it again on reopening', async () => {
    await signInAt(page, '/management/role', 'superadmin@demo.waymark.in');
    await page.getByRole('heading', { name: 'Roles', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Add' }).click();
    await page.getByLabel('Name').fill('Night auditors');
    await page.getByRole('checkbox', { name: 'Devices', exact: true }).first().check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/management/role');

    await page.getByPlaceholder('Search...').fill('Night auditors');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await page.locator('tbody tr').first().getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await page.waitForURL('**/management/role/edit/**');
    const devices = page.getByRole('checkbox', { name: 'Devices', exact: true }).first();
    await expect.poll(() => devices.isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: 'Live tracking', exact: true }).first().check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/management/role');

    await page.goBack();
    await page.waitForURL('**/management/role/edit/**');
    await expect
      .poll(() => page.getByRole('checkbox', { name: 'Live tracking', exact: true }).first().isChecked())
      .toBe(true);
    await expect
      .poll(() => page.getByRole('checkbox', { name: 'Devices', exact: true }).first().isChecked())
      .toBe(true);
    expect(errors).toEqual([]);
  });

  it('opens every built-in role with its ticks', async () => {
    await signInAt(page, '/management/role', 'superadmin@demo.waymark.in');
    await page.getByPlaceholder('Search...').fill('DEALER');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await page.locator('tbody tr').first().getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await page.waitForURL('**/management/role/edit/**');
    await expect
      .poll(() => page.getByRole('checkbox', { name: 'Fitment', exact: true }).first().isChecked())
      .toBe(true);
    await expect.poll(() => page.getByRole('checkbox', { name: 'Roles', exact: true }).first().isChecked()).toBe(false);
    expect(errors).toEqual([]);
  });

  it('opens each of the 13 roles by its address (a reload, a bookmark, a new tab) without crashing', async () => {
    const roles = await rolesThroughApi();
    expect(roles.map((r) => r.name)).toEqual(expect.arrayContaining(['SUPER_ADMIN', 'VENDOR', 'RFC_ADMIN', 'DEALER']));
    await signInAt(page, '/management/role', 'superadmin@demo.waymark.in');
    for (const role of roles) {
      await page.goto(`${inject('baseUrl')}/management/role/edit/${role.id}`);
      await expect.poll(() => page.getByLabel('Name').inputValue(), { timeout: 15_000 }).toBe(role.name);
      await page.getByRole('checkbox', { name: 'Devices', exact: true }).first().waitFor();
      expect(await page.getByText('Something went wrong').count()).toBe(0);
    }
    expect(errors).toEqual([]);
  }, 180_000);
});
