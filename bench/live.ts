// Live map figures: 10,000 vehicles each reporting every BENCH_LIVE_INTERVAL seconds (10, as issue 15 measures; 1 for a harder run), drawn in headless Chromium.
import { createScratchDatabase } from '../server/db/scratch.ts';
import { launchBrowser, signInThroughForm } from '../tests/e2e/browser.ts';
import { DEVICES, FIRST_IMEI, PASSWORD, seedFleet, startSimulator } from './ingest.ts';
import { startChild, startServer } from './server.ts';
import { numberFromEnv } from './env.ts';

const SECONDS = numberFromEnv('BENCH_LIVE_SECONDS', 20);
const INTERVAL = numberFromEnv('BENCH_LIVE_INTERVAL', 10);
const SOCKET_SECONDS = 10;
/**
 * BENCH_LIVE_SPLIT=1: the gateway in a process of its own (`waymark gateway`), as docs/scaling.md
 * deploys it, so a committed batch reaches the web process by NOTIFY, not in process.
 */
const SPLIT = process.env.BENCH_LIVE_SPLIT === '1';
/** The hops the server stamps (WAYMARK_LIVE_HOP_TIMES) and the page times (src/live/metrics.ts). */
const HOPS = [
  ['committed', 'received by the gateway → batch committed'],
  ['heard', 'committed → heard by the web process'],
  ['sent', 'heard → sent on the socket (100 ms batching)'],
  ['received', 'sent → received by the page'],
  ['drawn', 'received by the page → drawn'],
] as const;
const EMPTY_HOPS = JSON.stringify(Object.fromEntries(HOPS.map(([hop]) => [hop, []])));

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
};

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/** The functions with the most self time in a CPU profile. */
function printProfile(
  profile: { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] },
  print: (line: string) => void,
) {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  profile.samples?.forEach((id, i) => {
    const frame = byNode.get(id)!.callFrame;
    const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  });
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20))
    print(`    ${ms.toFixed(0).padStart(6)} ms  ${key}`);
}

