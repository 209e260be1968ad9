import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { modules } from '../../resources/modules.ts';
import { declarations } from '../../resources/entities/index.ts';
import { hasView, permissionFor } from '../../providers/resourceAccess.ts';
import { resourcePath } from '../../src/resources/paths.ts';
import { decodePermissions, hasPermission } from '../../core/permissions.ts';
import en from '../../core/i18n/en.ts';
import { apiRequestsOf, openInConsole, pagePerTest, signInAt } from './browser.ts';

/**
 * Every page of the spec as each demo role meets it, at 1440 px: the role lands on a page it may
 * open, and no page it may open throws, shows a raw message key, or scrolls the whole window sideways.
 */
const baseUrl = inject('baseUrl');
const session = pagePerTest({ viewport: { width: 1440, height: 900 } });

const ROLES = [
  'superadmin',
  'admin',
  'manufacturer',
  'inventory',
  'distributer',
  'dealer',
  'fitter',
  'vendor',
  'rfc',
  'rfcadmin',
  'customer',
  'limited',
  'custom',
];
/** Module paths that are not pages of their own: a device's details open with an IMEI or an id. */
const NOT_PAGES = new Set(['device-details']);
/** The public pages, open to anyone. */
const PUBLIC = [
  '/auth/login',
  '/auth/forgot-password',
  '/public/term-of-use',
  '/public/privacy',
  '/public/contact-us',
  '/public/renewal-payment',
  '/public/port-checker',
  '/public/ssc-viewer',
  '/public/rfc-viewer',
  '/status',
];

/**
 * A message key shown as text: one of the catalogue's top-level names, a dot, and more (`ra.action.edit`,
 * `menu.reports.alert`), but not an e-mail address's own name (`duty.officer@…` on the Deliveries screen).
 */
const RAW_KEY = new RegExp(
  `(?:^|[^\\w@.])(?:${Object.keys(en).join('|')})\\.[A-Za-z][\\w-]*(?:\\.[\\w-]+)*(?![\\w.-]*@)`,
);

interface Problem {
  path: string;
  what: string;
}

/**
 * How a page is opened: by its address (a visitor, a link followed, a reload), or from the console
 * the user is in, as its menu does, without loading the console again.
 */
type Opening = 'by address' | 'in the console';

async function look(
  page: Page,
  path: string,
  errors: string[],
  problems: Problem[],
  { signedIn, opening }: { signedIn: boolean; opening: Opening },
) {
  errors.length = 0;
  const heading =
    opening === 'in the console'
      ? openInConsole(page, path)
      : page.goto(`${baseUrl}${path}`).then(() => page.locator('h1, h2').first().waitFor({ timeout: 15_000 }));
  await heading.catch(() => problems.push({ path, what: 'no heading' }));
  // what loads after the heading (rows, options) shows its text too: no progress bar left in sight.
  // Visible ones only: a list keeps its bar in the page, hidden while nothing loads (ResourceList.tsx),
  // and waiting for that one to leave the page only ever ran out the 5 s
  await page
    .locator('[role="progressbar"]:visible')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
  const text = await page.locator('body').innerText();
  if (text.includes('@@')) problems.push({ path, what: 'an encoded message (@@) on screen' });
  const raw = RAW_KEY.exec(text);
  if (raw) problems.push({ path, what: `a raw message key: ${raw[0].trim()}` });
  if (await page.getByRole('heading', { name: 'No access' }).count()) problems.push({ path, what: 'a 403 page' });
  if (signedIn) {
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1,
    );
    if (sideways) problems.push({ path, what: 'the window scrolls sideways at 1440 px' });
  }
  for (const error of errors) problems.push({ path, what: `uncaught: ${error}` });
}

/** The role's permission ids, as the console keeps them after signing in. */
async function heldBy(page: Page) {
  return page.evaluate(() => ({
    permissions: localStorage.getItem('waymark.permissions'),
    isSuperAdmin: JSON.parse(localStorage.getItem('waymark.session') ?? '{}').role?.isSuperAdmin === true,
  }));
}

