import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { DEMO_PASSWORD, pagePerTest, settled, signedInSession, signInAt } from './browser.ts';
import { connectDevice } from '../gateway/device-client.ts';
import { emergencyFrame, loginFrame, type DeviceState } from '../../server/simulator/frames.ts';
import { demoTruck } from './demo-truck.ts';
import { readInbox, type ReceivedWebhook } from './inbox.ts';

/**
 * The panic button end to end (issue 26): a demo vehicle's device presses it; the console of a user
 * of its organisation, on a page that is not the live map, shows the banner and sounds the alarm;
 * the e-mail and the signed webhook of the organisation's rule arrive at the run's SMTP server and
 * endpoint (global-setup.ts, inbox.ts); an acknowledged SOS never escalates while one nobody
 * acknowledges does, to the contact the organisation set, after the minute it set.
 */
const baseUrl = inject('baseUrl');
const gatewayPort = inject('gatewayPort');
const inboxUrl = inject('inboxUrl');
const session = pagePerTest();

const CUSTOMER = 'customer@demo.waymark.in';
/** Sunrise Logistics' dealer makes its rules (a CUSTOMER holds no management module). */
const DEALER = 'dealer@demo.waymark.in';
/** The platform's administrator sets an organisation's SOS escalation (setting-organisation). */
const ADMIN = 'admin@demo.waymark.in';
/** Told by the rule, and by no other: its mails are the rule's. */
const CONTROL_ROOM = 'control.room@sunriselogistics.in';
/** Sunrise Logistics' escalation contact, set below: told of an SOS nobody acknowledged. */
const DUTY_OFFICER = 'duty.officer@sunriselogistics.in';
const RULE_NAME = 'SOS to the control room (e2e)';
const WEBHOOK_PATH = '/sunrise/sos';

/** The SOS that is acknowledged: the demo truck, UP78AT4321, pressed at each width. */
const truck = demoTruck({ speed: 0 });
/** The SOS nobody acknowledges: the demo's third vehicle, a device no other file drives. */
const unattended: DeviceState = {
  imei: '868347070000002',
  registration: 'UP78CT4323',
  latitude: 26.4512,
  longitude: 80.3421,
  speed: 0,
  heading: 90,
  ignition: true,
  frameNumber: 1,
};
const UNATTENDED = 'UP78CT4323';

const started = new Date();
let sunriseId: string;
let ruleId: string;
let ruleSecret: string;
let settingsBefore: { sosEscalationMinutes: number; sosEscalationContacts: string[] };

declare global {
  interface Window {
    /** Oscillators the page started: the alarm sounding (counted by the init script below). */
    sosTones?: number;
  }
}

async function api<T>(user: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const { accessToken } = await signedInSession(user, DEMO_PASSWORD);
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${accessToken}`,
      // a DELETE has no body, and a body-less request saying it is JSON is refused
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status} ${text}`);
  return JSON.parse(text) as T;
}
const filter = (value: object) => `filter=${encodeURIComponent(JSON.stringify(value))}`;

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

/** The device logs in and its panic button is pressed, as the simulator's frames say it. */
async function pressPanicButton(device: DeviceState) {
  const tracker = await connectDevice(gatewayPort);
  await tracker.send(loginFrame(device));
  await tracker.send(emergencyFrame(device, new Date()));
  tracker.close();
}

/** Waits for a mail to `to`, among those that arrived after the first `after`, whose subject is `subject`. */
async function mailArriving(to: string, subject: string, after: number, timeout = 15_000) {
  await expect
    .poll(
      async () =>
        (await readInbox(inboxUrl)).mails.slice(after).some((m) => m.to.includes(to) && m.subject === subject),
      { timeout },
    )
    .toBe(true);
  return (await readInbox(inboxUrl)).mails.slice(after).find((m) => m.to.includes(to) && m.subject === subject)!;
}

/** Waits for a webhook at the rule's endpoint, among those that arrived after the first `after`. */
async function webhookArriving(after: number): Promise<ReceivedWebhook> {
  const ours = async () => (await readInbox(inboxUrl)).webhooks.slice(after).filter((w) => w.url === WEBHOOK_PATH);
  await expect.poll(async () => (await ours()).length).toBeGreaterThan(0);
  return (await ours())[0]!;
}

