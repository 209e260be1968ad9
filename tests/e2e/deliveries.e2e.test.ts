import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, expectNoSidewaysScroll, pagePerTest, signInThroughForm } from './browser.ts';
import { freePort } from '../support/net.ts';
import { startSmtp } from '../api/notify/receivers.ts';

/**
 * The Deliveries screen in a browser, on a server of this file's own: its e-mail goes to an SMTP
 * server the test controls (refusing at first: a dead letter; then taking it), its SMS to no
 * provider (logged, not sent). The run's shared server has no SMTP server to refuse, and its
 * database is not this file's to write.
 */
const session = pagePerTest();
let page: Page;
beforeEach(() => {
  page = session.page;
});

let child: ChildProcess | undefined;
let dataDir: string | undefined;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let refusing = true;
let baseUrl: string;

beforeAll(async () => {
  smtp = await startSmtp({ reject: () => refusing });
  const port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-e2e-deliveries-'));
  child = spawn(process.execPath, ['server/bin.mjs', 'serve', '--demo'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      GATEWAY_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
      WAYMARK_DEMO: '1',
      WAYMARK_SIMULATE: '0',
      SMTP_URL: smtp.url,
      SMS_URL: '',
      NOTIFY_MAX_ATTEMPTS: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('the server did not become healthy in 150 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  // the demo fitter forgets his password twice: by e-mail (refused by the SMTP server: dead) and by phone (no SMS provider: logged)
  for (const username of ['fitter@demo.waymark.in', '9800000007']) {
    const forgot = await fetch(`${baseUrl}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username }),
    });
    expect(forgot.status, await forgot.text()).toBe(200);
  }
});
afterAll(async () => {
  child?.kill('SIGTERM');
  if (child) await new Promise((r) => child?.once('exit', r));
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  await smtp?.close();
});

const row = (text: string) => page.locator('tbody tr', { hasText: text });

async function openDeliveries(width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`${baseUrl}/management/deliveries`);
  await signInThroughForm(page, 'superadmin@demo.waymark.in', DEMO_PASSWORD);
  await page.waitForURL('**/management/deliveries');
  await page.getByRole('heading', { name: 'Deliveries' }).first().waitFor();
}

describe('the Deliveries screen', () => {
  it('shows a message no provider sent as "not sent", and retries a failed one (1440 px)', async () => {
    await openDeliveries(1440);
    await page.getByPlaceholder('Search...').fill('+919800000007');
    await row('+919800000007').getByText('Not sent: no provider configured, written to the log').waitFor();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: path.join(os.tmpdir(), 'waymark-deliveries-1440.png'), fullPage: true });

    await page.getByPlaceholder('Search...').fill('fitter@demo.waymark.in');
    const failed = row('fitter@demo.waymark.in');
    await failed.getByText('Failed', { exact: true }).waitFor();
    // the provider's answer is among the columns the row opens on
    await failed.getByRole('button', { name: 'Expand' }).click();
    await page
      .getByTestId('left-out-columns')
      .getByText(/550 No such mailbox/)
      .waitFor();
    await failed.getByRole('button', { name: 'Close' }).click();

    // the SMTP server takes mail again: Retry now sends it
    refusing = false;
    await failed.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Retry now' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Retry now' }).click();
    await page.getByText('The message is queued again; it goes out in a moment.').waitFor();
    const mail = await smtp.mailTo('fitter@demo.waymark.in');
    expect(mail.text).toMatch(/\d{6}/);
    // the worker records the mail as sent: the list, read again, says so
    await page.reload();
    await page.getByPlaceholder('Search...').waitFor();
    await row('fitter@demo.waymark.in').getByText('Sent', { exact: true }).waitFor();
  });

  it('shows the same on a phone (390 px)', async () => {
    await openDeliveries(390);
    await page.getByPlaceholder('Search...').fill('+919800000007');
    // on a phone the status is among the columns the row opens on
    await row('+919800000007').getByRole('button', { name: 'Expand' }).click();
    await page
      .getByTestId('left-out-columns')
      .getByText('Not sent: no provider configured, written to the log', { exact: true })
      .waitFor();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: path.join(os.tmpdir(), 'waymark-deliveries-390.png'), fullPage: true });
  });
});
