import fs from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { pagePerTest, signInAt } from './browser.ts';
import { connectDevice } from '../gateway/device-client.ts';
import { emergencyFrame, loginFrame, type DeviceState } from '../../server/simulator/frames.ts';

const gatewayPort = inject('gatewayPort');
const session = pagePerTest({ acceptDownloads: true });

// the demo's first device, fitted to UP78AT4321 of Sunrise Logistics (the demo CUSTOMER's)
const truck: DeviceState = { imei: '868347070000000', registration: 'UP78AT4321', latitude: 26.4671, longitude: 80.3530, speed: 10, heading: 45, ignition: true, frameNumber: 1 };

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
    const lines = fs.readFileSync((await download.path())!, 'utf8').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Time,Vehicle,Alert type,Place,Speed (km/h),Details');
    // every row of the period, not only the page shown
    expect(lines).toHaveLength(total + 1);
    expect(lines.some((l) => /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2},UP78AT4321,SOS,/.test(l))).toBe(true);
  });
});
