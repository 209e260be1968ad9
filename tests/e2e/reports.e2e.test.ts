import fs from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { pagePerTest, settled, signInAt, switchToHindi } from './browser.ts';
import { connectDevice } from '../gateway/device-client.ts';
import { emergencyFrame, loginFrame, type DeviceState } from '../../server/simulator/frames.ts';
import { demoTruck } from './demo-truck.ts';

const gatewayPort = inject('gatewayPort');
const session = pagePerTest({ acceptDownloads: true });

const truck: DeviceState = demoTruck({ speed: 10 });

describe('the alert report in the browser', () => {
  it('shows this month’s alerts of the customer’s vehicles as a table and a chart, and exports them as CSV', async () => {
    const device = await connectDevice(gatewayPort);
    await device.send(loginFrame(truck));
    await device.send(emergencyFrame(truck, new Date()));
    device.close();

    const { page } = session;
    await signInAt(page, '/reports/alert', 'customer@demo.waymark.in');
    await page.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'This month' }).click();
    await page.waitForURL(/thisMonth/);

    const row = page.locator('tbody tr', { hasText: 'UP78AT4321' }).filter({ hasText: 'SOS' }).first();
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    const chart = page.getByRole('figure', { name: 'Alerts by type' });
    await chart.locator('svg').first().waitFor();
    expect(await chart.textContent()).toContain('SOS');
    const totals = page.getByTestId('report-totals');
    await expect.poll(async () => Number(await totals.locator('td').nth(1).textContent())).toBeGreaterThan(0);
    const total = Number(await totals.locator('td').nth(1).textContent());

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^alert-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = fs
      .readFileSync((await download.path())!, 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Time,Vehicle,Alert type,Place,Speed (km/h),Details');
    // every row of the period, not only the page shown
    expect(lines).toHaveLength(total + 1);
    expect(lines.some((l) => /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2},UP78AT4321,SOS,/.test(l))).toBe(true);
  });
});

describe('the report filter bar at 1440 px', () => {
  /** The filter bar's labels MUI cuts with an ellipsis (text wider than the label's box). */
  const cutLabels = () =>
    session.page
      .getByTestId('report-filters')
      .locator('label')
      .evaluateAll((labels) => labels.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent));

  it('shows every filter’s label in full, in English and in Hindi', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAt(page, '/reports/custom-trip', 'customer@demo.waymark.in');
    const pages: [string, string][] = [
      ['/reports/custom-trip', 'Min duration (minutes)'],
      ['/reports/duty-report', 'Duty km (default 0)'],
      ['/reports/offline', 'Offline for over (minutes)'],
      ['/reports/collection-cover', 'Show By'],
    ];
    for (const [path, label] of pages) {
      await page.goto(`${inject('baseUrl')}${path}`);
      await page.getByTestId('report-filters').getByText(label, { exact: true }).waitFor();
      expect(await cutLabels(), path).toEqual([]);
    }
    await switchToHindi(page);
    await page.getByTestId('report-filters').getByText('इसके अनुसार दिखाएँ', { exact: true }).waitFor();
    expect(await cutLabels(), 'collection-cover in Hindi').toEqual([]);
    for (const [path] of pages.slice(0, 3)) {
      await page.goto(`${inject('baseUrl')}${path}`);
      await page.getByTestId('report-filters').locator('label').first().waitFor();
      await settled(page);
      expect(await cutLabels(), `${path} in Hindi`).toEqual([]);
    }
  });
});

describe('an export the report cannot give', () => {
  /** The API's refusals (4xx) the page receives from now on. */
  const refusals = () => {
    const refused: string[] = [];
    session.page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/') && response.status() >= 400)
        refused.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    return refused;
  };
  const exportCsv = async (exportLabel: string) => {
    await session.page.getByRole('button', { name: exportLabel }).click();
    await session.page.getByRole('menuitem', { name: 'CSV' }).click();
  };

  it('says to choose a vehicle when Custom Trip is exported without one, in English and Hindi, and asks nothing', async () => {
    const { page } = session;
    const refused = refusals();
    await signInAt(page, '/reports/custom-trip', 'customer@demo.waymark.in');
    await page.getByTestId('report-choose-vehicle').waitFor();
    let downloads = 0;
    page.on('download', () => downloads++);
    await exportCsv('Export');
    await page.getByRole('alert').getByText('Choose a vehicle to export this report').waitFor();
    await switchToHindi(page);
    await page.getByTestId('report-choose-vehicle').getByText('यह रिपोर्ट देखने के लिए एक वाहन चुनें').waitFor();
    await exportCsv('निर्यात');
    await page.getByRole('alert').getByText('यह रिपोर्ट निर्यात करने के लिए एक वाहन चुनें').waitFor();
    expect(downloads).toBe(0);
    // the form's own message, before any request: the API's 400 is never asked for
    expect(refused).toEqual([]);
  });

  it('says there is nothing to export when the report has no rows, and downloads no file', async () => {
    const { page } = session;
    const refused = refusals();
    // the customer's vehicles have no route, so no route violation
    await signInAt(page, '/reports/route-violation', 'customer@demo.waymark.in');
    await page.getByRole('heading', { name: 'Route Violation' }).first().waitFor();
    await page.waitForLoadState('networkidle');
    let downloads = 0;
    page.on('download', () => downloads++);
    await exportCsv('Export');
    await page.getByRole('alert').getByText('There are no rows to export').waitFor();
    expect(downloads).toBe(0);
    expect(refused).toEqual([]);
  });
});
