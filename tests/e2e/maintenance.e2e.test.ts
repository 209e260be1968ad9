import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSidewaysScroll, pagePerTest, settled, signInAt } from './browser.ts';

const session = pagePerTest();
let page: Page;
beforeEach(() => {
  page = session.page;
});
/** Where the screenshots go (looked at by hand; MAINTENANCE_SHOTS names another folder). */
const shots = process.env.MAINTENANCE_SHOTS ?? path.join(os.tmpdir(), 'waymark-maintenance-shots');
fs.mkdirSync(shots, { recursive: true });
const shot = (name: string) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
const rows = () => page.locator('tbody tr');
const CUSTOMER = 'customer@demo.waymark.in';

describe('maintenance schedules screen', () => {
  it('lets a fleet owner add a schedule, says what it lacks, and record the service as done (1440 px)', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAt(page, '/maintenance-schedule', CUSTOMER);
    await page.getByRole('heading', { name: 'Maintenance Schedules', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Add' }).click();
    await page.waitForURL('**/maintenance-schedule/add');

    await page.getByLabel('Service').fill('Oil change');
    await page.getByRole('combobox', { name: 'Vehicle' }).click();
    await page.getByRole('option', { name: /UP78AT4321/ }).click();
    await page.getByLabel('Every', { exact: true }).click();
    await page.getByRole('option', { name: 'Kilometres' }).click();
    // the interval of its kind is required: the server's message under the field
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Give the kilometres between services, a whole number').first().waitFor();
    await page.getByLabel('Every (km)').fill('5000');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/maintenance-schedule');

    const row = rows().filter({ hasText: 'Oil change' });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByText('Not due').waitFor();
    await row.getByText('Kilometres').waitFor();
    await settled(page);
    await shot('1440-list');

    await row.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Done' }).click();
    await page.getByText('Record "Oil change" as done today? Its next period starts now.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
    await page.getByText('Service recorded for Oil change: the next period starts now').waitFor();
    // its last service is today now
    await expect.poll(async () => (await row.innerText()).match(/\d{2}\/\d{2}\/\d{4}/g)?.length ?? 0).toBe(2);
  });

  it('fits a phone (390 px): the list and the form', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAt(page, '/maintenance-schedule', CUSTOMER);
    await page.getByRole('heading', { name: 'Maintenance Schedules', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Add' }).click();
    await page.waitForURL('**/maintenance-schedule/add');
    await page.getByLabel('Service').fill('Fitness certificate');
    await page.getByRole('combobox', { name: 'Vehicle' }).click();
    await page.getByRole('option', { name: /UP78BT4322/ }).click();
    await page.getByLabel('Every', { exact: true }).click();
    await page.getByRole('option', { name: 'Days' }).click();
    await page.getByLabel('Every (days)').fill('365');
    await expectNoSidewaysScroll(page);
    await settled(page);
    await shot('390-form');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/maintenance-schedule');
    // a phone shows the first columns; the row opens on the others, its state among them
    const row = rows().filter({ hasText: 'Fitness certificate' });
    await row.getByRole('button', { name: 'Expand' }).click();
    const opened = page.getByTestId('left-out-columns').first();
    await opened.waitFor();
    const state = opened.locator('dt', { hasText: /^State$/ });
    expect((await state.locator('xpath=following-sibling::dd[1]').innerText()).trim()).toBe('Not due');
    const every = opened.locator('dt', { hasText: /^Every$/ });
    expect((await every.locator('xpath=following-sibling::dd[1]').innerText()).trim()).toBe('Days');
    await expectNoSidewaysScroll(page);
    await settled(page);
    await shot('390-list');
  });
});
