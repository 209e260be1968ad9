import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

const candidates = [process.env.CHROMIUM_PATH, '/usr/lib/chromium/chromium', '/usr/bin/chromium'].filter(
  Boolean,
) as string[];

/** Debian's Chromium, headless, with the flags that keep it off this machine's closed network. */
export function launchBrowser(): Promise<Browser> {
  const executablePath = candidates.find((p) => fs.existsSync(p));
  if (!executablePath)
    throw new Error('Chromium not found: apt-get install -y --no-install-recommends chromium, or set CHROMIUM_PATH');
  return chromium.launch({
    executablePath,
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
export function pagePerTest(contextOptions: BrowserContextOptions = {}): PagePerTest {
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
    session.browser = await launchBrowser();
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

/** Opens a path signed out, signs in through the form and waits to be back on the path. */
export async function signInAt(page: Page, path: string, username: string, password = DEMO_PASSWORD) {
  await page.goto(`${inject('baseUrl')}${path}`);
  await signInThroughForm(page, username, password);
  await page.waitForURL(`**${path}`);
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
