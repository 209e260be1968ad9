import fs from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { pagePerTest, signInAt } from './browser.ts';
import { connectDevice } from '../gateway/device-client.ts';
import { formatDate, indianIsoDay } from '../../core/format/date.ts';
import { emergencyFrame, loginFrame, normalFrame, type DeviceState } from '../../server/simulator/frames.ts';
import { demoTruck } from './demo-truck.ts';

const gatewayPort = inject('gatewayPort');
const session = pagePerTest();
const SHOTS = '/tmp/shots-timeline';

const truck = (patch: Partial<DeviceState>): DeviceState => demoTruck(patch);

describe('the vehicle timeline', () => {
  it("lists a vehicle's day for the demo customer and focuses the item clicked", async () => {
    // today's alerts and path, through the real gateway
    const device = await connectDevice(gatewayPort);
    await device.send(loginFrame(truck({})));
    await device.send(normalFrame(truck({ speed: 35 }), new Date(Date.now() - 60_000)));
    await device.send(
      normalFrame(truck({ speed: 40, latitude: 26.4632, longitude: 80.3563 }), new Date(Date.now() - 30_000)),
    );
    await device.send(emergencyFrame(truck({ speed: 10, latitude: 26.462, longitude: 80.357 }), new Date()));
    device.close();

    const page = session.page;
    await signInAt(page, '/reports/vehicle-timeline', 'customer@demo.waymark.in');
    await page.getByText('Choose a vehicle to see its day.').waitFor();
    await page.getByLabel('Vehicle', { exact: true }).fill('UP78AT');
    await page.getByRole('option', { name: /UP78AT4321/ }).click();
    // the choice is in the URL, the report pages' way, so a link opens the same day
    await page.waitForURL(/filter=.*vehicleId/);
    const sos = page.getByRole('button', { name: /^SOS/ }).last();
    await sos.waitFor();
    expect(await page.getByRole('list', { name: 'The day, hour by hour' }).getByRole('button').count()).toBeGreaterThan(
      0,
    );
    // the label as shown (innerText applies CSS), not only as the DOM holds it
    expect(await sos.innerText()).toMatch(/^SOS/);
    await sos.click();
    await expect.poll(() => sos.getAttribute('aria-current')).toBe('true');
    // the day's path and markers are drawn on the map's canvas (the base map prefers canvas to SVG)
    expect(await page.getByRole('region', { name: 'Map of the day' }).locator('canvas').count()).toBeGreaterThan(0);

    fs.mkdirSync(SHOTS, { recursive: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: `${SHOTS}/timeline-1440.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/timeline-390.png`, fullPage: true });

    // the previous day is a click away
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: 'Previous day' }).click();
    const yesterday = indianIsoDay(Date.now() - 86_400_000);
    await page.waitForURL((url) => url.searchParams.get('filter')?.includes(yesterday) ?? false);
    expect(await page.getByLabel('Day (dd/MM/yyyy)').inputValue()).toBe(formatDate(Date.now() - 86_400_000));
  });

  it("opens the duty report of a vehicle's group from Vehicle Status (View Report)", async () => {
    const page = session.page;
    await signInAt(page, '/vehicle-status', 'customer@demo.waymark.in');
    const row = page.locator('tbody tr', { hasText: 'UP78AT4321' });
    await row.getByRole('button').last().click();
    await page.getByRole('menuitem', { name: 'View Report' }).click();
    // ?group= becomes the report's filter
    await page.waitForURL(/\/duty-report\?filter=.*groupId/);
    await page.getByRole('heading', { name: 'Duty Report', level: 1 }).waitFor();
    const rows = page.locator('tbody tr', { hasText: 'UP78AT4321' });
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    // the demo's devices have no day summary yet: today is short of the 8-hour duty
    expect(await rows.first().innerText()).toContain('Short');
    await page.getByTestId('report-totals').waitFor();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: `${SHOTS}/duty-1440.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/duty-390.png`, fullPage: true });
  });
});
