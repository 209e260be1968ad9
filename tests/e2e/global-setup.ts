import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildConsoleIfNeeded } from '../../server/build.ts';
import { freePort } from '../support/net.ts';
import { startInbox } from './inbox.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    gatewayPort: number;
    /** Where the signed-in sessions the test files reuse are kept (browser.ts, signInAt). */
    signedInDir: string;
    /** What the server's SMTP server and webhook endpoint received (inbox.ts, readInbox). */
    inboxUrl: string;
    /** The webhook endpoint the server may reach: a rule's webhook URL is this and a path. */
    webhookUrl: string;
  }
}

let child: ChildProcess | undefined;
let dataDir: string | undefined;
let signedInDir: string | undefined;
let inbox: Awaited<ReturnType<typeof startInbox>> | undefined;

/**
 * The real server, built console and demo data on a fresh data directory (or DATABASE_URL), sending its
 * e-mail to an SMTP server and its webhooks to an endpoint of the run's own (inbox.ts).
 */
export default async function setup(project: TestProject) {
  buildConsoleIfNeeded((m) => console.log(m));
  inbox = await startInbox();
  const port = await freePort();
  const gatewayPort = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-e2e-'));
  child = spawn(process.execPath, ['server/bin.mjs', 'serve', '--demo'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      GATEWAY_PORT: String(gatewayPort),
      LOG_LEVEL: 'warn',
      WAYMARK_DEMO: '1',
      // the renewal test pays with the test provider, which nothing but its own switch turns on
      WAYMARK_TEST_PAYMENTS: '1',
      // the tests play the devices themselves, frame by frame
      WAYMARK_SIMULATE: '0',
      // e-mail really sent, and webhooks to the run's endpoint, the one loopback address the server may reach
      SMTP_URL: inbox.smtpUrl,
      WEBHOOK_ALLOW_RANGES: inbox.allowRange,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${baseUrl}/api/health`)).ok) break;
      } catch {
        /* not up yet */
      }
      if (Date.now() > deadline) throw new Error('the server did not become healthy in 180 s');
      await new Promise((r) => setTimeout(r, 250));
    }
  } catch (error) {
    // no server left behind, and nothing listening that keeps the run from ending
    child.kill('SIGTERM');
    await inbox.close();
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('gatewayPort', gatewayPort);
  signedInDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-e2e-sessions-'));
  project.provide('signedInDir', signedInDir);
  project.provide('inboxUrl', inbox.inboxUrl);
  project.provide('webhookUrl', inbox.webhookUrl);
  return async () => {
    child?.kill('SIGTERM');
    await new Promise((r) => child?.once('exit', r));
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    if (signedInDir) fs.rmSync(signedInDir, { recursive: true, force: true });
    await inbox?.close();
  };
}
