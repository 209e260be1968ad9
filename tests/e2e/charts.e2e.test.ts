import fs from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { pagePerTest, settled, signInAt, switchToHindi } from './browser.ts';
import { notoSansDesktop } from './noto-sans-desktop.ts';
import { connectDevice } from '../gateway/device-client.ts';
import { emergencyFrame, loginFrame, normalFrame, type DeviceState } from '../../server/simulator/frames.ts';
import reportsHi from '../../core/i18n/reports-hi.ts';
import trackingHi from '../../core/i18n/tracking-hi.ts';
import tracking from '../../core/i18n/tracking-en.ts';
import { demoTruck } from './demo-truck.ts';

/**
 * Issue 25, point 9: the charts' tick labels, read as drawn, on a machine whose sans-serif face is Noto Sans
 * (many Linux desktops). Its text is 17 px high at 12 px, and @mui/x-charts cut every label of a 25 px x axis
 * to '': the alert report's types, the dashboards' days and the horizontal chart's counts were all blank.
 */
const session = pagePerTest({}, { FONTCONFIG_FILE: notoSansDesktop() });
const shots = process.env.CHART_SHOTS ?? '/tmp/shots-charts';
fs.mkdirSync(shots, { recursive: true });

const CUSTOMER = 'customer@demo.waymark.in';
const truck: DeviceState = demoTruck({ speed: 30, frameNumber: 500 });
/** Seven kinds of alert the truck raises (packet type and alert id), and their names on screen. */
const ALERTS: [string, number, string][] = [
  ['TA', 3, 'Tamper'],
  ['BD', 4, 'Main power cut'],
  ['HB', 13, 'Harsh braking'],
  ['HA', 14, 'Harsh acceleration'],
  ['RT', 15, 'Rash turning'],
  ['OS', 17, 'Overspeed'],
];
const ALERT_NAMES = [...ALERTS.map(([, , name]) => name), 'SOS'];

/** The text of the tick labels a chart draws under its plot (x) or beside it (y), in order. */
const tickLabels = (chart: Locator, axis: 'x' | 'y') =>
  chart.locator(`.MuiChartsAxis-direction${axis.toUpperCase()} .MuiChartsAxis-tickLabel`).allTextContents();

/** Every label a number, as x-charts writes them (0, 0.05, 1,200). */
const expectNumbers = (labels: string[]) =>
  expect(
    labels.every((l) => /^\d{1,3}(,\d{3})*(\.\d+)?$/.test(l)),
    labels.join(' '),
  ).toBe(true);

/** dd/MM of a yyyy-MM-dd day, as the dashboards' day axes read. */
const ddMM = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

async function shoot(page: Page, name: string, width: number) {
  await settled(page);
  await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
}

interface Charts {
  days: { key: string }[];
  alertsByType: { key: string; count: number }[];
}

/**
 * Opens a charts dashboard at `path` at `width` px and returns the figures it was given. Each width is opened
 * there, as a phone opens it: a window narrowed from 1440 px keeps the menu open, as a drawer over the page.
 */
async function openCharts(page: Page, path: string, width: number): Promise<Charts> {
  await page.setViewportSize({ width, height: 900 });
  const answer = page.waitForResponse((r) => r.url().includes('/api/dashboard/charts') && r.status() === 200);
  await signInAt(page, path, CUSTOMER);
  return (await (await answer).json()).data as Charts;
}

/** The horizontal "Alerts by type": a type's name beside each bar, counts from 0 under them. */
async function expectAlertsByType(page: Page, charts: Charts) {
  const chart = page.getByTestId('chart-alerts');
  const names = charts.alertsByType.map((t) => tracking.events[t.key as keyof typeof tracking.events] ?? t.key);
  await expect.poll(() => tickLabels(chart, 'y')).toEqual(names);
  await expect.poll(() => tickLabels(chart, 'x')).toContain('0');
  const counts = await tickLabels(chart, 'x');
  expectNumbers(counts);
  expect(Math.max(...counts.map(Number))).toBeGreaterThanOrEqual(Math.max(...charts.alertsByType.map((t) => t.count)));
}

