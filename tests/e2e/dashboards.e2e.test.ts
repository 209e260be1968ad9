import fs from 'node:fs';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSidewaysScroll, pagePerTest, settled, signInAt } from './browser.ts';

const baseUrl = inject('baseUrl');
const session = pagePerTest();
let page: Page;
beforeEach(() => {
  page = session.page;
});
/** Screenshots at 1440 px and 390 px, looked at by hand. */
const shots = process.env.DASH_SHOTS ?? '/tmp/shots-dash';
fs.mkdirSync(shots, { recursive: true });

const email = (who: string) => `${who}@demo.waymark.in`;

async function shoot(name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSidewaysScroll(page);
    await settled(page);
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

interface Summary {
  vehicles: Record<string, number>;
  devices: Record<string, number> | null;
  today: { alerts: number };
}

/** Opens /dashboard signed in as `who` and returns the figures the page was given. */
async function openDashboard(who: string): Promise<Summary> {
  const answer = page.waitForResponse((r) => r.url().includes('/api/dashboard/summary') && r.status() === 200);
  await signInAt(page, '/dashboard', email(who));
  const summary = (await (await answer).json()).data as Summary;
  await expect.poll(() => page.getByTestId('value-vehicles-total').textContent()).toBe(String(summary.vehicles.total));
  return summary;
}

async function openCharts(path: string, kinds: string[]): Promise<{ vehicles: number }> {
  const answer = page.waitForResponse((r) => r.url().includes('/api/dashboard/charts') && r.status() === 200);
  await page.goto(`${baseUrl}${path}`);
  const charts = (await (await answer).json()).data as { vehicles: number };
  for (const kind of kinds) await page.getByTestId(`chart-${kind}`).waitFor();
  return charts;
}

describe('dashboards', () => {
  const seen: Record<string, Summary> = {};

  it.each(['superadmin', 'dealer', 'customer'])('render for %s with their own scope', async (who) => {
    const summary = await openDashboard(who);
    seen[who] = summary;
    await expect.poll(() => page.getByTestId('value-alerts-today').textContent()).toBe(String(summary.today.alerts));
    if (summary.devices) {
      await expect
        .poll(() => page.getByTestId('value-devices-total').textContent())
        .toBe(String(summary.devices!.total));
    } else {
      expect(await page.getByTestId('figure-devices-total').count()).toBe(0);
    }
    await shoot(`dashboard-${who}`);

    const v2 = await openCharts('/dashboardv2', ['distance', 'alerts', 'utilisation']);
    await page.getByText(`${v2.vehicles} vehicles with a device`).first().waitFor();
    await shoot(`dashboardv2-${who}`);

    await openCharts('/fleet-dashboard', ['offline', 'utilisation', 'alerts']);
    await shoot(`fleet-dashboard-${who}`);
  });

  it("counts devices by scope: the whole platform, the dealer's tree, none for a customer", () => {
    expect(seen.superadmin!.devices!.total).toBeGreaterThan(seen.dealer!.devices!.total);
    expect(seen.dealer!.devices!.total).toBeGreaterThan(0);
    expect(seen.customer!.devices).toBeNull();
  });

  it('opens the list or report behind a card, with its filter', async () => {
    await openDashboard('superadmin');
    await page.getByTestId('figure-vehicles-offline').click();
    await page.waitForURL(
      (url) =>
        url.pathname === '/vehicle-status' && JSON.parse(url.searchParams.get('filter') ?? '{}').status === 'offline',
    );
    await page.goBack();
    await page.getByTestId('figure-devices-NEW').click();
    await page.waitForURL(
      (url) =>
        url.pathname === '/management/device' && JSON.parse(url.searchParams.get('filter') ?? '{}').status === 'NEW',
    );
    // the device list applies the filter: every row shown is NEW
    await page.getByRole('row').nth(1).waitFor();
    const statuses = await page.getByRole('row').allTextContents();
    expect(statuses.slice(1).every((row) => row.includes('NEW'))).toBe(true);
    await page.goBack();
    await page.getByTestId('figure-distance-today').click();
    await page.waitForURL(
      (url) =>
        url.pathname === '/reports/daily-run-summary' &&
        JSON.parse(url.searchParams.get('filter') ?? '{}').preset === 'today',
    );
  });

  it("changes the charts' period and drills down to the report for it", async () => {
    await signInAt(page, '/dashboardv2', email('dealer'));
    await page.getByTestId('chart-distance').waitFor();
    const answer = page.waitForResponse((r) => r.url().includes('/api/dashboard/charts') && r.status() === 200);
    await page.getByRole('button', { name: 'Last month' }).click();
    const lastMonth = (await (await answer).json()).data as { days: unknown[] };
    expect(lastMonth.days.length).toBeGreaterThanOrEqual(28);
    await page.waitForURL((url) => url.searchParams.get('preset') === 'lastMonth');
    await page.getByTestId('open-distance').click();
    await page.waitForURL(
      (url) =>
        url.pathname === '/reports/daily-run-summary' &&
        JSON.parse(url.searchParams.get('filter') ?? '{}').preset === 'lastMonth',
    );
  });
});
