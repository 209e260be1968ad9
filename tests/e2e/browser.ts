import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { encodePermissions, flattenAuthScopes } from '../../core/permissions.ts';
import { normaliseUsername } from '../../core/username.ts';
import { encryptPassword } from '../../providers/encryptPassword.ts';
import { isExpired, PERMISSIONS_KEY, SESSION_KEY, type Session } from '../../providers/session.ts';

const candidates = [process.env.CHROMIUM_PATH, '/usr/lib/chromium/chromium', '/usr/bin/chromium'].filter(
  Boolean,
) as string[];

/**
 * Debian's Chromium, headless, with the flags that keep it off this machine's closed network; `env` is added
 * to its environment (FONTCONFIG_FILE: another machine's fonts, noto-sans-desktop.ts).
 */
export function launchBrowser(env: Record<string, string> = {}): Promise<Browser> {
  const executablePath = candidates.find((p) => fs.existsSync(p));
  if (!executablePath)
    throw new Error('Chromium not found: apt-get install -y --no-install-recommends chromium, or set CHROMIUM_PATH');
  return chromium.launch({
    executablePath,
    env: { ...process.env, ...env },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export async function signInThroughForm(page: Page, username: string, password: string) {
  await page.getByLabel('Email or Phone Number').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export const DEMO_PASSWORD = 'Waymark@2026';

export interface PagePerTest {
  browser: Browser;
  /** The current test's page, in a context of its own (signed out at the start). */
  page: Page;
  /** Closes the current context and opens a fresh one: a new, signed-out page. */
  restart(): Promise<Page>;
}

/**
 * One Chromium for the file and a fresh context for every test. A test fails if the browser
 * reports anything the server's Content-Security-Policy refused: the policy must not break the console.
 */
export function pagePerTest(
  contextOptions: BrowserContextOptions = {},
  browserEnv: Record<string, string> = {},
): PagePerTest {
  let context: BrowserContext | undefined;
  let cspViolations: string[] = [];
  const session = {
    async restart() {
      await context?.close();
      context = await session.browser.newContext({ viewport: { width: 1366, height: 900 }, ...contextOptions });
      session.page = await context.newPage();
      session.page.on('console', (message) => {
        if (message.type() === 'error' && message.text().includes('Content Security Policy'))
          cspViolations.push(message.text());
      });
      return session.page;
    },
  } as PagePerTest;
  beforeAll(async () => {
    session.browser = await launchBrowser(browserEnv);
  });
  afterAll(async () => {
    await session.browser?.close();
  });
  beforeEach(async () => {
    cspViolations = [];
    await session.restart();
  });
  afterEach(() => {
    expect(cspViolations).toEqual([]);
  });
  return session;
}

/**
 * Opens a path signed out, signs in through the form and waits to be back on the path: for the
 * tests of the form itself and of what a fresh sign-in changes. Every other test uses signInAt.
 */
export async function signInThroughFormAt(page: Page, path: string, username: string, password = DEMO_PASSWORD) {
  await page.goto(`${inject('baseUrl')}${path}`);
  await signInThroughForm(page, username, password);
  await page.waitForURL(`**${path}`);
}

/**
 * What a reused session must still have of its access token: more than any test runs, so the
 * console never refreshes it. A refresh rotates the refresh token, and the same one spent again by
 * another context would end the session for every context holding it (server/auth/tokens.ts).
 */
const ACCESS_LEFT_MS = 5 * 60_000;

/** Signs in through the API, as the console's sign-in page does (providers/signIn.ts), and returns the session it keeps. */
async function signInThroughApi(username: string, password: string): Promise<Session> {
  const api = `${inject('baseUrl')}/api`;
  const key = (await (await fetch(`${api}/auth/public-key`)).json()) as { data: { publicKey: string } };
  const response = await fetch(`${api}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: normaliseUsername(username),
      password: await encryptPassword(key.data.publicKey, password),
    }),
  });
  if (!response.ok) throw new Error(`signing ${username} in failed: ${response.status} ${await response.text()}`);
  const { data } = (await response.json()) as {
    data: Pick<Session, 'user' | 'role'> & {
      token: { access: { token: string; expires: string }; refresh: { token: string; expires: string } };
    };
  };
  return {
    accessToken: data.token.access.token,
    accessExpiresAt: data.token.access.expires,
    refreshToken: data.token.refresh.token,
    refreshExpiresAt: data.token.refresh.expires,
    user: data.user,
    role: data.role,
  };
}

/** Whether the server still takes the session: a sign-out, a password change or a reused token ends it. */
async function isLive(session: Session): Promise<boolean> {
  const response = await fetch(`${inject('baseUrl')}/api/auth/logged-in-user/${session.user.id}`, {
    headers: { authorization: `Bearer ${session.accessToken}` },
  });
  return response.ok;
}

/**
 * One signed-in session per user for the whole run, kept in a file (global-setup.ts gives the
 * folder) so every test file reuses it: the files run one after another, never at once. Signed in
 * again through the API once it is near its end or the server no longer takes it.
 */
export async function signedInSession(username: string, password: string): Promise<Session> {
  const file = path.join(inject('signedInDir'), `${encodeURIComponent(username)}.json`);
  const kept = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Session) : null;
  if (kept && !isExpired(kept.accessExpiresAt, ACCESS_LEFT_MS) && (await isLive(kept))) return kept;
  const session = await signInThroughApi(username, password);
  fs.writeFileSync(`${file}.new`, JSON.stringify(session));
  fs.renameSync(`${file}.new`, file);
  return session;
}

/**
 * Opens a path signed in as `username`: the page's context is given the user's signed-in state
 * (what the console keeps in local storage after a sign-in) before the console loads, so the test
 * starts where a user who has just signed in stands, without going through the form again.
 */
export async function signInAt(page: Page, path: string, username: string, password = DEMO_PASSWORD) {
  const session = await signedInSession(username, password);
  const baseUrl = inject('baseUrl');
  // any page of the console's origin will do to write its local storage: the smallest one
  await page.goto(`${baseUrl}/api/health`);
  await page.evaluate(
    (entries) => {
      for (const [key, value] of entries) localStorage.setItem(key, value);
    },
    [
      [SESSION_KEY, JSON.stringify(session)],
      [PERMISSIONS_KEY, encodePermissions(flattenAuthScopes(session.role.authScopes))],
    ],
  );
  // no wait for the address: a path may lead on (`/` to the role's start page), and the test waits for what it shows
  await page.goto(`${baseUrl}${path}`);
}

/** Switches the console to Hindi through the app bar's language menu (the button reads "Language" on a phone), as a user does. */
export async function switchToHindi(page: Page) {
  await page
    .getByRole('button', { name: 'Language' })
    .or(page.getByRole('button', { name: 'English' }))
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
  // the page is drawn again once the Hindi messages arrive, and a form filled before that is emptied
  await page.locator('html[lang="hi"]').waitFor({ state: 'attached' });
}

/**
 * The page at rest, as a user looks at it: two frames drawn after whatever was last done (a resize,
 * a click), the fonts in use loaded, and every animation and transition running then (a dialog's
 * fade-in, the side menu turning into a drawer) finished, endless ones (a spinner) aside. Instead of a fixed pause.
 */
export async function settled(page: Page) {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await document.fonts.ready;
    // the finite ones: a spinner turns for ever
    const ending = document
      .getAnimations()
      .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)));
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * Nothing on the page is wider than the window. Polled: after a resize the console re-lays out
 * (the side menu turns into a drawer) a moment later, and a read taken before that is not what a user sees.
 */
export async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
      timeout: 5_000,
    })
    .toBeLessThanOrEqual(0);
}

/**
 * Opens `path` in the console already running on the page, as its menu does (the router hears the
 * address change), instead of loading the console again: resolves once an element matching `shows`
 * (by default a heading) that the previous page did not have is on screen. Reloading every page is
 * what deep-link.e2e.test.ts covers.
 */
export async function openInConsole(page: Page, path: string, shows = 'h1, h2', timeout = 15_000) {
  const moved = await page.evaluate(
    ({ path, shows }) => {
      if (location.pathname + location.search === path) return false;
      for (const element of document.querySelectorAll(shows)) element.setAttribute('data-before', '');
      // the entry as the console's router writes one (its index and key), so Back and its own
      // navigations count from here as after a click on the menu
      const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
      history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
      return true;
    },
    { path, shows },
  );
  const fresh = moved
    ? shows
        .split(',')
        .map((selector) => `${selector.trim()}:not([data-before])`)
        .join(', ')
    : shows;
  await page.locator(fresh).first().waitFor({ timeout });
  const opened = new URL(page.url());
  if (opened.pathname + opened.search !== path) throw new Error(`opened ${opened.pathname}, not ${path}`);
}

/**
 * `settled()` resolves once no request to the API has been open for `quietMs`, counted from the
 * call at the earliest (what playwright's `networkidle` is to a page load, for a page opened inside
 * the console): requests a page makes after it first shows are waited for too.
 */
export function apiRequestsOf(page: Page) {
  let open = 0;
  let quietFrom = performance.now();
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (request) => {
    if (isApi(request.url())) open += 1;
  });
  const done = (request: { url(): string }) => {
    if (!isApi(request.url())) return;
    open -= 1;
    if (!open) quietFrom = performance.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async settled(quietMs = 500, timeout = 15_000) {
      const started = performance.now();
      quietFrom = Math.max(quietFrom, started);
      while (open > 0 || performance.now() - quietFrom < quietMs) {
        if (performance.now() - started > timeout)
          throw new Error(`${open} API requests still open after ${timeout} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
