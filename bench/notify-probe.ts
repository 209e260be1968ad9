// What the notify bench reads beside the server: a webhook receiver, the CPU the server (and its
// PostgreSQL backends) used, and each alert's way through the database (per-hop timestamps).
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { execFileSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.ts';
import { query } from '../server/resources/sql.ts';
import { wallMs } from './notify-fleet.ts';

export interface Arrival {
  /** The delivery id (`webhook-id`). */
  id: string;
  eventId: string;
  /** `registration|eventTime`, as the fleet keyed what it sent. */
  key: string;
  at: number;
}

/** A local webhook endpoint: every request's delivery id, event and arrival time (wall ms). */
export async function startWebhookReceiver() {
  const arrivals: Arrival[] = [];
  const server = http.createServer((request, response) => {
    const at = wallMs();
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const data = (JSON.parse(body) as { data: { eventId: string; registrationNumber: string; eventTime: string } })
        .data;
      arrivals.push({
        id: String(request.headers['webhook-id']),
        eventId: data.eventId,
        key: `${data.registrationNumber}|${data.eventTime}`,
        at,
      });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/bench-hook`,
    arrivals,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** utime + stime of a process, in ticks, or null once it is gone. */
function cpuTicks(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the fields after the command name, which may hold spaces: state is field 3, utime 14, stime 15
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/**
 * The CPU seconds of the server process and of the PostgreSQL backends connected to its database,
 * from start() to stop(). Backends come and go (a pool closes an idle connection): they are looked
 * at every `everyMs`, each counted from its first look (in full when it appeared after start) to
 * its last, so a backend ending between looks loses at most that slice.
 */
export function cpuMeter(serverPid: number, backends: (() => Promise<number[]>) | null, everyMs = 500) {
  let serverStart = 0;
  let serverLast = 0;
  const firstSeen = new Map<number, number>();
  const lastSeen = new Map<number, number>();
  let timer: NodeJS.Timeout | null = null;
  let looking: Promise<void> = Promise.resolve();
  const look = async (initial: boolean) => {
    serverLast = cpuTicks(serverPid) ?? serverLast;
    for (const pid of backends ? await backends() : []) {
      const ticks = cpuTicks(pid);
      if (ticks === null) continue;
      if (!firstSeen.has(pid)) firstSeen.set(pid, initial ? ticks : 0);
      lastSeen.set(pid, ticks);
    }
  };
  return {
    async start() {
      firstSeen.clear();
      lastSeen.clear();
      await look(true);
      serverStart = serverLast;
      timer = setInterval(() => (looking = looking.then(() => look(false)).catch(() => undefined)), everyMs);
    },
    async stop(): Promise<{ server: number; database: number }> {
      if (timer) clearInterval(timer);
      await looking;
      await look(false);
      let database = 0;
      for (const [pid, last] of lastSeen) database += last - firstSeen.get(pid)!;
      return { server: (serverLast - serverStart) / TICKS_PER_SECOND, database: database / TICKS_PER_SECOND };
    },
  };
}

/** The PostgreSQL backends of a database (its client connections: API, ingest, LISTEN), not this look's own. */
export async function postgresBackends(url: string, databaseName: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    pids: async () =>
      (
        await client.query<{ pid: number }>(
          'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [databaseName],
        )
      ).rows.map((r) => Number(r.pid)),
    close: () => client.end(),
  };
}

/** The worker's claim moves a row's next try this far ahead (server/notify/worker.ts, leaseMs): the claim time is next_attempt_at less this. */
const LEASE_MS = 120_000;

export interface Hops {
  eventId: string;
  /** The gateway read the frame (positions.received_at). */
  received: number;
  /** The store's transaction that wrote the event and, by the trigger, its notice began (events.created_at: now()). */
  stored: number;
  /** The notice processor's transaction that decided it began (outbox.created_at: now()). */
  processing: number | null;
  /** The notice processor decided it (notices.decided_at, its clock as it looked at this notice). */
  decided: number;
  /** The delivery worker claimed the outbox row (next_attempt_at less the lease, first try). */
  claimed: number | null;
  /** The worker recorded the receiver's answer (outbox.sent_at). */
  answered: number | null;
}

/** Each delivered event's timestamps along its way, from the database after the run. */
export async function hopsOf(db: Db, eventIds: string[]): Promise<Map<string, Hops>> {
  const hops = new Map<string, Hops>();
  for (let i = 0; i < eventIds.length; i += 1000) {
    const ids = eventIds.slice(i, i + 1000);
    const rows = await query<Record<keyof Hops, string | number | null>>(
      db,
      sql`select e.id::text as "eventId",
        (select extract(epoch from min(p.received_at)) * 1000 from positions p
          where p.device_id = e.device_id and p.fix_time = e.event_time) as received,
        extract(epoch from e.created_at) * 1000 as stored,
        (select extract(epoch from min(n.decided_at)) * 1000 from notices n where n.event_id = e.id) as decided,
        extract(epoch from o.created_at) * 1000 as processing,
        extract(epoch from o.next_attempt_at) * 1000 - ${LEASE_MS} as claimed,
        extract(epoch from o.sent_at) * 1000 as answered
      from events e
      left join outbox o on o.channel = 'webhook' and o.options->'data'->>'eventId' = e.id::text and o.attempts = 1
      where e.id in (${sql.join(
        ids.map((id) => sql`${id}::bigint`),
        sql`, `,
      )})`,
    );
    for (const row of rows) {
      const n = (v: string | number | null) => (v === null ? null : Number(v));
      hops.set(String(row.eventId), {
        eventId: String(row.eventId),
        received: n(row.received)!,
        stored: n(row.stored)!,
        processing: n(row.processing),
        decided: n(row.decided)!,
        claimed: n(row.claimed),
        answered: n(row.answered),
      });
    }
  }
  return hops;
}

/** The notices of a rule by status, and its webhook deliveries by status. */
export async function accountOf(db: Db, ruleId: string) {
  const notices = await query<{ status: string; count: number }>(
    db,
    sql`select status, count(*)::int as count from notices where rule_id = ${ruleId}::uuid group by status order by status`,
  );
  const outbox = await query<{ status: string; count: number }>(
    db,
    sql`select status, count(*)::int as count from outbox where channel = 'webhook' and options->'data'->>'ruleId' = ${ruleId}
      group by status order by status`,
  );
  const line = (rows: { status: string; count: number }[]) =>
    rows.map((r) => `${r.status} ${r.count}`).join(', ') || 'none';
  return { notices: line(notices), outbox: line(outbox) };
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : NaN;

/** p50 / p95 / max of some milliseconds, as printed. */
export function spread(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return 'none';
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  return `p50 ${ms(percentile(sorted, 0.5))}, p95 ${ms(percentile(sorted, 0.95))}, max ${ms(sorted.at(-1)!)}`;
}
