import fs from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

const candidates = [process.env.CHROMIUM_PATH, '/usr/lib/chromium/chromium', '/usr/bin/chromium'].filter(Boolean) as string[];

/** Debian's Chromium, headless, with the flags that keep it off this machine's closed network. */
export function launchBrowser(): Promise<Browser> {
  const executablePath = candidates.find((p) => fs.existsSync(p));
  if (!executablePath) throw new Error('Chromium not found: apt-get install -y --no-install-recommends chromium, or set CHROMIUM_PATH');
  return chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

export async function signInThroughForm(page: Page, username: string, password: string) {
  await page.getByLabel('Email or Phone Number').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
}