export async function liveFigures(print: (line: string) => void) {
  const scratch = await createScratchDatabase(
    process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    'waymark_live',
  );
  await seedFleet(scratch.url, null);
  const port = 19600 + Math.floor(Math.random() * 300);
  const gatewayPort = port + 300;
  const env = { DATABASE_URL: scratch.url, WAYMARK_DEMO: '0', WAYMARK_LIVE_HOP_TIMES: '1' };
  // split: the web process's own gateway listens on a port no device is sent to
  const server = await startServer({ ...env, GATEWAY_PORT: String(SPLIT ? gatewayPort + 1 : gatewayPort) }, port);
  const gateway = SPLIT
    ? startChild(['gateway'], { ...env, GATEWAY_PORT: String(gatewayPort), LOG_LEVEL: 'info' })
    : null;
  await gateway?.printed('gateway listening');
  const simulator = startSimulator(gatewayPort, DEVICES, INTERVAL);
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    // tsx keeps function names with a __name helper the page does not have
    await page.addInitScript(
      `window.__name = (f) => f; window.__waymarkMetrics = { delays: [], draws: 0, arrivals: [], hops: ${EMPTY_HOPS} };`,
    );
    await page.goto(`http://127.0.0.1:${port}/view-operations/live-tracking`);
    await signInThroughForm(page, 'super@bench.test', PASSWORD);
    await page.waitForURL('**/view-operations/live-tracking');
    await page.getByText('Live', { exact: true }).waitFor({ timeout: 60_000 });
    // let every simulated device connect and report
    await page.waitForTimeout(Math.max(10, INTERVAL + 2) * 1000);
    // what the socket brings: every vehicle in view, then the map zoomed in on a few streets
    const network = await page.context().newCDPSession(page);
    await network.send('Network.enable');
    let socketBytes = 0;
    network.on('Network.webSocketFrameReceived', (event: { response: { payloadData: string } }) => {
      socketBytes += event.response.payloadData.length;
    });
    const socketRate = async () => {
      socketBytes = 0;
      await page.waitForTimeout(SOCKET_SECONDS * 1000);
      return socketBytes / SOCKET_SECONDS / 1024;
    };
    const wholeFleet = await socketRate();
    await page.evaluate(() => {
      window.__waymarkMetrics!.delays = [];
      window.__waymarkMetrics!.draws = 0;
      window.__waymarkMetrics!.arrivals = [];
      window.__waymarkMetrics!.hops = { committed: [], heard: [], sent: [], received: [], drawn: [] };
    });
    // BENCH_LIVE_PROFILE=1: where the page's main thread spends the measured seconds
    const profiler = process.env.BENCH_LIVE_PROFILE ? await page.context().newCDPSession(page) : null;
    if (profiler) {
      await profiler.send('Profiler.enable');
      await profiler.send('Profiler.start');
    }
    const { frames, longTasks, longest, slowFrames } = await page.evaluate(
      (seconds) =>
        new Promise<{ frames: number; longTasks: number; longest: number; slowFrames: number }>((resolve) => {
          let count = 0;
          let slow = 0;
          const tasks: number[] = [];
          // main-thread work over 50 ms at a time: what costs frames
          const observer = new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) tasks.push(entry.duration);
          });
          observer.observe({ type: 'longtask' });
          const start = performance.now();
          let last = start;
          const tick = (now: number) => {
            count += 1;
            if (now - last > 1000 / 30) slow += 1;
            last = now;
            if (performance.now() - start < seconds * 1000) requestAnimationFrame(tick);
            else {
              observer.disconnect();
              resolve({
                frames: count / ((performance.now() - start) / 1000),
                longTasks: tasks.reduce((a, b) => a + b, 0),
                longest: Math.max(0, ...tasks),
                slowFrames: slow,
              });
            }
          };
          requestAnimationFrame(tick);
        }),
      SECONDS,
    );
    if (profiler) printProfile((await profiler.send('Profiler.stop')).profile, print);
    const metrics = await page.evaluate(() => window.__waymarkMetrics!);
    const map = page.locator('.leaflet-container');
    const box = (await map.boundingBox())!;
    for (let i = 0; i < 5; i++) {
      await map.dblclick({ position: { x: box.width / 2, y: box.height / 2 } });
      await page.waitForTimeout(400);
    }
    const zoomedIn = await socketRate();
    const vehicles = await page.evaluate(
      () =>
        document.querySelectorAll('[aria-label="Find a vehicle"] li, [aria-label="Find a vehicle"] [role="button"]')
          .length,
    );
    print(
      `live map, ${DEVICES} vehicles reporting every ${INTERVAL} s, ${SECONDS} s in headless Chromium (software rendering), ${SPLIT ? 'the gateway in a process of its own' : 'one serve process'}`,
    );
    print(
      `  ${frames.toFixed(1)} frames/s, ${(metrics.draws / SECONDS).toFixed(1)} vehicle-layer redraws/s, ${vehicles} list rows rendered`,
    );
    print(
      `  main thread in long tasks: ${(longTasks / SECONDS).toFixed(0)} ms/s, longest ${longest.toFixed(0)} ms; ${slowFrames} frames over 33 ms`,
    );
    print(
      `  frame received → update in the browser: p50 ${percentile(metrics.arrivals ?? [], 0.5).toFixed(0)} ms, p95 ${percentile(metrics.arrivals ?? [], 0.95).toFixed(0)} ms`,
    );
    print(
      `  frame received → drawn: p50 ${percentile(metrics.delays, 0.5).toFixed(0)} ms, p95 ${percentile(metrics.delays, 0.95).toFixed(0)} ms over ${metrics.delays.length} positions`,
    );
    print('  each hop, p50 / p95 / max (ms), frame received at the gateway → marker drawn:');
    for (const [hop, label] of HOPS) {
      const values = metrics.hops?.[hop] ?? [];
      print(
        `    ${label.padEnd(44)} ${percentile(values, 0.5).toFixed(0).padStart(6)} / ${percentile(values, 0.95).toFixed(0).padStart(6)} / ${Math.max(
          ...values,
        )
          .toFixed(0)
          .padStart(6)}`,
      );
    }
    print(
      `  socket: ${wholeFleet.toFixed(0)} KB/s with the whole fleet in view, ${zoomedIn.toFixed(0)} KB/s zoomed in five levels (the rest coarse, every 2 s)`,
    );

    // playback: a 24-hour path sampled every 10 s (8,640 positions) for one vehicle, yesterday in Asia/Kolkata
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    const day = new Date(Date.now() - 86_400_000);
    const start = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()) - 5.5 * 3600_000;
    await client.query(
      `insert into positions (device_id, fix_time, latitude, longitude, speed, heading, packet_type, live)
      select d.id, to_timestamp($1::float8 / 1000) + (g * interval '10 seconds'), 26.45 + 0.02 * sin(g / 500.0), 80.33 + 0.02 * cos(g / 500.0),
             case when g % 600 < 60 then 0 else 35 end, 0, 'NR', false
      from devices d, generate_series(0, 8639) g where d.imei = $2`,
      [start, FIRST_IMEI],
    );
    await client.end();
    const [d, m, y] = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Kolkata',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    })
      .format(day)
      .split('/');
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
    print(
      `playback of a 24-hour path sampled every 10 s (8,640 positions): ${Date.now() - clicked} ms from Show route to path, stops and chart drawn`,
    );
  } finally {
    await browser.close();
    simulator.kill('SIGTERM');
    await gateway?.stop();
    await server.stop();
    await scratch.drop();
  }
}
