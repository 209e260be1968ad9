// Notify figures (issue 26): frame to webhook delivered (p50/p95/max) for overspeed alerts through the
// alert rules, with each hop's share, and ingest with the rules on against none, interleaved.
import { kindsToRun } from './before.ts';
import { DEMO_PASSWORD } from '../server/seed/demo.ts';
import { connectFleet, prepareFleet, type Kind, type SentAlerts } from './notify-fleet.ts';
import {
  accountOf,
  cpuMeter,
  hopsOf,
  postgresBackends,
  spread,
  startWebhookReceiver,
  type Hops,
} from './notify-probe.ts';
import { signIn, startServer } from './server.ts';
import { numberFromEnv } from './env.ts';

// every size by environment variable, for a quick run: BENCH_NOTIFY_VEHICLES=1000 BENCH_NOTIFY_SECONDS=10
const VEHICLES = numberFromEnv('BENCH_NOTIFY_VEHICLES', 10_000);
const INTERVAL = numberFromEnv('BENCH_NOTIFY_INTERVAL', 1);
/** Seconds of each phase (rules none, rules on). */
const SECONDS = numberFromEnv('BENCH_NOTIFY_SECONDS', 30);
/** Pairs of phases, none then on: A B A B … */
const PAIRS = numberFromEnv('BENCH_NOTIFY_PAIRS', 2);
/** The share of frames that raise an event (an AIS-140 OS, overspeed, packet). */
const EVENT_SHARE = numberFromEnv('BENCH_NOTIFY_EVENT_SHARE', 0.01);
/** After a phase's last frame, webhooks are awaited until none has come for this long. */
const DRAIN_SECONDS = numberFromEnv('BENCH_NOTIFY_DRAIN_SECONDS', 15);
/** The longest wait, after a phase, for the gateway to store every frame written (a server that cannot keep up). */
const SETTLE_SECONDS = numberFromEnv('BENCH_NOTIFY_SETTLE_SECONDS', 180);
/** Settled once nothing is left to store and the gateway has read no frame for this long. */
const QUIET_MS = 3000;
/**
 * The bench rule's throttle: a throttle is looked up for every notice, as an OVERSPEED rule's (10
 * minutes by default) is; one minute, so that a vehicle speeding again (every INTERVAL / EVENT_SHARE
 * seconds, 100 s by default) is alerted again and every event is owed a webhook.
 */
const THROTTLE_MINUTES = 1;

