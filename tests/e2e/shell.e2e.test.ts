import { beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, pagePerTest, signInAt, signInThroughForm, switchToHindi } from './browser.ts';

const baseUrl = inject('baseUrl');
const session = pagePerTest();
let page: Page;
beforeEach(() => {
  page = session.page;
});

describe('sign-in', () => {
  it('signs in through the form and lands on Vehicle Status', async () => {
    await page.goto(`${baseUrl}/auth/login`);
    await signInThroughForm(page, 'superadmin@demo.waymark.in', DEMO_PASSWORD);
    await page.waitForURL('**/vehicle-status');
    await page.getByRole('heading', { name: 'Vehicle Status', level: 1 }).waitFor();
    await page.getByText('Successfully logged in').waitFor();
  });

  it('shows the validation messages of the spec', async () => {
    await page.goto(`${baseUrl}/auth/login`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('The username field is required').waitFor();
    await page.getByText('The password field is required').waitFor();
    await page.getByText('You must agree to our terms and conditions').waitFor();
  });

  it('shows the server message for a wrong password, once', async () => {
    await page.goto(`${baseUrl}/auth/login`);
    await signInThroughForm(page, 'dealer@demo.waymark.in', 'Wrong-pass-1');
    await page.locator('form').getByRole('alert').filter({ hasText: 'Incorrect username or password' }).waitFor();
    // the call has ended: the button is back
    await page.getByRole('button', { name: 'Sign in' }).and(page.locator(':enabled')).waitFor();
    expect(page.url()).toContain('/auth/login');
    // one message: no toast beside the form's own, and no progress toast left over
    expect(await page.getByText('Incorrect username or password').count()).toBe(1);
    expect(await page.getByText('Logging in...').count()).toBe(0);
  });

  it('returns to a deep link after signing in', async () => {
    await page.goto(`${baseUrl}/reports/alert`);
    await page.waitForURL('**/auth/login');
    await signInThroughForm(page, 'superadmin@demo.waymark.in', DEMO_PASSWORD);
    await page.waitForURL('**/reports/alert');
    await page.getByRole('heading', { name: 'Alerts', level: 1 }).waitFor();
  });

  it('signs in with a bare phone number, matched as +91 followed by it', async () => {
    await page.goto(`${baseUrl}/auth/login`);
    await signInThroughForm(page, '9876543210', DEMO_PASSWORD);
    await page.waitForURL('**/vehicle-status');
  });
});

describe('menu by role', () => {
  it('hides Management from a CUSTOMER and shows it to SUPER_ADMIN', async () => {
    await signInAt(page, '/vehicle-status', 'customer@demo.waymark.in');
    await page.getByRole('menuitem', { name: 'Live tracking' }).waitFor();
    expect(await page.getByTestId('menu-group-reports').count()).toBe(1);
    expect(await page.getByTestId('menu-group-management').count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: 'SIM Activation Orders' }).count()).toBe(0);

    const admin = await session.browser.newContext();
    const adminPage = await admin.newPage();
    await signInAt(adminPage, '/vehicle-status', 'superadmin@demo.waymark.in');
    await adminPage.getByTestId('menu-group-management').click();
    await adminPage.getByRole('menuitem', { name: 'Organisations' }).waitFor();
    await admin.close();
  });

  it('shows a CUSTOMER the no-access page for a management path', async () => {
    await signInAt(page, '/vehicle-status', 'customer@demo.waymark.in');
    await page.goto(`${baseUrl}/management/device`);
    await page.getByRole('heading', { name: 'No access', level: 1 }).waitFor();
  });
});

describe('session', () => {
  it('keeps the session across a reload', async () => {
    await signInAt(page, '/vehicle-status', 'dealer@demo.waymark.in');
    await page.reload();
    await page.getByRole('heading', { name: 'Vehicle Status', level: 1 }).waitFor();
    expect(page.url()).toContain('/vehicle-status');
  });

  it('says "Session expired! Login again." when the refresh token has expired', async () => {
    await signInAt(page, '/vehicle-status', 'dealer@demo.waymark.in');
    await page.evaluate(() => {
      const session = JSON.parse(localStorage.getItem('waymark.session')!);
      session.accessExpiresAt = new Date(Date.now() - 1000).toISOString();
      session.refreshExpiresAt = new Date(Date.now() - 1000).toISOString();
      localStorage.setItem('waymark.session', JSON.stringify(session));
    });
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByText('Session expired! Login again.').waitFor();
    await page.waitForURL('**/auth/login');
  });

  it('signs out from the user menu', async () => {
    // a fitter's work starts at the fitment list (src/layout/landing.ts)
    await signInAt(page, '/fitment', 'fitter@demo.waymark.in');
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/auth/login');
    await page.getByText('Successfully logged out').waitFor();
    expect(await page.getByText('Session expired! Login again.').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('waymark.session'))).toBeNull();
  });
});

