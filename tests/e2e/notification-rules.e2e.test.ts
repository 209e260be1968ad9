import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSidewaysScroll, pagePerTest, signedInSession, signInAt } from './browser.ts';
import { connectDevice } from '../gateway/device-client.ts';
import { loginFrame, normalFrame, type DeviceState } from '../../server/simulator/frames.ts';

const baseUrl = inject('baseUrl');
const session = pagePerTest();
let page: Page;
beforeEach(() => {
  page = session.page;
});
/** Screenshots for a person to look at (SHOTS=dir); the assertions do not depend on them. */
const shot = async (name: string) => {
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/${name}.png`, fullPage: true });
};

const CUSTOMER = 'customer@demo.waymark.in';
/** Who makes Sunrise Logistics' rules: its dealer (a CUSTOMER holds no management module). */
const DEALER = 'dealer@demo.waymark.in';
/** The demo's second device, Sunrise Logistics' (the demo truck, the first, is driven by other files). */
const IMEI = '868347070000001';
const RULE_NAME = 'Harsh braking to me (e2e)';

const api = async (path: string, init: RequestInit = {}) => {
  const { accessToken } = await signedInSession(DEALER, 'Waymark@2026');
  const response = await fetch(`${baseUrl}/api${path}`, {
    ...init,
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
  });
  return response.json();
};

afterAll(async () => {
  // the rule made here hears no other file's frames afterwards
  const rules = (await api(`/notificationrules?filter=${encodeURIComponent(JSON.stringify({ q: '(e2e)' }))}`)) as {
    id: string;
  }[];
  for (const rule of rules) await api(`/notificationrules/${rule.id}`, { method: 'DELETE' });
});

describe('alert rules and the bell', () => {
  it('creates a rule on the rules screen; the alert it catches rings the bell, at 1440 px', async () => {
    const me = (await signedInSession(CUSTOMER, 'Waymark@2026')).user.id;
    await signInAt(page, '/management/notification-rules', DEALER);
    await page.getByRole('heading', { name: 'Alert rules', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Add' }).click();
    await page.waitForURL('**/management/notification-rules/add');

    // the server's checks, on the form: a personal channel needs someone to tell
    await page.getByLabel('Name', { exact: true }).fill(RULE_NAME);
    await page.getByRole('combobox', { name: 'Event' }).click();
    await page.getByRole('option', { name: 'Harsh braking', exact: true }).click();
    await page.getByLabel('Channels (email, sms, webhook, push, console)').fill('console');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Name at least one user or contact, or use only the webhook channel').first().waitFor();

    await page.getByLabel('Users (ids)').fill(me);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/management/notification-rules');
    await page.getByText('Created').waitFor();
    await page.getByRole('cell', { name: RULE_NAME }).waitFor();
    await shot('rules-1440');

    // the device brakes hard: the rule's decision is stored with the event, and the bell counts it
    const device: DeviceState = {
      imei: IMEI,
      registration: 'UP78AT0002',
      latitude: 26.4499,
      longitude: 80.3319,
      speed: 20,
      heading: 90,
      ignition: true,
      frameNumber: 1,
    };
    const tracker = await connectDevice(inject('gatewayPort'));
    await tracker.send(loginFrame(device));
    await tracker.send(normalFrame(device, new Date(), { type: 'HB', alertId: 13 }));
    tracker.close();
    const vehicles = (await api(`/vehicle?filter=${encodeURIComponent(JSON.stringify({ q: '' }))}&range=[0,50]`)) as {
      id: string;
      registrationNumber: string;
      deviceId: string;
    }[];
    const devices = (await api(`/device?filter=${encodeURIComponent(JSON.stringify({ q: IMEI }))}`)) as {
      id: string;
    }[];
    const vehicle = vehicles.find((v) => v.deviceId === devices[0]!.id)!;

    // the customer the rule names hears of it
    await signInAt(page, '/dashboard', CUSTOMER);
    const bell = page.getByRole('button', { name: 'Notifications' });
    await expect
      .poll(async () => Number(await page.getByTestId('notification-bell').getAttribute('data-unread')), {
        timeout: 40_000,
      })
      .toBeGreaterThan(0);
    await bell.click();
    const title = `Harsh braking: ${vehicle.registrationNumber}`;
    await page
      .getByRole('button', { name: `Open the vehicle: ${title}` })
      .first()
      .waitFor();
    await shot('bell-1440');
    await page.getByRole('button', { name: 'Mark all read' }).click();
    // the badge hides at 0 (MUI keeps its last figure while it fades, hence the count read from the button)
    await expect.poll(() => page.getByTestId('notification-bell').getAttribute('data-unread')).toBe('0');
    // open the vehicle from the list
    await page
      .getByRole('button', { name: `Open the vehicle: ${title}` })
      .first()
      .click();
    await page.waitForURL(`**/vehicle/edit/${vehicle.id}`);
  });

  it('shows the bell and its list on a phone, at 390 px', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAt(page, '/dashboard', CUSTOMER);
    const bell = page.getByRole('button', { name: 'Notifications' });
    await bell.waitFor();
    await bell.click();
    await page.getByRole('button', { name: 'Mark all read' }).waitFor();
    await page
      .getByRole('button', { name: /^Open the vehicle: Harsh braking: / })
      .first()
      .waitFor();
    await expectNoSidewaysScroll(page);
    await shot('bell-390');
    await page.keyboard.press('Escape');
    await signInAt(page, '/management/notification-rules', DEALER);
    await page.getByRole('heading', { name: 'Alert rules', level: 1 }).waitFor();
    await expectNoSidewaysScroll(page);
  });
});
