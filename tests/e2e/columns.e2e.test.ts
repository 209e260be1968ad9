import fs from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSidewaysScroll, pagePerTest, settled, signInAt } from './browser.ts';
import { connectDevice } from '../gateway/device-client.ts';
import { loginFrame, normalFrame, type DeviceState } from '../../server/simulator/frames.ts';
import { demoTruck } from './demo-truck.ts';

const gatewayPort = inject('gatewayPort');
const session = pagePerTest();
const SHOTS = '/tmp/shots-columns2';

const truck = (patch: Partial<DeviceState>): DeviceState => demoTruck({ speed: 30, ...patch });

/**
 * Where a user sees the column headed `header` of the table: its header cell's and its first row's
 * cell's boxes, and whether the row's cell is the thing drawn at its own middle (not under the
 * pinned Actions column, say).
 */
function columnSeen(page: Page, header: string) {
  return page.evaluate((header) => {
    const table = document.querySelector('table')!;
    const heads = [...table.querySelectorAll('thead th')];
    const th = heads.find((h) => h.textContent?.trim() === header);
    if (!th) return null;
    const index = heads.indexOf(th);
    const td = table.querySelectorAll('tbody tr')[0]?.querySelectorAll(':scope > td')[index];
    // down the page if need be, as a user scrolls to the table; never sideways, which is what is checked
    if (td) window.scrollBy(0, td.getBoundingClientRect().top - window.innerHeight / 2);
    const box = (e: Element) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, right: r.right, width: r.width };
    };
    const middle = td && box(td);
    const drawn =
      td && middle
        ? document.elementFromPoint((middle.left + middle.right) / 2, td.getBoundingClientRect().top + 4)
        : null;
    return {
      header: box(th),
      cell: td ? box(td) : null,
      cellText: td?.textContent ?? '',
      cellOnTop: Boolean(drawn && td && (drawn === td || td.contains(drawn))),
      viewport: document.documentElement.clientWidth,
    };
  }, header);
}

async function expectInView(page: Page, header: string) {
  const seen = await columnSeen(page, header);
  expect(seen, `a column headed ${header}`).not.toBeNull();
  const { header: head, cell, viewport, cellOnTop } = seen!;
  for (const box of [head, cell!]) {
    expect(box.width, `${header} is drawn`).toBeGreaterThan(0);
    expect(box.left, `${header} starts in the window`).toBeGreaterThanOrEqual(0);
    expect(box.right, `${header} ends in the window`).toBeLessThanOrEqual(viewport);
  }
  expect(cellOnTop, `${header}'s cell is not covered`).toBe(true);
  return seen!;
}

