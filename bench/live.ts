// Live map figures: 10,000 vehicles each moving once a second, drawn in headless Chromium.
import { spawn } from 'node:child_process';
import { createScratchDatabase } from '../server/db/scratch.ts';
import { launchBrowser, signInThroughForm } from '../tests/e2e/browser.ts';
import { DEVICES, FIRST_IMEI, PASSWORD, seedFleet } from './ingest.ts';
import { startServer } from './server.ts';

const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 20);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
};

export async function liveFigures(print: (line: string) => void) {
  const scratch = await createScratchDatabase(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'waymark_live');
  await seedFleet(scratch.url, null);
  const port = 19600 + Math.floor(Math.random() * 300);
  const gatewayPort = port + 300;
  const server = await startServer({ DATABASE_URL: scratch.url, GATEWAY_PORT: String(gatewayPort), WAYMARK_DEMO: '0' }, port);
  const simulator = spawn(process.execPath, ['server/bin.mjs', 'simulate', '--devices', String(DEVICES), '--interval', '1', '--port', String(gatewayPort), '--first-imei', FIRST_IMEI], { stdio: 'ignore' });
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    // tsx keeps function names with a __name helper the page does not have
    await page.addInitScript('window.__name = (f) => f; window.__waymarkMetrics = { delays: [], draws: 0, arrivals: [] };');
    await page.goto(`http://127.0.0.1:${port}/view-operations/live-tracking`);
    await signInThroughForm(page, 'super@bench.test', PASSWORD);
    await page.waitForURL('**/view-operations/live-tracking');
    await page.getByText('Live', { exact: true }).waitFor({ timeout: 60_000 });
    // let every simulated device connect and report
    await page.waitForTimeout(10_000);
    await page.evaluate(() => { window.__waymarkMetrics!.delays = []; window.__waymarkMetrics!.draws = 0; window.__waymarkMetrics!.arrivals = []; });
    const frames = await page.evaluate((seconds) => new Promise<number>((resolve) => {
      let count = 0;
      const start = performance.now();
      const tick = () => {
        count += 1;
        if (performance.now() - start < seconds * 1000) requestAnimationFrame(tick);
        else resolve(count / ((performance.now() - start) / 1000));
      };
      requestAnimationFrame(tick);
    }), SECONDS);
    const metrics = await page.evaluate(() => window.__waymarkMetrics!);
    const vehicles = await page.evaluate(() => document.querySelectorAll('[aria-label="Find a vehicle"] li, [aria-label="Find a vehicle"] [role="button"]').length);
    print(`live map, ${DEVICES} vehicles moving every 1 s, ${SECONDS} s in headless Chromium (software rendering)`);
    print(`  ${frames.toFixed(1)} frames/s, ${(metrics.draws / SECONDS).toFixed(1)} vehicle-layer redraws/s, ${vehicles} list rows rendered`);
    print(`  frame received → update in the browser: p50 ${percentile(metrics.arrivals ?? [], 0.5).toFixed(0)} ms, p95 ${percentile(metrics.arrivals ?? [], 0.95).toFixed(0)} ms`);
    print(`  frame received → drawn: p50 ${percentile(metrics.delays, 0.5).toFixed(0)} ms, p95 ${percentile(metrics.delays, 0.95).toFixed(0)} ms over ${metrics.delays.length} positions`);

    // playback: a 24-hour path sampled every 10 s (8,640 positions) for one vehicle, yesterday in Asia/Kolkata
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    const day = new Date(Date.now() - 86_400_000);
    const start = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()) - 5.5 * 3600_000;
    await client.query(`insert into positions (device_id, fix_time, latitude, longitude, speed, heading, packet_type, live)
      select d.id, to_timestamp($1::float8 / 1000) + (g * interval '10 seconds'), 26.45 + 0.02 * sin(g / 500.0), 80.33 + 0.02 * cos(g / 500.0),
             case when g % 600 < 60 then 0 else 35 end, 0, 'NR', false
      from devices d, generate_series(0, 8639) g where d.imei = $2`, [start, FIRST_IMEI]);
    await client.end();
    const [d, m, y] = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', day: '2-digit', month: '2-digit', year: 'numeric' }).format(day).split('/');
    await page.goto(`http://127.0.0.1:${port}/view-operations/route-playback`);
    await page.getByLabel('Vehicles').fill('BN000000');
    await page.getByRole('option', { name: /BN000000/ }).click();
    await page.getByRole('button', { name: 'Custom' }).click();
    await page.getByLabel('From (dd/MM/yyyy)').fill(`${d}/${m}/${y}`);
    await page.getByLabel('To (dd/MM/yyyy)').fill(`${d}/${m}/${y}`);
    const clicked = Date.now();
    await page.getByRole('button', { name: 'Show route' }).click();
    await page.getByText(/8640 positions/).waitFor({ timeout: 60_000 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    print(`playback of a 24-hour path sampled every 10 s (8,640 positions): ${Date.now() - clicked} ms from Show route to path, stops and chart drawn`);
  } finally {
    await browser.close();
    simulator.kill('SIGTERM');
    await server.stop();
    await scratch.drop();
  }
}
