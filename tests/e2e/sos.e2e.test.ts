import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pagePerTest, settled, signInAt } from './browser.ts';
import { connectDevice } from '../gateway/device-client.ts';
import { emergencyFrame, loginFrame } from '../../server/simulator/frames.ts';
import { SESSION_KEY } from '../../providers/session.ts';
import { demoTruck } from './demo-truck.ts';

const baseUrl = inject('baseUrl');
const gatewayPort = inject('gatewayPort');
const session = pagePerTest();
const truck = demoTruck({ speed: 0 });

declare global {
  interface Window {
    /** Oscillators the page started: the alarm sounding (counted by the init script below). */
    sosTones?: number;
  }
}

/** Counts every oscillator the page starts, so the test hears the alarm without a sound card. */
async function countTones(page: Page) {
  await page.addInitScript(() => {
    window.sosTones = 0;
    const Original = window.AudioContext;
    window.AudioContext = class extends Original {
      override createOscillator() {
        const oscillator = super.createOscillator();
        const start = oscillator.start.bind(oscillator);
        oscillator.start = (when?: number) => {
          window.sosTones = (window.sosTones ?? 0) + 1;
          start(when);
        };
        return oscillator;
      }
    };
  });
}

/** Acknowledges, through the API, SOS cases other files' panic frames left open, so this test starts with none. */
async function acknowledgeLeftovers(page: Page) {
  const token = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)!).accessToken as string, SESSION_KEY);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const open = (await (await fetch(`${baseUrl}/api/sos/open`, { headers })).json()) as { data: { id: string }[] };
  for (const sos of open.data)
    await fetch(`${baseUrl}/api/sos/${sos.id}/acknowledge`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ note: 'left open by another test' }),
    });
}

describe('the SOS banner', () => {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    it(`shows a panic button pressed on the assets page at ${width} px, sounds the alarm, and goes once acknowledged`, async () => {
      const { page } = session;
      await page.setViewportSize({ width, height });
      await countTones(page);
      await signInAt(page, '/management/vehicle', 'customer@demo.waymark.in');
      await acknowledgeLeftovers(page);
      const banner = page.getByTestId('sos-case').filter({ hasText: 'UP78AT4321' });
      await expect.poll(() => banner.count()).toBe(0);

      const device = await connectDevice(gatewayPort);
      await device.send(loginFrame(truck));
      await device.send(emergencyFrame(truck, new Date()));
      device.close();

      await expect.poll(() => banner.count(), { timeout: 15_000 }).toBe(1);
      expect(new URL(page.url()).pathname).toBe('/management/vehicle');
      expect(await banner.textContent()).toContain('SOS: UP78AT4321');
      expect(await banner.textContent()).toContain('26.46710, 80.35300');
      await expect.poll(() => page.evaluate(() => window.sosTones ?? 0)).toBeGreaterThan(0);
      await settled(page);
      // the banner fits the width: nothing scrolls sideways, the button is in view
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      const button = banner.getByRole('button', { name: 'Acknowledge' });
      const box = (await button.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);

      await button.click();
      const dialog = page.getByRole('dialog', { name: 'Acknowledge the SOS of UP78AT4321' });
      await dialog.getByLabel('Note').fill('Called the driver: pressed by mistake');
      await dialog.getByRole('button', { name: 'Acknowledge' }).click();
      await expect.poll(() => banner.count()).toBe(0);
      await expect.poll(() => page.getByText('SOS acknowledged').count()).toBeGreaterThan(0);
    });
  }
});
