import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { generate } from 'otplib';
import { DEMO_PASSWORD, expectNoSidewaysScroll, pagePerTest, signInAt, switchToHindi } from './browser.ts';

const baseUrl = inject('baseUrl');
// no other browser test signs in as this user: his authenticator changes nothing elsewhere
const USER = 'custom@demo.waymark.in';
const session = pagePerTest();
let page: Page;
/** The recovery codes not yet used while the authenticator is on: a test that fails half-way leaves it off all the same. */
let unusedCodes: string[] = [];
beforeEach(() => {
  page = session.page;
  unusedCodes = [];
});
afterEach(async () => {
  const recoveryCode = unusedCodes.pop();
  if (!recoveryCode) return;
  page = await session.restart();
  await signInAt(page, '/', USER);
  await page.evaluate(async (code) => {
    const { accessToken } = JSON.parse(localStorage.getItem('waymark.session')!) as { accessToken: string };
    await fetch('/api/auth/totp/disable', {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ recoveryCode: code }),
    });
  }, recoveryCode);
});

/** The app's code `steps` time steps from now: no code is taken twice, so each use in a test takes a later one. */
const codeFor = (key: string, steps: number) =>
  generate({ secret: key.replace(/\s+/g, ''), epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** Turns the authenticator on from the profile page, as the user does; answers its key and recovery codes. */
async function turnOnInProfile(labels: { turnOn: string; code: string; confirm: string; saved: string }) {
  await page.getByRole('button', { name: labels.turnOn }).click();
  const key = (await page.getByTestId('totp-key').textContent())!;
  await expect.poll(() => page.locator('img[src^="data:image/png"]').count()).toBe(1);
  await page.getByLabel(labels.code).fill(await codeFor(key, 0));
  await page.getByRole('button', { name: labels.confirm }).click();
  await page.getByTestId('recovery-codes').waitFor();
  const codes = await page.getByTestId('recovery-codes').locator('li').allTextContents();
  expect(codes).toHaveLength(10);
  unusedCodes = codes.slice(2);
  await page.getByRole('button', { name: labels.saved }).click();
  return { key, codes };
}

/** The user menu's Profile: his own user's edit page. */
async function openProfile() {
  const id = await page.evaluate(() => JSON.parse(localStorage.getItem('waymark.session')!).user.id as string);
  await page.goto(`${baseUrl}/management/user/edit/${id}`);
}

/** The sign-in form, as the spec draws it, in whichever language the page speaks. */
async function fillSignIn(username: string) {
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('input[name="terms"]').check();
  await page.locator('form button[type="submit"]').click();
}

describe('two-step sign-in', () => {
  it('is turned on in the profile, then asks for the code after the password, and turns off with a recovery code (1440 px)', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAt(page, '/', USER);
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    const card = page.getByRole('region', { name: 'Two-step sign-in' });
    await card.getByText('Off: your password alone signs you in.').waitFor();
    const { key, codes } = await turnOnInProfile({
      turnOn: 'Turn on',
      code: 'Code from the app',
      confirm: 'Confirm and turn on',
      saved: 'I have saved them, continue',
    });
    await card.getByText('10 recovery codes left').waitFor();

    page = await session.restart();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${baseUrl}/vehicle-status`);
    await fillSignIn(USER);
    await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    await page.getByLabel('Code from the app').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('The code is wrong or already used').waitFor();
    await page.getByLabel('Code from the app').fill(await codeFor(key, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/vehicle-status');

    await openProfile();
    await page.getByRole('button', { name: 'Turn off' }).click();
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(codes[0]!);
    await page.getByRole('region', { name: 'Two-step sign-in' }).getByRole('button', { name: 'Turn off' }).click();
    await page.getByText('Off: your password alone signs you in.').waitFor();
    unusedCodes = [];
  });

  it('works in Hindi on a phone: turning it on, and the second step of the sign-in (390 px)', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAt(page, '/', USER);
    await openProfile();
    await switchToHindi(page);
    const { key, codes } = await turnOnInProfile({
      turnOn: 'चालू करें',
      code: 'ऐप का कोड',
      confirm: 'पुष्टि करें और चालू करें',
      saved: 'मैंने इन्हें सहेज लिया है, आगे बढ़ें',
    });
    await page.getByText('10 रिकवरी कोड बचे हैं').waitFor();
    await expectNoSidewaysScroll(page);

    page = await session.restart();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl}/auth/login`);
    await switchToHindi(page);
    await fillSignIn(USER);
    await page.getByRole('heading', { name: 'दो-चरणीय साइन-इन' }).waitFor();
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'इसके बजाय रिकवरी कोड का उपयोग करें' }).click();
    await page.getByLabel('रिकवरी कोड').fill(codes[1]!);
    await page.getByRole('button', { name: 'सत्यापित करें' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));

    // left off for the next run of the file
    await openProfile();
    await page.getByRole('button', { name: 'बंद करें' }).click();
    await page.getByLabel('ऐप का कोड').fill(await codeFor(key, 1));
    await page.getByRole('region', { name: 'दो-चरणीय साइन-इन' }).getByRole('button', { name: 'बंद करें' }).click();
    await page.getByText('बंद: केवल आपका पासवर्ड आपको साइन इन कराता है।').waitFor();
    unusedCodes = [];
  });
});