describe('tables keep the columns that matter most in view', () => {
  it('on a phone, Daily Run Summary shows date, vehicle and distance; the vehicle name opens under the row', async () => {
    // today's drive of the customer's truck, through the real gateway: a row of the day's summary
    const device = await connectDevice(gatewayPort);
    await device.send(loginFrame(truck({})));
    await device.send(normalFrame(truck({}), new Date(Date.now() - 60_000)));
    await device.send(normalFrame(truck({ latitude: 26.4673, longitude: 80.3532 }), new Date(Date.now() - 40_000)));
    await device.send(normalFrame(truck({ latitude: 26.4675, longitude: 80.3534 }), new Date(Date.now() - 20_000)));
    device.close();

    const { page } = session;
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAt(page, '/reports/daily-run-summary', 'customer@demo.waymark.in');
    const row = page.locator('tbody tr', { hasText: 'UP78AT4321' }).first();
    // the summariser writes the day's row within seconds of the frames: until then the page is opened again
    await expect
      .poll(
        async () => {
          if ((await row.count()) === 0) {
            await page.reload();
            await row.waitFor({ timeout: 5_000 }).catch(() => undefined);
          }
          return row.count();
        },
        { timeout: 45_000 },
      )
      .toBe(1);
    await settled(page);

    await expectInView(page, 'Date');
    await expectInView(page, 'Vehicle');
    const distance = await expectInView(page, 'Distance (km)');
    expect(distance.cellText).toMatch(/^\d+(\.\d)?$/);
    // the table itself needs no sideways scroll to show them, nor does the page
    expect(
      await page.locator('table').evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth),
    ).toBeLessThanOrEqual(0);
    await expectNoSidewaysScroll(page);
    fs.mkdirSync(SHOTS, { recursive: true });
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/daily-run-summary-390.png` });

    // ... and a few key presses away: the row's expand button is in the tab order, a button that says whether it is open
    const toggle = row.getByRole('button', { name: 'Expand' });
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    // the focused element, if it is a button of the truck's row: its accessible name
    const focusedInRow = () =>
      page.evaluate(() => {
        const focused = document.activeElement;
        const inRow = focused?.closest('tr')?.textContent?.includes('UP78AT4321');
        return inRow ? focused!.getAttribute('aria-label') : null;
      });
    let tabs = 0;
    while ((await focusedInRow()) !== 'Expand') {
      expect(++tabs, 'the row’s Expand button is reached with Tab').toBeLessThan(100);
      await page.keyboard.press('Tab');
    }
    // the focused element is the row's button a screen reader announces
    expect(await toggle.evaluate((b) => b === document.activeElement)).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    const opened = page.getByTestId('left-out-columns').first();
    await opened.waitFor();
    const running = opened.locator('dt', { hasText: /^Running$/ });
    expect(await running.isVisible()).toBe(true);
    expect((await running.locator('xpath=following-sibling::dd[1]').innerText()).trim()).not.toBe('');
    const close = row.getByRole('button', { name: 'Close' });
    expect(await close.getAttribute('aria-expanded')).toBe('true');
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/daily-run-summary-390-keyboard.png` });
    await page.keyboard.press('Enter');
    await opened.waitFor({ state: 'detached' });

    // what does not fit is a tap away: the row opens on its other columns, as label and value
    expect(await page.locator('thead th', { hasText: 'Vehicle Name' }).isVisible()).toBe(false);
    await row.locator('td').nth(1).click();
    const more = page.getByTestId('left-out-columns').first();
    await more.waitFor();
    expect(await more.getByText('Vehicle Name', { exact: true }).isVisible()).toBe(true);
    expect(await more.getByText('Running', { exact: true }).isVisible()).toBe(true);
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/daily-run-summary-390-expanded.png` });

    // at 1440 px the same table has room for more: the vehicle name, the times, the speed, without sideways scrolling
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect.poll(() => page.locator('thead th', { hasText: 'Vehicle Name' }).isVisible()).toBe(true);
    await settled(page);
    for (const header of ['Date', 'Vehicle', 'Vehicle Name', 'Distance (km)', 'Running', 'Max Speed (km/h)'])
      await expectInView(page, header);
    expect(
      await page.locator('table').evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth),
    ).toBeLessThanOrEqual(0);
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/daily-run-summary-1440.png` });
  });

  it('at 1440 px, the fitment list shows each fitment’s activation status beside its IMEI and registration', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAt(page, '/fitment', 'admin@demo.waymark.in');
    await page.locator('tbody tr', { hasText: 'UP78AT4321' }).waitFor();
    await settled(page);

    await expectInView(page, 'IMEI');
    await expectInView(page, 'Registration Number');
    const status = await expectInView(page, 'Activation');
    expect(status.cellText).toMatch(/^(Pending approval|Active|Not activated)$/);
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/fitment-1440.png` });

    // on a phone too: the three columns that say which vehicle carries which device, and whether it works
    await page.setViewportSize({ width: 390, height: 844 });
    // opened on the phone (the menu, open at 1440 px, would lie over the page as a drawer)
    await page.reload();
    await page.locator('tbody tr', { hasText: 'UP78AT4321' }).waitFor();
    await expect.poll(async () => (await columnSeen(page, 'Activation'))?.header.width ?? 0).toBeGreaterThan(0);
    await settled(page);
    await expectInView(page, 'IMEI');
    await expectInView(page, 'Registration Number');
    const phoneStatus = await expectInView(page, 'Activation');
    expect(phoneStatus.cellText).toMatch(/^(Pending approval|Active|Not activated)$/);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/fitment-390.png` });
  });

  it('a sortable header sorts the list by its column, both ways, and the order stays on reload', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAt(page, '/management/device', 'superadmin@demo.waymark.in');
    await page.locator('tbody tr').first().waitFor();
    await settled(page);
    const imeis = () =>
      page.locator('tbody tr td.column-imei').evaluateAll((cells) => cells.map((c) => c.textContent?.trim() ?? ''));
    const ascending = (list: string[]) => list.length > 1 && list.every((v, i) => i === 0 || list[i - 1]! <= v);
    const descending = (list: string[]) => list.length > 1 && list.every((v, i) => i === 0 || list[i - 1]! >= v);
    const header = page.locator('thead th.column-imei').getByRole('button');
    const first = await imeis();

    // the list opens by IMEI, ascending: a click reverses it, another puts it back
    await header.click();
    await expect.poll(async () => descending(await imeis())).toBe(true);
    expect(await imeis()).not.toEqual(first);
    await header.click();
    await expect.poll(async () => ascending(await imeis())).toBe(true);
    await header.click();
    await expect.poll(async () => descending(await imeis())).toBe(true);
    const shown = await imeis();
    await settled(page);
    await page.screenshot({ path: `${SHOTS}/device-sorted-desc.png` });

    // the order is the URL's: a reload keeps it
    expect(decodeURIComponent(page.url())).toContain('order=DESC');
    await page.reload();
    await page.locator('tbody tr').first().waitFor();
    await expect.poll(imeis).toEqual(shown);

    // a header the server does not sort by stays plain text
    expect(await page.locator('thead th.column-eSimProvider').getByRole('button').count()).toBe(0);
  });
});