describe('language', () => {
  it('switches the menu to Hindi, drawn in the bundled Devanagari face, of which English pages fetch the regular weight only', async () => {
    const fonts: string[] = [];
    const onRequest = (request: { url(): string }) => {
      if (request.url().includes('noto-sans-devanagari')) fonts.push(request.url());
    };
    page.on('request', onRequest);
    try {
      await signInAt(page, '/vehicle-status', 'superadmin@demo.waymark.in');
      await page.getByRole('menuitem', { name: 'Vehicle Status' }).waitFor();
      // the language menu's हिन्दी, kept mounted, is the only Devanagari text in English
      expect(
        fonts.every((url) => url.includes('-400-')),
        fonts.join(),
      ).toBe(true);
      await switchToHindi(page);
      await page.getByRole('menuitem', { name: 'वाहन स्थिति' }).waitFor();
      await page.getByTestId('menu-group-management').getByText('प्रबंधन').waitFor();
      // the machine running the tests may have no Devanagari font: the bundled face draws the Hindi
      await page.waitForFunction(() =>
        [...document.fonts].some(
          (face) => face.family.replace(/"/g, '') === 'Noto Sans Devanagari' && face.status === 'loaded',
        ),
      );
    } finally {
      page.off('request', onRequest);
    }
  });

  it('shows the sign-in page in Hindi once Hindi is chosen, after a reload too, and signs in from it', async () => {
    await page.goto(`${baseUrl}/auth/login`);
    await signInThroughForm(page, 'superadmin@demo.waymark.in', DEMO_PASSWORD);
    await page.waitForURL('**/vehicle-status');
    await switchToHindi(page);
    await page.getByRole('menuitem', { name: 'वाहन स्थिति' }).waitFor();
    // signed out, with the language choice kept: the Hindi messages are a chunk of their own, fetched before the first render
    await page.evaluate(() => localStorage.removeItem('waymark.session'));
    await page.goto(`${baseUrl}/auth/login`);
    await page.getByLabel('ईमेल या फ़ोन नंबर').waitFor();
    await page.reload();
    await page.getByLabel('ईमेल या फ़ोन नंबर').fill('superadmin@demo.waymark.in');
    await page.getByLabel('पासवर्ड', { exact: true }).fill(DEMO_PASSWORD);
    expect(await page.getByLabel('Email or Phone Number').count()).toBe(0);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'साइन इन करें' }).click();
    await page.waitForURL('**/vehicle-status');
    await page.getByRole('menuitem', { name: 'वाहन स्थिति' }).waitFor();
  });
});

describe('pages', () => {
  it('shows the not-found page for an unknown path', async () => {
    await page.goto(`${baseUrl}/no/such/page`);
    await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
  });

  it('changes the password end to end', async () => {
    await signInAt(page, '/vehicle-status', 'rfc@demo.waymark.in');
    await page.goto(`${baseUrl}/change-password`);
    await page.getByLabel('Current password').fill(DEMO_PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill('Rfc-pass-2027');
    await page.getByLabel('Confirm new password').fill('Rfc-pass-2027');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('status').filter({ hasText: 'Password changed successfully' }).waitFor();
    // the demo user keeps the README's password for the tests after this one
    const restored = await page.evaluate(async (password) => {
      const { accessToken } = JSON.parse(localStorage.getItem('waymark.session')!);
      const response = await fetch('/api/auth/change-password', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({ username: 'rfc@demo.waymark.in', password: 'Rfc-pass-2027', newpassword: password }),
      });
      return response.status;
    }, DEMO_PASSWORD);
    expect(restored).toBe(200);
  });
});
