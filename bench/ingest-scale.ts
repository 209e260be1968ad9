// Ingest across processes: 1, 2 and 4 gateway processes (beside 2 web processes) on one PostgreSQL,
// each driven by its own simulator. Frames the gateways received are compared with raw logs stored:
// none lost or doubled (frames still in socket buffers when the simulators stop were never received).
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client.ts';
import { createScratchDatabase } from '../server/db/scratch.ts';
import { query } from '../server/resources/sql.ts';
import { FIRST_IMEI, seedFleet } from './ingest.ts';
import { startChild, startServer } from './server.ts';
import { numberFromEnv } from './env.ts';

const DEVICES = numberFromEnv('BENCH_SCALE_DEVICES', 20_000);
const INTERVAL = numberFromEnv('BENCH_SCALE_INTERVAL', 0.5);
const SECONDS = numberFromEnv('BENCH_SCALE_SECONDS', 45);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface GatewayStatus {
  received: number;
  storeLatencyMs: { p50: number | null; p95: number | null };
  stored: { frames: number };
}
const lastStatus = (lines: string[]): GatewayStatus | undefined => {
  for (let i = lines.length - 1; i >= 0; i--) {
    try {
      const entry = JSON.parse(lines[i]!) as { gateway?: GatewayStatus };
      if (entry.gateway) return entry.gateway;
    } catch {
      /* not a log line */
    }
  }
  return undefined;
};

async function measure(gateways: number) {
  const scratch = await createScratchDatabase(
    process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    'waymark_scale',
  );
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: null });
  const counts = async () => {
    const [row] = await query<{ frames: string; positions: string }>(
      database.db,
      sql`select (select count(*) from raw_logs)::bigint as frames, (select count(*) from positions)::bigint as positions`,
    );
    return { frames: Number(row!.frames), positions: Number(row!.positions) };
  };
  const base = 20_000 + Math.floor(Math.random() * 1000);
  const env = { DATABASE_URL: scratch.url, WAYMARK_DEMO: '0', LOG_LEVEL: 'info' };
  const stops: (() => Promise<unknown>)[] = [];
  try {
    await seedFleet(scratch.url, null, DEVICES);
    for (let w = 0; w < 2; w++) {
      const web = await startServer(
        { ...env, LOG_LEVEL: 'warn', GATEWAY_PORT: String(base + 900 + w) },
        base + 800 + w,
      );
      stops.push(web.stop);
    }
    const gatewayChildren = Array.from({ length: gateways }, (_, g) =>
      startChild(['gateway'], { ...env, GATEWAY_PORT: String(base + g) }),
    );
    for (const gateway of gatewayChildren) await gateway.printed('gateway listening');
    const perGateway = Math.floor(DEVICES / gateways);
    const simulators = gatewayChildren.map((_, g) =>
      startChild(
        [
          'simulate',
          '--devices',
          String(perGateway),
          '--interval',
          String(INTERVAL),
          '--port',
          String(base + g),
          '--first-imei',
          (BigInt(FIRST_IMEI) + BigInt(g * perGateway)).toString(),
        ],
        env,
      ),
    );
    await sleep(Math.max(10, INTERVAL * 3) * 1000); // every connection logged in
    const before = await counts();
    const t0 = performance.now();
    await sleep(SECONDS * 1000);
    const after = await counts();
    const seconds = (performance.now() - t0) / 1000;
    await Promise.all(simulators.map((s) => s.stop()));
    const sent = simulators.reduce(
      (sum, s) => sum + Number(s.lines.find((l) => l.startsWith('stopped:'))?.match(/(\d+) frames sent/)?.[1] ?? NaN),
      0,
    );
    await Promise.all(gatewayChildren.map((g) => g.stop()));
    const statuses = gatewayChildren.map((g) => lastStatus(g.lines));
    const stored = await counts();
    const [dup] = await query<{ doubled: string }>(
      database.db,
      sql`select count(*)::bigint - count(distinct (imei, frame))::bigint as doubled from raw_logs`,
    );
    return {
      gateways,
      seconds,
      framesPerSecond: (after.frames - before.frames) / seconds,
      positionsPerSecond: (after.positions - before.positions) / seconds,
      p95: Math.max(...statuses.map((s) => s?.storeLatencyMs.p95 ?? NaN)),
      p50: Math.max(...statuses.map((s) => s?.storeLatencyMs.p50 ?? NaN)),
      sent,
      received: statuses.reduce((sum, s) => sum + (s?.received ?? NaN), 0),
      storedByGateways: statuses.reduce((sum, s) => sum + (s?.stored.frames ?? NaN), 0),
      stored: stored.frames,
      doubled: Number(dup!.doubled),
    };
  } finally {
    for (const stop of stops.reverse()) await stop();
    await database.close();
    await scratch.drop();
  }
}

export async function ingestScaleFigures(
  print: (line: string) => void,
  counts = (process.env.BENCH_SCALE_GATEWAYS ?? '1,2,4').split(',').map(Number),
) {
  print(
    `[postgres] ingest across processes: ${DEVICES} devices every ${INTERVAL} s (${(DEVICES / INTERVAL).toFixed(0)} frames/s offered), 2 web processes, ${SECONDS} s each`,
  );
  for (const gateways of counts) {
    const f = await measure(gateways);
    print(
      `[postgres]   ${gateways} gateway process${gateways === 1 ? '' : 'es'}: stored ${f.framesPerSecond.toFixed(0)} frames/s (${f.positionsPerSecond.toFixed(0)} positions/s), store p50 ${f.p50} ms, p95 ${f.p95} ms`,
    );
    print(
      `[postgres]     frames: ${f.sent} written by the simulators, ${f.received} received by the gateways, ${f.stored} in raw_logs: lost ${f.received - f.stored}, doubled ${f.doubled}`,
    );
  }
}
