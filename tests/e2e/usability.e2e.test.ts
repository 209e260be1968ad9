import { beforeEach, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { pagePerTest, signInAt } from './browser.ts';

const session = pagePerTest();
let page: Page;
beforeEach(() => {
  page = session.page;
});

/** Whether the element is inside the window and on top where it is: seen without scrolling. */
async function isInView(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const inside = box.left >= 0 && box.top >= 0 && box.right <= window.innerWidth && box.bottom <= window.innerHeight;
    return inside && element.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
  });
}

describe('row actions', () => {
  for (const width of [1440, 1920]) {
    it(`shows every list's row actions and their menu inside a ${width} px window`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await signInAt(page, '/fitment', 'superadmin@demo.waymark.in');
      for (const path of ['/fitment', '/management/device', '/management/vehicle', '/sim-activation-order']) {
        await page.goto(new URL(path, page.url()).href);
        const button = page.locator('tbody tr').first().getByRole('button', { name: 'Row actions' });
        await button.waitFor();
        expect(await isInView(button), `${path}: the row's action button is seen without scrolling`).toBe(true);
        await button.click();
        const menu = page.getByRole('menu').filter({ has: page.getByRole('menuitem', { name: 'Edit' }) });
        await menu.waitFor();
        const box = (await menu.boundingBox())!;
        expect(box.x, `${path}: the menu's left edge`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${path}: the menu's right edge`).toBeLessThanOrEqual(width);
        expect(box.y + box.height, `${path}: the menu's bottom edge`).toBeLessThanOrEqual(900);
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'hidden' });
      }
    });
  }

  it('offers a customer on its fitments only what it may do to a row: View Certificate', async () => {
    await signInAt(page, '/fitment', 'customer@demo.waymark.in');
    await page.locator('tbody tr').first().waitFor();
    expect(await page.locator('thead').textContent()).toContain('Registration Number');
    await page.locator('tbody tr').first().getByRole('button', { name: 'Row actions' }).click();
    await expect
      .poll(async () => (await page.getByRole('menuitem').allInnerTexts()).map((t) => t.trim()))
      .toEqual(['View Certificate']);
  });
});

describe('activation calls', () => {
  it('asks before undoing or approving an activation, and Cancel changes nothing', async () => {
    await signInAt(page, '/fitment', 'manufacturer@demo.waymark.in');
    // a demo fitment: approved from the start, approved again at the end
    const row = page.locator('tbody tr', { hasText: 'UP78FT4326' });
    const choose = async (action: string) => {
      await row.getByRole('button', { name: 'Row actions' }).click();
      await page.getByRole('menuitem', { name: action }).click();
      return page.getByRole('dialog', { name: action });
    };
    await expect.poll(() => row.textContent()).toContain('Active');

    let dialog = await choose('Undo Activation');
    await dialog
      .getByText('Undo the activation of UP78FT4326 (868347070000005)? Tracking stops until it is approved again.')
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.reload();
    await expect.poll(() => row.textContent()).toContain('Active');

    dialog = await choose('Undo Activation');
    await dialog.getByRole('button', { name: 'Undo Activation' }).click();
    await page.getByText('Activation undone').waitFor();
    await expect.poll(() => row.textContent()).toContain('Not activated');

    dialog = await choose('Approve Activation');
    await dialog
      .getByText(
        'Approve the activation of UP78FT4326 (868347070000005)? Tracking starts and the activation is billed.',
      )
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.reload();
    await expect.poll(() => row.textContent()).toContain('Not activated');

    dialog = await choose('Approve Activation');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Activation approved').waitFor();
    await expect.poll(() => row.textContent()).toContain('Active');
  });
});

describe('page titles', () => {
  it('names Live tracking and Route Playback in the header, as every other page is named', async () => {
    await signInAt(page, '/view-operations/live-tracking', 'superadmin@demo.waymark.in');
    const headerTitle = page.locator('#react-admin-title');
    await expect.poll(() => headerTitle.textContent()).toBe('Live tracking');
    await page.getByRole('heading', { name: 'Live tracking', level: 1 }).waitFor({ state: 'attached' });

    await page.goto(new URL('/view-operations/route-playback', page.url()).href);
    await expect.poll(() => headerTitle.textContent()).toBe('Route Playback');
    await page.getByRole('heading', { name: 'Route Playback', level: 1 }).waitFor();
  });
});

describe('on a phone', () => {
  it("shows the page's whole title in the header, and a form's Save never covers the footer's links", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAt(page, '/vehicle-status', 'customer@demo.waymark.in');
    const language = page.getByRole('button', { name: 'English' });
    const languageText = () => language.evaluate((button) => parseFloat(getComputedStyle(button).fontSize));
    expect(await languageText()).toBe(0);
    const title = page.locator('#react-admin-title');
    await expect.poll(() => title.textContent()).toBe('Vehicle Status');
    expect(await title.evaluate((element) => element.scrollWidth <= element.clientWidth), 'the title is not cut').toBe(
      true,
    );
    // the language button keeps its name for screen readers, its text given way to the title
    await language.waitFor();

    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Save' }).waitFor();
    for (const name of ['Terms of Use', 'Privacy Policy', 'Contact Us']) {
      // at the very end of the page, where a toolbar fixed to the screen's foot would lie over them
      await expect
        .poll(
          async () => {
            await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
            return isInView(page.getByRole('link', { name }));
          },
          { message: `${name} can be tapped`, timeout: 5000 },
        )
        .toBe(true);
    }

    // a wide screen names the language beside its icon
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect.poll(languageText, { message: 'the language is named on a wide screen' }).toBeGreaterThan(0);
  });
});

describe('global search', () => {
  it('says how many of how many matches it shows, and See all opens the list filtered by the text', async () => {
    await signInAt(page, '/vehicle-status', 'superadmin@demo.waymark.in');
    await page.getByRole('button', { name: 'Search' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    // the demo's twelve devices share their IMEI prefix; ten are shown
    await dialog.getByRole('textbox', { name: 'Search' }).fill('86834707');
    await dialog.getByRole('button', { name: 'Search' }).click();
    const devices = dialog.getByRole('list', { name: 'Devices' });
    await devices.getByText('10 of 12').waitFor();
    expect(await devices.getByRole('button').count()).toBe(10);
    await devices.getByRole('link', { name: 'See all' }).click();

    await page.waitForURL(/\/management\/device\?/);
    expect(JSON.parse(new URL(page.url()).searchParams.get('filter')!)).toEqual({ q: '86834707' });
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('1-10 of 12').waitFor();
    await expect.poll(() => page.getByPlaceholder('Search...').inputValue()).toBe('86834707');
  });
});
