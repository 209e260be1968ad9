import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, signInAt } from './browser.ts';
import { connectDevice } from '../gateway/device-client.ts';
import { emergencyFrame, loginFrame, normalFrame, type DeviceState } from '../../server/simulator/frames.ts';
import { demoTruck } from './demo-truck.ts';

const baseUrl = inject('baseUrl');
const gatewayPort = inject('gatewayPort');
let browser: Browser;
let page: Page;

const truck = (patch: Partial<DeviceState>): DeviceState => demoTruck(patch);

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  page = await context.newPage();
  await signInAt(page, '/vehicle-status', 'customer@demo.waymark.in');
});
afterAll(async () => {
  await browser?.close();
});

describe('tracking screens through the real gateway', () => {
  it('counts a vehicle as running on Vehicle Status once its device reports', async () => {
    await expect.poll(() => page.getByTestId('count-total').textContent()).toBe('6');
    const device = await connectDevice(gatewayPort);
    await device.send(loginFrame(truck({})));
    // whatever another file's drive left it doing, the truck stands parked first
    const row = page.locator('tbody tr', { hasText: 'UP78AT4321' });
    await device.send(normalFrame(truck({ speed: 0, ignition: false }), new Date(Date.now() - 5_000)));
    await expect.poll(() => row.textContent()).not.toContain('Running');
    const before = Number(await page.getByTestId('count-running').textContent());
    await device.send(normalFrame(truck({ speed: 42 }), new Date()));
    await expect.poll(() => page.getByTestId('count-running').textContent()).toBe(String(before + 1));
    await expect.poll(() => row.textContent()).toContain('Running');
    await row.getByRole('button').last().click();
    await page.getByRole('menuitem', { name: 'See Live Tracking' }).click();
    await page.waitForURL('**/view-operations/live-tracking?vehicleId=*');
    await expect.poll(() => page.getByRole('table', { name: 'UP78AT4321' }).textContent()).toContain('42.0 km/h');
    device.close();
  });

  it('moves the vehicle on the live map and raises an SOS', async () => {
    const device = await connectDevice(gatewayPort);
    // 30 m on from the last fix, seconds later: a drive, not a jump (545 m in a few seconds would be one, left out of playback)
    await device.send(normalFrame(truck({ speed: 55.5, latitude: 26.4669, longitude: 80.3532 }), new Date()));
    const item = page.getByRole('button', { name: /UP78AT4321/ });
    await expect.poll(() => item.textContent()).toContain('Running · 56 km/h');
    await expect
      .poll(() => page.getByRole('table', { name: 'UP78AT4321' }).textContent())
      .toContain('26.466900, 80.353200');
    // the vehicles are drawn on the map's canvas (React's strict mode remounts the layer: it must draw after that too)
    await expect
      .poll(() =>
        page.evaluate(() => {
          const canvas = document.querySelector<HTMLCanvasElement>('canvas.waymark-vehicles');
          const pixels = canvas?.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
          let painted = 0;
          for (let i = 3; i < pixels.length; i += 4) if (pixels[i]) painted += 1;
          return painted;
        }),
      )
      .toBeGreaterThan(100);
    await device.send(emergencyFrame(truck({ speed: 10 }), new Date()));
    await page.getByText('SOS from UP78AT4321').waitFor();
    device.close();
  });

  it('shares the live location through a link that works without sign-in', async () => {
    await page.getByRole('button', { name: 'Share live location' }).click();
    await page.getByRole('button', { name: 'Create link' }).click();
    const link = await page.getByTestId('share-link').textContent();
    expect(link).toContain('/public/share/live-tracking?token=');
    const stranger = await browser.newContext();
    const visitor = await stranger.newPage();
    await visitor.goto(link!);
    await visitor.getByText('Live location of UP78AT4321').waitFor();
    await expect.poll(() => visitor.getByTestId('shared-position').textContent()).toMatch(/Position at .* km\/h/);
    await page.getByRole('button', { name: 'Withdraw' }).first().click();
    await visitor.reload();
    await visitor.getByText('This link has expired or was withdrawn').waitFor();
    await stranger.close();
    await page.keyboard.press('Escape');
  });

  it('replays the day on Route playback', async () => {
    await page.goto(`${baseUrl}/view-operations/route-playback`);
    await page.getByLabel('Vehicles').fill('UP78AT');
    await page.getByRole('option', { name: /UP78AT4321/ }).click();
    await page.getByRole('button', { name: 'Show route' }).click();
    await expect
      .poll(() => page.getByText(/UP78AT4321 · \d+ positions/).textContent())
      .toMatch(/[3-9] positions|\d\d+ positions/);
    // at 1× the few seconds of frames above take a few seconds to replay
    await page.getByLabel('Playback speed').click();
    await page.getByRole('option', { name: '1×', exact: true }).click();
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.getByRole('button', { name: 'Pause', exact: true }).waitFor();
  });

  it("lays an administrator's geofences on the live map, a layer the customer is not offered", async () => {
    await page.goto(`${baseUrl}/view-operations/live-tracking`);
    await page.locator('.leaflet-control-layers').hover();
    await page.getByRole('radio', { name: 'Road' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Geofences' }).count()).toBe(0);

    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const admin = await context.newPage();
    await signInAt(admin, '/view-operations/live-tracking', 'superadmin@demo.waymark.in');
    await admin.locator('.leaflet-control-layers').hover();
    const layer = admin.getByRole('checkbox', { name: 'Geofences' });
    await expect.poll(() => layer.isChecked()).toBe(true);
    // the demo's geofences are drawn on the map's canvas; switching the layer off takes them away
    await layer.uncheck();
    await expect.poll(() => layer.isChecked()).toBe(false);
    await context.close();
  });

  it('tells a fitter on the public port checker whether frames arrive, and the detail only to a user of the raw logs', async () => {
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto(`${baseUrl}/public/port-checker`);
    await visitor.getByLabel('IMEI').fill('868347070000000');
    await visitor.getByRole('button', { name: 'Check' }).click();
    await expect
      .poll(() => visitor.getByRole('status').textContent())
      .toContain('Frames from this IMEI reached the server in the last 10 minutes.');
    // a stranger gets no time, count or reading of the frames
    const told = await visitor.getByRole('status').textContent();
    for (const detail of ['Last frame', 'Frames in the last 24 hours', 'Read result'])
      expect(told).not.toContain(detail);
    await visitor.getByText("Signed in with access to the device's raw logs").waitFor();
    await visitor.getByLabel('IMEI').fill('868347070000099');
    await visitor.getByRole('button', { name: 'Check' }).click();
    await expect
      .poll(() => visitor.getByRole('status').textContent())
      .toContain('No frame from this IMEI has reached the server in the last 10 minutes.');

    // signed in with the raw logs, the same check also tells when the last frame came and how it was read
    await signInAt(visitor, '/management/raw-logs', 'superadmin@demo.waymark.in');
    await visitor.goto(`${baseUrl}/public/port-checker`);
    await visitor.getByLabel('IMEI').fill('868347070000000');
    await visitor.getByRole('button', { name: 'Check' }).click();
    await expect.poll(() => visitor.getByRole('status').textContent()).toContain('Read result: read correctly');
    expect(await visitor.getByRole('status').textContent()).toMatch(/Last frame: .*Frames in the last 24 hours: \d+/);
    await context.close();
  });
});