describe('a tour of every page', () => {
  it('shows every public page to a visitor', async () => {
    const page = session.page;
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const problems: Problem[] = [];
    for (const path of PUBLIC) await look(page, path, errors, problems, { signedIn: false, opening: 'by address' });
    expect(problems).toEqual([]);
  });

  for (const role of ROLES) {
    it(`lands ${role} on a page of theirs and opens every page their role allows`, async () => {
      const page = await session.restart();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      // signed in, `/` leads to the role's start page, as the sign-in form's reload into `/` does
      // (the form itself is tested in shell.e2e.test.ts)
      await signInAt(page, '/', `${role}@demo.waymark.in`);
      await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
      await page.locator('h1').first().waitFor();
      const problems: Problem[] = [];
      if (await page.getByRole('heading', { name: 'No access' }).count())
        problems.push({ path: new URL(page.url()).pathname, what: 'landed on a 403 page' });

      const { permissions, isSuperAdmin } = await heldBy(page);
      const held = decodePermissions(permissions);
      const pages = modules.filter(
        (m) => !NOT_PAGES.has(m.id) && !m.path.includes(':') && hasPermission(isSuperAdmin, held, m.id),
      );
      // a role that opens no page starts at the user's own profile
      if (!pages.length) expect(new URL(page.url()).pathname).toMatch(/^\/management\/user\/edit\/[0-9a-f-]{36}$/);
      // one role loads every page it may open by its address (a reload, a link from an e-mail), the
      // others open theirs from the console; the super administrator may open every page
      const opening: Opening = role === 'superadmin' ? 'by address' : 'in the console';
      for (const module of pages) await look(page, module.path, errors, problems, { signedIn: true, opening });
      expect(problems).toEqual([]);
    }, 600_000);
  }
});

/** The id of one row the role may edit, read as the console reads its list (undefined: none). */
async function firstRowId(page: Page, api: string): Promise<string | undefined> {
  return page.evaluate(async (api) => {
    const token = JSON.parse(localStorage.getItem('waymark.session') ?? '{}').accessToken;
    const range = encodeURIComponent('[0,0]');
    const response = await fetch(`/api${api}?range=${range}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) return undefined;
    const rows = (await response.json()) as { id: string }[];
    return rows[0]?.id === undefined ? undefined : String(rows[0].id);
  }, api);
}

describe('every add and edit form as each role that may open it', () => {
  // a picker the role may not read answers 403 and the console says nothing: a form must ask only
  // for what its user may pick (issue 25, point 15)
  for (const role of ROLES) {
    it(`opens each form ${role} may open with no refused request`, async () => {
      const page = await session.restart();
      const refused: string[] = [];
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.pathname.startsWith('/api/') && response.status() >= 400)
          refused.push(`${response.status()} ${response.request().method()} ${url.pathname}${url.search}`);
      });
      const requests = apiRequestsOf(page);
      await signInAt(page, '/', `${role}@demo.waymark.in`);
      await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
      await page.locator('h1').first().waitFor();
      const { permissions, isSuperAdmin } = await heldBy(page);
      const held = decodePermissions(permissions);
      const may = (resource: string, action: string) =>
        (permissionFor(resource, action) ?? []).some((id) => hasPermission(isSuperAdmin, held, id));
      const problems: Problem[] = [];
      for (const declaration of declarations) {
        const forms: string[] = [];
        if (hasView(declaration, 'create') && may(declaration.name, 'create'))
          forms.push(resourcePath(declaration, 'create'));
        if (hasView(declaration, 'edit') && may(declaration.name, 'edit')) {
          const id = await firstRowId(page, declaration.api);
          if (id) forms.push(resourcePath(declaration, 'edit', id));
        }
        for (const path of forms) {
          refused.length = 0;
          // opened from the console the role is in, as its Create and Edit buttons do
          await openInConsole(page, path, 'form').catch((error: Error) =>
            problems.push({ path, what: `no form: ${error.message.split('\n')[0]}` }),
          );
          await requests.settled();
          if (await page.getByRole('heading', { name: 'No access' }).count())
            problems.push({ path, what: 'a 403 page' });
          for (const r of refused) problems.push({ path, what: `refused: ${r}` });
        }
      }
      expect(problems).toEqual([]);
    }, 600_000);
  }
});

describe('a list’s filters as a role that may not read every one’s options', () => {
  it('offers DEALER the Assets filters it may pick from, each opened with no refused request', async () => {
    const page = await session.restart();
    const refused: string[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/api/') && response.status() >= 400)
        refused.push(`${response.status()} ${url.pathname}${url.search}`);
    });
    await signInAt(page, '/management/vehicle', 'dealer@demo.waymark.in');
    await page.locator('tbody tr').first().waitFor();
    const addFilter = page.getByRole('button', { name: 'Add filter' });
    await addFilter.click();
    await page.getByRole('menu').getByRole('menuitemcheckbox').first().waitFor();
    const offered = (await page.getByRole('menu').getByRole('menuitemcheckbox').allInnerTexts()).map((t) => t.trim());
    await page.keyboard.press('Escape');
    // routes are the platform administrators': the dealer is not offered a filter whose options it may not read
    expect(offered).not.toContain('Planned route');
    const pickers = ['Group', 'Device (IMEI)', 'Owner', 'Organisation'];
    expect(offered).toEqual(expect.arrayContaining(pickers));
    for (const label of pickers) {
      await addFilter.click();
      await page.getByRole('menu').getByRole('menuitemcheckbox', { name: label, exact: true }).click();
      await page.getByLabel(label, { exact: true }).first().waitFor();
      await page.waitForLoadState('networkidle');
    }
    expect(refused).toEqual([]);
  });
});