describe('the charts’ tick labels on a machine whose sans-serif is Noto Sans', () => {
  beforeAll(async () => {
    const device = await connectDevice(inject('gatewayPort'));
    await device.send(loginFrame(truck));
    const start = Date.now() - 90_000;
    for (const [i, [type, alertId]] of ALERTS.entries()) {
      truck.frameNumber += 1;
      truck.latitude += 0.0002;
      await device.send(normalFrame(truck, new Date(start + i * 10_000), { type, alertId }));
    }
    await device.send(emergencyFrame(truck, new Date(start + ALERTS.length * 10_000)));
    device.close();
  });

  it('names every bar of the alert report’s "Alerts by type", at 1440 px and 390 px, in English and Hindi', async () => {
    const { page } = session;
    const chart = page.getByRole('figure', { name: 'Alerts by type' });
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await signInAt(page, '/reports/alert', CUSTOMER);
      await expect
        .poll(() => tickLabels(chart, 'x'), { message: `at ${width} px` })
        .toEqual(expect.arrayContaining(ALERT_NAMES));
      // one name a bar, each in full
      const labels = await tickLabels(chart, 'x');
      expect(labels).toHaveLength(await chart.locator('.MuiBarElement-root').count());
      expect(labels.filter((l) => !l.trim() || l.endsWith('…'))).toEqual([]);
      expectNumbers(await tickLabels(chart, 'y'));
      await shoot(page, 'alert-report', width);
    }
    await switchToHindi(page);
    const hindi = page.getByRole('figure', { name: reportsHi.alert.chart });
    const eventTypes = trackingHi.events;
    await expect
      .poll(() => tickLabels(hindi, 'x'))
      .toEqual(
        expect.arrayContaining([
          eventTypes.TAMPER,
          eventTypes.POWER_CUT,
          eventTypes.HARSH_ACCELERATION,
          eventTypes.SOS,
        ]),
      );
    await shoot(page, 'alert-report-hindi', 390);
  });

  it('dates every day of Dashboard 2.0’s distance chart and counts its alerts, at 1440 px and 390 px', async () => {
    const { page } = session;
    const distance = page.getByTestId('chart-distance');
    for (const width of [1440, 390]) {
      const charts = await openCharts(page, '/dashboardv2', width);
      // a week: every day's dd/MM under its bar
      await expect
        .poll(() => tickLabels(distance, 'x'), { message: `at ${width} px` })
        .toEqual(charts.days.map((d) => ddMM(d.key)));
      expectNumbers(await tickLabels(distance, 'y'));
      await expectAlertsByType(page, charts);
      await shoot(page, 'dashboardv2', width);
    }
  });

  it('dates Fleet Dashboard’s days, a month of them thinned out on a phone but never all dropped', async () => {
    const { page } = session;
    const offline = page.getByTestId('chart-offline');
    const week = await openCharts(page, '/fleet-dashboard', 1440);
    await expect.poll(() => tickLabels(offline, 'x')).toEqual(week.days.map((d) => ddMM(d.key)));
    await expectAlertsByType(page, week);
    await shoot(page, 'fleet-dashboard', 1440);

    const month = (await openCharts(page, '/fleet-dashboard?preset=lastMonth', 390)).days.map((d) => ddMM(d.key));
    expect(month.length).toBeGreaterThanOrEqual(28);
    await expect.poll(async () => (await tickLabels(offline, 'x')).length).toBeGreaterThanOrEqual(5);
    const shown = await tickLabels(offline, 'x');
    // the month's first day, then days of it in order: thinned, not blank
    expect(shown[0]).toBe(month[0]);
    expect(shown.every((label, i) => month.indexOf(label) > (i ? month.indexOf(shown[i - 1]!) : -1))).toBe(true);
    await shoot(page, 'fleet-dashboard-month', 390);
  });
});
