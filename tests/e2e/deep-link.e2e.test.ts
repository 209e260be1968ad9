import { beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, pagePerTest, signInThroughForm } from './browser.ts';

const baseUrl = inject('baseUrl');
const session = pagePerTest();
let page: Page;
beforeEach(() => {
  page = session.page;
});

/**
 * Opens a signed-in address in a fresh (signed-out) tab: the sign-in page must come at once, one
 * history step after the link. (A redirect loop kept the empty layout on screen, pushing
 * /auth/login over and over, until a navigation happened to win.)
 */
async function openSignedOut(path: string) {
  await page.goto(`${baseUrl}${path}`);
  await page.waitForURL('**/auth/login');
  await page.getByLabel('Email or Phone Number').waitFor();
  expect(await page.evaluate(() => (history.state as { idx?: number } | null)?.idx)).toBe(1);
  expect(await page.getByRole('button', { name: 'Skip to content' }).count()).toBe(0);
}

describe('a signed-out deep link', () => {
  it('goes to the sign-in page and back to the list with its query after sign-in', async () => {
    const query = `?filter=${encodeURIComponent(JSON.stringify({ q: '868347070000007' }))}`;
    await openSignedOut(`/management/device${query}`);
    await signInThroughForm(page, 'dealer@demo.waymark.in', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/management/device');
    expect(new URL(page.url()).searchParams.get('filter')).toBe(JSON.stringify({ q: '868347070000007' }));
    await page.getByRole('heading', { name: 'Devices', level: 1 }).waitFor();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
  });

  it('goes to the sign-in page and back to a custom page after sign-in', async () => {
    await openSignedOut('/fitment/add');
    await signInThroughForm(page, 'dealer@demo.waymark.in', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/fitment/add');
    await page.getByRole('heading', { name: 'Add Fitment', level: 1 }).waitFor();
  });

  it('goes to the sign-in page and back to Vehicle Status after sign-in', async () => {
    await openSignedOut('/vehicle-status');
    await signInThroughForm(page, 'superadmin@demo.waymark.in', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/vehicle-status');
    await page.getByRole('heading', { name: 'Vehicle Status', level: 1 }).waitFor();
  });
});
