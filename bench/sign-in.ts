import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser } from '../tests/e2e/browser.ts';
import { freePort } from '../tests/support/net.ts';
import { startServer } from './server.ts';

const RUNS = 5;

interface Run {
  bytes: number;
  requests: number;
  firstInputMs: number;
}

/**
 * One cold visit of /auth/login in a fresh browser context (empty cache): the bytes on the wire
 * (CDP encodedDataLength, headers included, as DevTools counts "transferred"), the requests, and
 * the time from navigation start until the username input is visible and enabled.
 */
async function coldVisit(browser: Awaited<ReturnType<typeof launchBrowser>>, url: string): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  let bytes = 0;
  let requests = 0;
  const urls = new Map<string, string>();
  cdp.on('Network.requestWillBeSent', (event) => {
    requests += 1;
    urls.set(event.requestId, event.request.url);
  });
  cdp.on('Network.loadingFinished', (event) => {
    bytes += event.encodedDataLength;
    // BENCH_VERBOSE=1 lists what the page fetched
    if (process.env.BENCH_VERBOSE)
      console.log(`    ${(event.encodedDataLength / 1024).toFixed(1).padStart(7)} KB  ${urls.get(event.requestId)}`);
  });
  await page.goto(url, { waitUntil: 'commit' });
  // performance.now() counts from the navigation's time origin
  const firstInputMs = await page
    .waitForFunction(
      () => {
        const input = document.querySelector<HTMLInputElement>('input[name="username"]');
        if (!input || input.disabled) return 0;
        const box = input.getBoundingClientRect();
        return box.width > 0 && box.height > 0 ? performance.now() : 0;
      },
      undefined,
      { polling: 'raf', timeout: 30_000 },
    )
    .then((handle) => handle.jsonValue() as Promise<number>);
  await page.waitForLoadState('networkidle');
  await context.close();
  return { bytes, requests, firstInputMs };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * This browser's floor on this machine: a page that is nothing but a username input, from a bare
 * HTTP server. The sign-in page's time is this plus the console's own work.
 */
async function floorPage(): Promise<{ url: string; close: () => void }> {
  const html =
    '<!doctype html><html><head><meta charset="utf-8"><title>floor</title></head><body><input name="username"></body></html>';
  const server = http.createServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(html);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

/** The sign-in page as a visitor's browser gets it from the real server with demo data. */
export async function signInFigures(log: (line: string) => void) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-bench-'));
  const port = await freePort();
  const server = await startServer({ DATA_DIR: dataDir }, port, ['--demo']);
  const browser = await launchBrowser();
  try {
    const url = `http://127.0.0.1:${port}/auth/login`;
    await coldVisit(browser, url); // warms the server's file cache, not the browser's
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await coldVisit(browser, url));
    log(`sign-in page, cold cache, median of ${RUNS}:`);
    log(`  transferred                            ${(median(runs.map((r) => r.bytes)) / 1024).toFixed(0)} KB`);
    log(`  requests                               ${median(runs.map((r) => r.requests))}`);
    log(
      `  time to first input                    ${median(runs.map((r) => r.firstInputMs)).toFixed(0)} ms (runs: ${runs.map((r) => r.firstInputMs.toFixed(0)).join(', ')})`,
    );
    const floor = await floorPage();
    const floorRuns: Run[] = [];
    try {
      for (let i = 0; i < RUNS; i++) floorRuns.push(await coldVisit(browser, floor.url));
    } finally {
      floor.close();
    }
    log(
      `  the floor: a bare page with one input  ${median(floorRuns.map((r) => r.firstInputMs)).toFixed(0)} ms (runs: ${floorRuns.map((r) => r.firstInputMs.toFixed(0)).join(', ')})`,
    );
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
