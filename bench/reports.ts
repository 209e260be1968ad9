// Report figures: the report and dashboard endpoints over a loaded fleet (bench/report-data.ts), on PostgreSQL and PGlite.
// `npm run bench -- reports [--vehicles N] [--days D] [--db postgres|pglite]`: small sizes try it quickly (20 × 3).
import { signIn, startServer } from './server.ts';
import {
  adminUrl,
  loadReportData,
  PASSWORD,
  reportBenchOptions,
  sizeFor,
  USERS,
  type ReportData,
} from './report-data.ts';

const RUNS = 5;

/** Median server time of RUNS requests (after one warm-up), or why there is none. */
async function time(base: string, token: string, url: string): Promise<string> {
  const get = () => fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
  const first = await get();
  if (first.status === 404) return 'not available';
  if (!first.ok) return `answers ${first.status}: ${(await first.text()).slice(0, 120)}`;
  await first.arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const response = await get();
    await response.arrayBuffer();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return `${times[Math.floor(RUNS / 2)]!.toFixed(0)} ms (min ${times[0]!.toFixed(0)}, max ${times.at(-1)!.toFixed(0)})`;
}

/**
 * A report page's view two ways, interleaved (A, B, A, B, ...) after a warm-up of each so both meet
 * the same caches and load: the three calls the page used to make at once (the list, the totals and
 * the chart: at least three runs of the rows) and the one /view call (one run). Medians, and their ratio.
 */
async function viewFigure(base: string, token: string, api: string, query: string): Promise<string> {
  const get = async (url: string) => {
    const response = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${(await response.text()).slice(0, 120)}`);
    await response.arrayBuffer();
  };
  const filterOnly = query.replace(/&range=[^&]*/, '');
  const three = () =>
    Promise.all([get(`${api}?${query}`), get(`${api}/totals?${filterOnly}`), get(`${api}/chart?${filterOnly}`)]);
  const one = () => get(`${api}/view?${query}`);
  await three();
  await one();
  const [threeTimes, oneTimes]: number[][] = [[], []];
  for (let i = 0; i < RUNS * 2; i++) {
    for (const [run, times] of [
      [three, threeTimes],
      [one, oneTimes],
    ] as const) {
      const t = performance.now();
      await run();
      times.push(performance.now() - t);
    }
  }
  const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  const [a, b] = [median(threeTimes), median(oneTimes)];
  return `list + totals + chart ${a.toFixed(0)} ms, /view ${b.toFixed(0)} ms: ${(a / b).toFixed(2)}×`;
}

export async function figures(data: ReportData, print: (line: string) => void) {
  const port = 19600 + Math.floor(Math.random() * 300);
  const server = await startServer({ ...data.env, WAYMARK_DEMO: '0', GATEWAY_PORT: String(port + 300) }, port);
  try {
    const base = `http://127.0.0.1:${port}`;
    const customer = await signIn(base, USERS.customer, PASSWORD);
    const vehicles = await fetch(`${base}/api/vehicle/statuses?sort=["registrationNumber","ASC"]&range=[0,0]`, {
      headers: { authorization: `Bearer ${customer}` },
    });
    if (!vehicles.ok) throw new Error(`the fleet's vehicles: ${vehicles.status} ${await vehicles.text()}`);
    const [vehicle] = (await vehicles.json()) as { id: string }[];
    const filter = encodeURIComponent(JSON.stringify({ from: data.from, to: data.to }));
    const lastDay = new Date(Date.parse(data.to) - 86_400_000 + 330 * 60_000).toISOString().slice(0, 10);
    const endpoints: [string, string][] = [
      ['daily run, first page', `/api/report/daily-run?filter=${filter}&range=[0,49]`],
      ['daily run, totals', `/api/report/daily-run/totals?filter=${filter}`],
      ['monthly summary', `/api/report/monthly-summary?filter=${filter}&range=[0,49]`],
      ['alerts, first page', `/api/report/alertv2?filter=${filter}&range=[0,49]`],
      // the alert page asks for these beside the first page
      ['alerts, totals', `/api/report/alertv2/totals?filter=${filter}`],
      ['alerts, chart by type', `/api/report/alertv2/chart?filter=${filter}`],
      [
        `one vehicle's timeline, ${lastDay}`,
        `/api/vehicle/trips/timelinev2?vehicleId=${vehicle?.id ?? ''}&day=${lastDay}`,
      ],
      ['dashboard summary', '/api/dashboard/summary'],
      // an endpoint that exists today, reading positions (partitioned) directly: a yardstick for the others
      [
        `one vehicle's playback, ${lastDay}`,
        `/api/vehicle/position/playback?vehicleId=${vehicle?.id ?? ''}&from=${new Date(Date.parse(data.to) - 86_400_000).toISOString()}&to=${data.to}`,
      ],
    ];
    print(
      `[${data.kind}] ${data.vehicles} vehicles × ${data.days} days (${data.positions.toLocaleString('en')} positions), as the fleet's customer, median of ${RUNS}:`,
    );
    for (const [name, url] of endpoints) print(`  ${name.padEnd(40)} ${await time(base, customer, url)}`);
    // what one view of a report page costs: the page's three calls of before against its one call (interleaved)
    for (const [name, api, sort] of [
      ['daily run', '/api/report/daily-run', '["day","DESC"]'],
      ['total run', '/api/report/total-run', '["distance","DESC"]'],
      ['alerts', '/api/report/alertv2', '["eventTime","DESC"]'],
    ] as const) {
      const query = `filter=${filter}&sort=${encodeURIComponent(sort)}&range=[0,9]`;
      print(`  ${`${name}, one page view`.padEnd(40)} ${await viewFigure(base, customer, api, query)}`);
    }
  } finally {
    await server.stop();
  }
}

export async function reportFigures(argv: string[], print: (line: string) => void) {
  const options = reportBenchOptions(argv);
  for (const kind of options.db ? [options.db] : (['postgres', 'pglite'] as const)) {
    const data = await loadReportData({ kind, ...sizeFor(kind, options), adminUrl: adminUrl() }, print);
    try {
      await figures(data, print);
    } finally {
      await data.drop();
    }
  }
}