const signatureHeaders = (hook: ReceivedWebhook) => ({
  'webhook-id': hook.headers['webhook-id']!,
  'webhook-timestamp': hook.headers['webhook-timestamp']!,
  'webhook-signature': hook.headers['webhook-signature']!,
});

beforeAll(async () => {
  // SOS cases other files' panic frames left open are acknowledged first: they escalate to nobody here
  const open = await api<{ data: { id: string }[] }>(CUSTOMER, '/sos/open');
  for (const sos of open.data)
    await api(CUSTOMER, `/sos/${sos.id}/acknowledge`, { method: 'POST', body: { note: 'left open by another test' } });

  const [sunrise] = await api<{ id: string; tradeName: string }[]>(
    ADMIN,
    `/organisation?${filter({ q: 'Sunrise Logistics' })}`,
  );
  sunriseId = sunrise!.id;
  // Sunrise Logistics escalates an unacknowledged SOS after a minute, to its duty officer
  const settingsUrl = `/organisation/settings/${sunriseId}`;
  settingsBefore = (await api<{ data: { settings: typeof settingsBefore } }>(ADMIN, settingsUrl)).data.settings;
  await api(ADMIN, settingsUrl, {
    method: 'PUT',
    body: { sosEscalationMinutes: 1, sosEscalationContacts: [DUTY_OFFICER] },
  });

  // and its dealer makes it a rule: an SOS by e-mail to the owner and the control room, to its webhook and in the console
  const owner = (await signedInSession(CUSTOMER, DEMO_PASSWORD)).user.id;
  const rule = await api<{ id: string; webhookSecret: string }>(DEALER, '/notificationrules', {
    method: 'POST',
    body: {
      name: RULE_NAME,
      eventType: 'SOS',
      vehicleScope: 'ALL',
      channels: ['email', 'webhook', 'console'],
      userIds: [owner],
      contactEmails: [CONTROL_ROOM],
      webhookUrl: `${inject('webhookUrl')}${WEBHOOK_PATH}`,
      organisationId: sunriseId,
    },
  });
  ruleId = rule.id;
  ruleSecret = rule.webhookSecret;
  expect(ruleSecret).toMatch(/^whsec_/);
});

afterAll(async () => {
  // the next files find Sunrise Logistics as the demo made it
  if (ruleId) await api(DEALER, `/notificationrules/${ruleId}`, { method: 'DELETE' });
  if (settingsBefore)
    await api(ADMIN, `/organisation/settings/${sunriseId}`, {
      method: 'PUT',
      body: {
        sosEscalationMinutes: settingsBefore.sosEscalationMinutes,
        sosEscalationContacts: settingsBefore.sosEscalationContacts,
      },
    });
  const open = await api<{ data: { id: string }[] }>(CUSTOMER, '/sos/open');
  for (const sos of open.data)
    await api(CUSTOMER, `/sos/${sos.id}/acknowledge`, { method: 'POST', body: { note: 'left open by the SOS test' } });
});

