import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSidewaysScroll, pagePerTest, settled, signedInSession, signInAt, switchToHindi } from './browser.ts';
import { connectDevice } from '../gateway/device-client.ts';
import { loginFrame, normalFrame, type DeviceState } from '../../server/simulator/frames.ts';

const baseUrl = inject('baseUrl');
// the Copy button writes to the clipboard, which the test reads back
const session = pagePerTest({ permissions: ['clipboard-read', 'clipboard-write'] });
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
const HINDI_RULE_NAME = 'फ़ोन से नियम (e2e)';
/** Sunrise Logistics' customer, whom the rules tell: picked by name, shown with the e-mail. */
const PRIYA = 'Priya Singh';

const api = async (path: string, init: RequestInit = {}) => {
  const { accessToken } = await signedInSession(DEALER, 'Waymark@2026');
  const response = await fetch(`${baseUrl}/api${path}`, {
    ...init,
    // a JSON type only with a body: the server refuses an empty JSON body (the cleanup's DELETE)
    headers: {
      authorization: `Bearer ${accessToken}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
  });
  return response.json();
};

/** The vehicle of the demo's second device, as the API names it. */
async function secondVehicle() {
  const devices = (await api(`/device?filter=${encodeURIComponent(JSON.stringify({ q: IMEI }))}`)) as { id: string }[];
  const vehicles = (await api(`/vehicle?range=[0,99]`)) as {
    id: string;
    registrationNumber: string;
    deviceId: string;
  }[];
  return vehicles.find((v) => v.deviceId === devices[0]!.id)!;
}

/** Types part of a name into a picker and takes the option that shows it. */
async function pick(label: string, typed: string, option: string | RegExp) {
  const input = page
    .locator('.MuiAutocomplete-root', { has: page.locator('label', { hasText: new RegExp(`^${label}$`) }) })
    .locator('input');
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option }).click();
  await page.keyboard.press('Escape');
}

/** The rule's edit page from its row of the list, as a user opens it. */
async function openRule(name: string, rowActions: string, edit: string) {
  await page.locator('tbody tr', { hasText: name }).getByRole('button', { name: rowActions }).click();
  await page.getByRole('menuitem', { name: edit }).click();
  await page.waitForURL('**/management/notification-rules/edit/*');
}

/** The rule's secret as the server reveals it to its dealer. */
async function secretOf(name: string) {
  const [rule] = (await api(`/notificationrules?filter=${encodeURIComponent(JSON.stringify({ q: name }))}`)) as {
    id: string;
  }[];
  return ((await api(`/notificationrules/${rule!.id}/secret`)) as { data: { webhookSecret: string } }).data
    .webhookSecret;
}

afterAll(async () => {
  // the rule made here hears no other file's frames afterwards
  const rules = (await api(`/notificationrules?filter=${encodeURIComponent(JSON.stringify({ q: '(e2e)' }))}`)) as {
    id: string;
  }[];
  for (const rule of rules) expect((await api(`/notificationrules/${rule.id}`, { method: 'DELETE' })).id).toBe(rule.id);
});

describe('alert rules and the bell', () => {
  it('creates a rule by picking a user and a vehicle by name, shows their names, reveals its secret; its alert rings the bell, at 1440 px', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const vehicle = await secondVehicle();
    await signInAt(page, '/management/notification-rules', DEALER);
    await page.getByRole('heading', { name: 'Alert rules', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Add' }).click();
    await page.waitForURL('**/management/notification-rules/add');

    // the server's checks, on the form: a personal channel needs someone to tell
    await page.getByLabel('Name', { exact: true }).fill(RULE_NAME);
    await page.getByRole('combobox', { name: 'Event' }).click();
    await page.getByRole('option', { name: 'Harsh braking', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Console bell' }).check();
    // the webhook URL is asked only with the webhook channel, the vehicles only when chosen
    expect(await page.getByLabel('Webhook URL').count()).toBe(0);
    expect(await page.locator('label', { hasText: /^Chosen vehicles$/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Name at least one user or contact, or use only the webhook channel').first().waitFor();

    // contacts outside the users, one input each: a mistyped e-mail is named before anything is sent
    await page.getByRole('button', { name: 'Add to Contact e-mails' }).click();
    await page.getByLabel('Contact e-mails 1', { exact: true }).fill('control-room.sunrise.example');
    await page.getByRole('button', { name: 'Add to Contact mobile numbers' }).click();
    await page.getByLabel('Contact mobile numbers 1', { exact: true }).fill('98765000811');
    expect(await page.getByLabel('Contact mobile numbers 1', { exact: true }).inputValue()).toBe('9876500081');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Contact e-mails must be an e-mail address, like name@example.in').first().waitFor();
    await page.getByLabel('Contact e-mails 1', { exact: true }).fill('control-room@sunrise.example');
    await page.getByRole('button', { name: 'Add to Contact e-mails' }).click();
    await page.getByRole('button', { name: 'Remove Contact e-mails 2' }).click();
    expect(await page.getByLabel('Contact e-mails 2', { exact: true }).count()).toBe(0);

    // the vehicle by its registration number, the user by name (the option shows the e-mail)
    await page.getByRole('combobox', { name: 'Vehicles' }).click();
    await page.getByRole('option', { name: 'Chosen vehicles' }).click();
    await pick('Chosen vehicles', vehicle.registrationNumber.slice(-5), vehicle.registrationNumber);
    await pick('Users to tell', 'Priya', `${PRIYA} (${CUSTOMER})`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/management/notification-rules');
    await page.getByText('Created').waitFor();
    // the list names the user and the vehicle, not their ids
    const row = page.locator('tbody tr', { hasText: RULE_NAME });
    await row.getByRole('cell', { name: PRIYA, exact: true }).waitFor();
    await row.getByRole('cell', { name: vehicle.registrationNumber, exact: true }).waitFor();
    await row.getByRole('cell', { name: 'Chosen vehicles', exact: true }).waitFor();
    expect(await row.textContent()).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    await settled(page);
    await shot('rules-1440');

    // the edit page shows them by name too, and reveals the webhook secret to the dealer, who may
    await openRule(RULE_NAME, 'Row actions', 'Edit');
    await page
      .getByRole('button', { name: `${PRIYA} (${CUSTOMER})` })
      .or(page.getByText(`${PRIYA} (${CUSTOMER})`))
      .first()
      .waitFor();
    await page.getByText(vehicle.registrationNumber, { exact: true }).waitFor();
    const secretField = page.getByLabel('Webhook secret');
    await expect.poll(() => secretField.inputValue()).toMatch(/^whsec_.{4}…$/);
    await page.getByRole('button', { name: 'Reveal secret' }).click();
    const secret = await secretOf(RULE_NAME);
    await expect.poll(() => secretField.inputValue()).toBe(secret);
    await page.getByRole('button', { name: 'Copy secret' }).click();
    await page.getByText('Secret copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await settled(page);
    await shot('rule-edit-1440');
    await page.getByRole('button', { name: 'Hide secret' }).click();
    await expect.poll(() => secretField.inputValue()).toMatch(/…$/);

    // the device brakes hard: the rule's decision is stored with the event, and the bell counts it
    const device: DeviceState = {
      imei: IMEI,
      registration: vehicle.registrationNumber,
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
  }, 150_000);

  it('shows the bell on a phone, and makes a rule by names and reveals its secret in Hindi, at 390 px', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const vehicle = await secondVehicle();
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
    await switchToHindi(page);
    await page.getByRole('heading', { name: 'अलर्ट नियम', level: 1 }).waitFor();
    await expectNoSidewaysScroll(page);
    await page.getByRole('link', { name: 'जोड़ें' }).click();
    await page.waitForURL('**/management/notification-rules/add');
    await page.getByLabel('नाम', { exact: true }).fill(HINDI_RULE_NAME);
    await page.getByRole('combobox', { name: 'घटना' }).click();
    await page.getByRole('option', { name: 'इग्निशन चालू', exact: true }).click();
    await page.getByRole('checkbox', { name: 'कंसोल घंटी' }).check();
    await page.getByRole('checkbox', { name: 'वेबहुक' }).check();
    await page.getByLabel('वेबहुक URL').fill('https://hooks.sunrise.example/waymark');
    await page.getByRole('combobox', { name: 'वाहन' }).click();
    await page.getByRole('option', { name: 'चुने हुए वाहन' }).click();
    await pick('चुने हुए वाहन', vehicle.registrationNumber.slice(-5), vehicle.registrationNumber);
    await pick('किन उपयोगकर्ताओं को बताएं', 'Priya', `${PRIYA} (${CUSTOMER})`);
    await expectNoSidewaysScroll(page);
    await settled(page);
    await shot('rule-add-390-hi');
    await page.getByRole('button', { name: 'सहेजें' }).click();
    await page.waitForURL((url) => url.pathname === '/management/notification-rules');
    await page.getByText('बनाया गया').waitFor();
    // a phone's table shows the name; the row opens on the rest, named
    await page.getByRole('cell', { name: HINDI_RULE_NAME }).click();
    await page.getByText(vehicle.registrationNumber, { exact: true }).filter({ visible: true }).first().waitFor();
    await expect
      .poll(() => page.getByText(PRIYA, { exact: true }).filter({ visible: true }).count())
      .toBeGreaterThan(0);
    await expectNoSidewaysScroll(page);
    await settled(page);
    await shot('rules-390-hi');

    await openRule(HINDI_RULE_NAME, 'पंक्ति की क्रियाएँ', 'संपादित करें');
    await page.getByText(vehicle.registrationNumber, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'सीक्रेट दिखाएं' }).click();
    const secret = await secretOf(HINDI_RULE_NAME);
    await expect.poll(() => page.getByLabel('वेबहुक सीक्रेट').inputValue()).toBe(secret);
    await page.getByRole('button', { name: 'सीक्रेट कॉपी करें' }).waitFor();
    await expectNoSidewaysScroll(page);
    await settled(page);
    await shot('rule-edit-390-hi');
  }, 120_000);
});