interface Phase {
  rulesOn: boolean;
  framesPerSecond: number;
  stored: number;
  cpu: { server: number; database: number };
  sent: SentAlerts;
  /** The gateway's own figure at the phase's end: a frame's arrival to its batch committed, its last 4,096 frames. */
  storeLatency: { p50: number; p95: number };
  /** The gateway's batches at the phase's end (their last 1,024): begin to commit, and frames per batch. */
  transactionMs: { p50: number; p95: number };
  batchFrames: { p50: number; p95: number };
  /** How late the server's event loop ran, over the last 10 s of the phase. */
  eventLoopDelayMs: { p50: number; p95: number; max: number } | null;
  /** Frames written that the gateway never read (written to sockets as they closed), and whether SETTLE_SECONDS ran out. */
  settled: { unread: number; timedOut: boolean };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function measure(kind: Kind, print: (line: string) => void) {
  const fleet = await prepareFleet(kind, VEHICLES);
  const receiver = await startWebhookReceiver();
  const port = 19500 + Math.floor(Math.random() * 400);
  const gatewayPort = port + 400;
  const server = await startServer(
    {
      ...fleet.env,
      GATEWAY_PORT: String(gatewayPort),
      WAYMARK_DEMO: '0',
      WAYMARK_SIMULATE: '0',
      WEBHOOK_ALLOW_RANGES: '127.0.0.1/32',
    },
    port,
  );
  const backends = fleet.postgres ? await postgresBackends(fleet.postgres.url, fleet.postgres.name) : null;
  const base = `http://127.0.0.1:${port}`;
  let token = await signIn(base, 'superadmin@demo.waymark.in', DEMO_PASSWORD);
  const api = async <T>(method: string, url: string, body?: object, again = true): Promise<T> => {
    const response = await fetch(`${base}/api${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    // a 10,000-vehicle run outlasts the 15-minute access token: sign in again, once
    if (response.status === 401 && again) {
      token = await signIn(base, 'superadmin@demo.waymark.in', DEMO_PASSWORD);
      return api<T>(method, url, body, false);
    }
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${(await response.text()).slice(0, 300)}`);
    return (await response.json()) as T;
  };
  const status = async () =>
    (
      await api<{
        data: {
          received: number;
          dropped: number;
          stored: { frames: number };
          backlog: number;
          storeLatencyMs: { p50: number; p95: number };
          storeTransactionMs: { p50: number; p95: number };
          storeBatchFrames: { p50: number; p95: number };
          eventLoopDelayMs: { p50: number; p95: number; max: number } | null;
        };
      }>('GET', '/gateway/status')
    ).data;
  /**
   * Until the gateway has read and stored every frame the fleet wrote, or its count of frames read
   * has stood still for QUIET_MS with nothing left to store (frames written to a socket as it closed
   * are counted written and never read); at most SETTLE_SECONDS. So a phase neither counts the one
   * before nor leaves it frames stored under the next phase's rules. Answers the frames never read.
   */
  const settle = async (written: number) => {
    const end = performance.now() + SETTLE_SECONDS * 1000;
    let last = -1;
    let stillSince = performance.now();
    for (;;) {
      const now = await status();
      const read = now.received + now.dropped;
      if (read !== last) [last, stillSince] = [read, performance.now()];
      const unread = Math.max(0, written - read);
      if (now.backlog === 0 && (!unread || performance.now() - stillSince > QUIET_MS))
        return { unread, timedOut: false };
      if (performance.now() > end) return { unread, timedOut: true };
      await sleep(500);
    }
  };

  const rule = await api<{ id: string }>('POST', '/notificationrules', {
    name: 'Bench overspeed webhook',
    eventType: 'OVERSPEED',
    channels: ['webhook'],
    webhookUrl: receiver.url,
    throttleMinutes: THROTTLE_MINUTES,
    organisationId: fleet.organisationId,
    enabled: false,
  });
  // every rule, the demo's with the bench's: "none" is none enabled (the trigger's one index look)
  const rules = await api<{ id: string; enabled: boolean }[]>('GET', '/notificationrules?range=[0,99]');
  const setRules = async (enabled: boolean) => {
    for (const r of rules) await api('PUT', `/notificationrules/${r.id}`, { enabled });
  };

  const devices = await connectFleet(gatewayPort, { vehicles: VEHICLES, interval: INTERVAL, eventShare: EVENT_SHARE });
  const phases: Phase[] = [];
  let failed = false;
  try {
    // connections log in; then a few rounds so the gateway knows every device before measuring
    await devices.drive(Math.max(3, INTERVAL * 3));
    for (let pair = 0; pair < PAIRS; pair++)
      for (const rulesOn of [false, true]) {
        await settle(devices.written());
        await setRules(rulesOn);
        const cpu = cpuMeter(server.pid, backends?.pids ?? null);
        const before = (await status()).stored.frames;
        await cpu.start();
        const t0 = performance.now();
        const { sent } = await devices.drive(SECONDS);
        const seconds = (performance.now() - t0) / 1000;
        const end = await status();
        const atEnd = end.stored.frames;
        // the phase's work includes its frames stored and its alerts delivered: the CPU is counted until they are
        const settled = await settle(devices.written());
        let arrived = receiver.arrivals.length;
        let quietSince = performance.now();
        while (rulesOn && performance.now() - quietSince < DRAIN_SECONDS * 1000) {
          const keys = new Set(receiver.arrivals.map((a) => a.key));
          if ([...sent.keys()].every((k) => keys.has(k))) break;
          await sleep(200);
          if (receiver.arrivals.length > arrived) [arrived, quietSince] = [receiver.arrivals.length, performance.now()];
        }
        const used = await cpu.stop();
        const stored = (await status()).stored.frames - before;
        phases.push({
          rulesOn,
          framesPerSecond: (atEnd - before) / seconds,
          stored,
          cpu: used,
          sent,
          storeLatency: end.storeLatencyMs,
          transactionMs: end.storeTransactionMs,
          batchFrames: end.storeBatchFrames,
          eventLoopDelayMs: end.eventLoopDelayMs,
          settled,
        });
      }
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    devices.close();
    await server.stop();
    await backends?.close();
    await receiver.close();
    if (failed) await fleet.cleanup();
  }

  // the hops, read once the server has stopped (the embedded database has one process)
  const database = await fleet.open();
  let hops: Map<string, Hops>;
  let account: Awaited<ReturnType<typeof accountOf>>;
  try {
    hops = await hopsOf(database.db, [...new Set(receiver.arrivals.map((a) => a.eventId))]);
    account = await accountOf(database.db, rule.id);
  } finally {
    await database.close();
    await fleet.cleanup();
  }
  report(kind, print, phases, receiver.arrivals, hops, account, devices.longestRoundMs(), devices.reconnects());
}

function report(
  kind: Kind,
  print: (line: string) => void,
  phases: Phase[],
  arrivals: Awaited<ReturnType<typeof startWebhookReceiver>>['arrivals'],
  hops: Map<string, Hops>,
  account: { notices: string; outbox: string },
  longestRoundMs: number,
  reconnects: number,
) {
  const p = (line: string) => print(`[${kind}] ${line}`);
  p(
    `notify: the demo's data and ${VEHICLES} vehicles of a customer of its dealer, a frame each every ${INTERVAL} s (${(VEHICLES / INTERVAL).toFixed(0)} frames/s offered), ${(EVENT_SHARE * 100).toFixed(1)}% overspeed; ${PAIRS} × (${SECONDS} s no rule enabled, ${SECONDS} s rules on: the demo's two and an OVERSPEED webhook rule of the fleet's)`,
  );
  const µs = (phase: { cpu: { server: number; database: number }; stored: number }, withDb: boolean) =>
    ((phase.cpu.server + (withDb ? phase.cpu.database : 0)) / phase.stored) * 1e6;
  const postgres = kind === 'postgres';
  p(
    `  phase  rules  stored frames/s  store p50/p95 ms  transaction p50/p95 ms  frames per batch p50/p95  event loop late p50/p95/max ms  CPU per stored frame: server${postgres ? ' (+ its PostgreSQL backends)' : ''}`,
  );
  const pair = (x: { p50: number; p95: number } | null) => (x ? `${Math.round(x.p50)}/${Math.round(x.p95)}` : '-');
  phases.forEach((phase, i) =>
    p(
      `  ${String(i + 1).padEnd(5)}  ${(phase.rulesOn ? 'on' : 'none').padEnd(5)}  ${phase.framesPerSecond.toFixed(0).padStart(15)}  ${pair(phase.storeLatency).padStart(16)}  ${pair(phase.transactionMs).padStart(22)}  ${pair(phase.batchFrames).padStart(25)}  ${(phase.eventLoopDelayMs ? `${pair(phase.eventLoopDelayMs)}/${Math.round(phase.eventLoopDelayMs.max)}` : '-').padStart(30)}  ${µs(phase, false).toFixed(0)} µs${postgres ? ` (${µs(phase, true).toFixed(0)} µs)` : ''}${phase.settled.unread ? `  (${phase.settled.unread} frames written never read${phase.settled.timedOut ? `, still unstored ${SETTLE_SECONDS} s after` : ''})` : ''}`,
    ),
  );
  const total = (on: boolean) => {
    const chosen = phases.filter((x) => x.rulesOn === on);
    return {
      framesPerSecond: chosen.reduce((s, x) => s + x.framesPerSecond, 0) / chosen.length,
      stored: chosen.reduce((s, x) => s + x.stored, 0),
      cpu: {
        server: chosen.reduce((s, x) => s + x.cpu.server, 0),
        database: chosen.reduce((s, x) => s + x.cpu.database, 0),
      },
    };
  };
  const none = total(false);
  const on = total(true);
  const rate = on.framesPerSecond / none.framesPerSecond;
  p(
    `  rules on / none: frames stored per second ×${rate.toFixed(3)} (${((1 - rate) * 100).toFixed(1)}% slower; goal ≤ 10%), CPU per stored frame ×${(µs(on, false) / µs(none, false)).toFixed(3)} server${postgres ? `, ×${(µs(on, true) / µs(none, true)).toFixed(3)} server + backends` : ''}`,
  );

  const sent = new Map<string, number>();
  for (const phase of phases) if (phase.rulesOn) for (const [key, at] of phase.sent) sent.set(key, at);
  const firstByKey = new Map<string, (typeof arrivals)[number]>();
  for (const a of arrivals) if (!firstByKey.has(a.key) || firstByKey.get(a.key)!.at > a.at) firstByKey.set(a.key, a);
  const matched = [...sent.keys()].filter((k) => firstByKey.has(k));
  const repeated = arrivals.length - new Set(arrivals.map((a) => a.id)).size;
  p(
    `  alerts: ${sent.size} overspeed frames sent with the rules on; notices ${account.notices}; webhook outbox rows ${account.outbox}; received ${matched.length} (missing ${sent.size - matched.length}, repeated deliveries ${repeated}, for no frame of a rules-on phase ${firstByKey.size - matched.length})`,
  );
  const delivered = matched.map((key) => ({ sent: sent.get(key)!, arrival: firstByKey.get(key)! }));
  p(
    `  frame written by the device → webhook received: ${spread(delivered.map((d) => d.arrival.at - d.sent))} (goal p95 ≤ 2000 ms)`,
  );
  const traced = delivered
    .map((d) => ({ ...d, hops: hops.get(d.arrival.eventId) }))
    .filter((d): d is typeof d & { hops: Hops } => !!d.hops);
  p(`  frame read by the gateway → webhook received: ${spread(traced.map((d) => d.arrival.at - d.hops.received))}`);
  const claimed = traced.filter((d) => d.hops.claimed !== null);
  type Traced = (typeof claimed)[number];
  const steps: [string, Traced[], (d: Traced) => number][] = [
    ['written → read by the gateway', traced, (d) => d.hops.received - d.sent],
    ['read → store transaction began', traced, (d) => d.hops.stored - d.hops.received],
    ['store transaction began → processor began', claimed, (d) => d.hops.processing! - d.hops.stored],
    ['processor began → notice decided', claimed, (d) => d.hops.decided - d.hops.processing!],
    ['notice decided → outbox row claimed', claimed, (d) => d.hops.claimed! - d.hops.decided],
    ['claimed → webhook received', claimed, (d) => d.arrival.at - d.hops.claimed!],
  ];
  p(`  each hop, ${traced.length} alerts traced (${claimed.length} delivered at the first try):`);
  for (const [name, rows, time] of steps) p(`    ${name.padEnd(42)} ${spread(rows.map(time))}`);
  p(
    `  (the bench's own longest round of writes: ${longestRoundMs.toFixed(0)} ms, a webhook arriving then waits; connections closed and opened again: ${reconnects})`,
  );
}

export async function notifyFigures(
  print: (line: string) => void,
  kinds: readonly Kind[] = kindsToRun<Kind>(['pglite']),
) {
  for (const kind of kinds) await measure(kind, print);
}