describe('the panic button', () => {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    it(`shows on the assets page at ${width} px with the alarm, e-mails and calls the webhook, and goes once acknowledged`, async () => {
      const { page } = session;
      await page.setViewportSize({ width, height });
      await countTones(page);
      await signInAt(page, '/management/vehicle', CUSTOMER);
      const banner = page.getByTestId('sos-case').filter({ hasText: 'UP78AT4321' });
      await expect.poll(() => banner.count()).toBe(0);
      const arrived = await readInbox(inboxUrl);

      await pressPanicButton(truck);

      await expect.poll(() => banner.count()).toBe(1);
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

      // the rule's e-mail, through the SMTP server, to the control room and the owner
      const mail = await mailArriving(CONTROL_ROOM, 'SOS: UP78AT4321', arrived.mails.length);
      expect(mail.text).toContain('SOS for UP78AT4321.');
      expect(mail.text).toContain('Where: at 26.46710, 80.35300');
      expect(mail.text).toContain(`Rule: ${RULE_NAME}`);
      expect(mail.text).toMatch(/See the vehicle: http\S+\/vehicle\/edit\/[0-9a-f-]{36}/);
      await mailArriving(CUSTOMER, 'SOS: UP78AT4321', arrived.mails.length);

      // the rule's webhook, signed the Standard Webhooks way under the rule's secret
      const hook = await webhookArriving(arrived.webhooks.length);
      const payload = new Webhook(ruleSecret).verify(hook.body, signatureHeaders(hook));
      expect(payload).toMatchObject({
        type: 'alert',
        data: { eventType: 'SOS', ruleId, registrationNumber: 'UP78AT4321', organisationId: sunriseId },
      });
      expect(hook.headers['webhook-id']).toMatch(/^[0-9a-f-]{36}$/);
      // a body changed on the way does not verify
      expect(() =>
        new Webhook(ruleSecret).verify(hook.body.replace('UP78AT4321', 'UP78AT4322'), signatureHeaders(hook)),
      ).toThrow();

      await button.click();
      const dialog = page.getByRole('dialog', { name: 'Acknowledge the SOS of UP78AT4321' });
      await dialog.getByLabel('Note').fill('Called the driver: pressed by mistake');
      await dialog.getByRole('button', { name: 'Acknowledge' }).click();
      await expect.poll(() => banner.count()).toBe(0);
      await expect.poll(() => page.getByText('SOS acknowledged').count()).toBeGreaterThan(0);
    });
  }

  it('escalates an SOS nobody acknowledges to the escalation contact after its minute, and never the acknowledged ones', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAt(page, '/management/vehicle', CUSTOMER);
    const banner = page.getByTestId('sos-case').filter({ hasText: UNATTENDED });
    const arrived = await readInbox(inboxUrl);

    // pressed after both of the truck's: due after them, so the sweep that escalates it finds theirs due too
    await pressPanicButton(unattended);
    await expect.poll(() => banner.count()).toBe(1);
    expect(await banner.textContent()).not.toContain('escalated');

    // a minute on, at the next sweep (every 15 s), the duty officer is told, and the banner says so
    const escalation = await mailArriving(
      DUTY_OFFICER,
      `SOS not acknowledged: ${UNATTENDED}`,
      arrived.mails.length,
      100_000,
    );
    expect(escalation.text).toContain('(escalation level 1)');
    expect(escalation.text).toContain('/reports/sosalert');
    await expect.poll(() => banner.textContent()).toContain('escalated to level 1');

    // the truck's SOS, acknowledged, was due before it and went to nobody: no message queued, none arrived
    const queued = await api<{ recipient: string; subject: string }[]>(
      ADMIN,
      `/deliveries?${filter({ q: 'SOS not acknowledged' })}&range=[0,99]`,
    );
    expect(queued.filter((d) => d.subject.includes(UNATTENDED)).map((d) => d.recipient)).toContain(DUTY_OFFICER);
    expect(queued.filter((d) => d.subject.includes('UP78AT4321'))).toEqual([]);
    const mails = (await readInbox(inboxUrl)).mails.filter((m) => m.subject.startsWith('SOS not acknowledged'));
    expect(mails.filter((m) => m.subject.includes('UP78AT4321'))).toEqual([]);

    // the SOS report: the truck's two acknowledged at level 0, the unattended one escalated
    const rows = await api<{ registrationNumber: string; sosStatus: string; escalationLevel: number }[]>(
      CUSTOMER,
      `/report/alertv2?${filter({ from: started.toISOString(), to: new Date(Date.now() + 60_000).toISOString(), type: 'SOS' })}&sort=["eventTime","ASC"]&range=[0,99]`,
    );
    // every row of the period in the message: a failure says which SOS went missing, and why
    expect(
      rows.filter((r) => r.registrationNumber === 'UP78AT4321').map((r) => [r.sosStatus, r.escalationLevel]),
      `the SOS rows since ${started.toISOString()}: ${JSON.stringify(rows)}`,
    ).toEqual([
      ['acknowledged', 0],
      ['acknowledged', 0],
    ]);
    expect(rows.filter((r) => r.registrationNumber === UNATTENDED).map((r) => r.sosStatus)).toEqual(['escalated']);

    // acknowledging it now stops it
    await banner.getByRole('button', { name: 'Acknowledge' }).click();
    const dialog = page.getByRole('dialog', { name: `Acknowledge the SOS of ${UNATTENDED}` });
    await dialog.getByLabel('Note').fill('Reached the driver after the escalation');
    await dialog.getByRole('button', { name: 'Acknowledge' }).click();
    await expect.poll(() => banner.count()).toBe(0);
  }, 150_000);
});
