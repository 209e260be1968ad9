// The notify bench's fleet: the demo's data with a customer of N vehicles added under its dealer, and
// those vehicles as devices over the real TCP gateway, each frame's send time kept.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client.ts';
import { createScratchDatabase } from '../server/db/scratch.ts';
import { createOrganisation } from '../server/organisations/service.ts';
import { query } from '../server/resources/sql.ts';
import { loginFrame, normalFrame, type DeviceState } from '../server/simulator/frames.ts';
import { startServer } from './server.ts';

export type Kind = 'postgres' | 'pglite';

/** Not the demo's IMEIs (868347070…) nor the ingest bench's (869…). */
export const FLEET_FIRST_IMEI = '867000000000000';
const registrationOf = (i: number) => `BN${String(i).padStart(6, '0')}`;

/** Wall-clock milliseconds with sub-millisecond precision: comparable with the server's and the database's clocks. */
export const wallMs = () => performance.timeOrigin + performance.now();

export interface Fleet {
  /** The server's environment for this database. */
  env: Record<string, string>;
  /** The customer organisation holding the bench's vehicles. */
  organisationId: string;
  /** Opens the database, for reading what the server wrote once it has stopped (PGlite has one process). */
  open: () => ReturnType<typeof openDatabase>;
  /** The PostgreSQL database (its backends are counted with the server's CPU), null on PGlite. */
  postgres: { url: string; name: string } | null;
  cleanup: () => Promise<void>;
}

/**
 * The demo as `waymark serve --demo` seeds it (organisations, users, wallets, its alert rules, 12
 * devices), then a customer "Bench Haulage" under the demo dealer with `vehicles` devices, each
 * INSTALLED and fitted to a vehicle, written directly (10,000 through the API would take long).
 */
export async function prepareFleet(kind: Kind, vehicles: number): Promise<Fleet> {
  let env: Record<string, string>;
  let postgres: Fleet['postgres'] = null;
  let cleanup: () => Promise<void>;
  let open: Fleet['open'];
  if (kind === 'postgres') {
    const scratch = await createScratchDatabase(
      process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      'waymark_notify',
    );
    env = { DATABASE_URL: scratch.url };
    postgres = { url: scratch.url, name: scratch.name };
    cleanup = scratch.drop;
    open = () => openDatabase({ databaseUrl: scratch.url, dataDir: null, pool: { api: 2, ingest: 1 } });
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-notify-'));
    env = { DATA_DIR: dataDir };
    cleanup = async () => fs.rmSync(dataDir, { recursive: true, force: true });
    open = () => openDatabase({ dataDir });
  }
  const port = 19100 + Math.floor(Math.random() * 300);
  const demo = await startServer(
    { ...env, WAYMARK_DEMO: '1', WAYMARK_SIMULATE: '0', GATEWAY_PORT: String(port + 300) },
    port,
    ['--demo'],
  );
  await demo.stop();

  const database = await open();
  const { db } = database;
  const [dealer] = await query<{ id: string }>(
    db,
    sql`select id from organisations where trade_name = 'Metro Auto Dealers'`,
  );
  if (!dealer) throw new Error('the demo has no dealer "Metro Auto Dealers"');
  const fleet = await createOrganisation(db, {
    parentId: dealer.id,
    tradeName: 'Bench Haulage',
    brandName: 'Bench Haulage',
    email: 'fleet@benchhaulage.in',
  });
  await db.execute(sql`insert into devices (imei, status, organisation_id)
    select (${FLEET_FIRST_IMEI}::bigint + g)::text, 'INSTALLED', ${fleet.id}::uuid from generate_series(0, ${vehicles - 1}) g`);
  await db.execute(sql`insert into vehicles (name, registration_number, category, device_id, organisation_id)
    select 'Bench ' || g, 'BN' || lpad(g::text, 6, '0'), 'TRUCK', d.id, ${fleet.id}::uuid
    from devices d, lateral (select (d.imei::bigint - ${FLEET_FIRST_IMEI}::bigint) as g) n
    where d.organisation_id = ${fleet.id}::uuid`);
  await database.close();
  return { env, organisationId: fleet.id, open, postgres, cleanup };
}

export interface FleetOptions {
  vehicles: number;
  /** Seconds between two frames of a vehicle. */
  interval: number;
  /** The share of frames that are overspeed (OS) packets. */
  eventShare: number;
}

/** Per overspeed frame sent: when it was written to its socket (wall ms), by `registration|eventTime` (the webhook's data names both). */
export type SentAlerts = Map<string, number>;

/**
 * The fleet as devices over TCP, one socket each: a normal frame per vehicle every interval, of
 * which `eventShare` are overspeed (OS) frames at 95 km/h from vehicles taken in turn, so a vehicle
 * speeds again only `interval / eventShare` seconds later (100 s by default).
 */
export async function connectFleet(port: number, options: FleetOptions) {
  const { vehicles, interval, eventShare } = options;
  const sockets: net.Socket[] = [];
  /** Frames written to open sockets so far, logins included (a frame written to a closed one was never offered). */
  let written = 0;
  /** Connections the gateway closed or that failed, each opened again a second later as a device does. */
  let reconnects = 0;
  const devices: DeviceState[] = [];
  const open = (i: number) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => {});
    socket.on('close', () => {
      if (closing) return;
      reconnects += 1;
      setTimeout(() => open(i), 1000);
    });
    socket.resume();
    socket.write(loginFrame(devices[i]!));
    written += 1;
    sockets[i] = socket;
  };
  let closing = false;
  for (let i = 0; i < vehicles; i++) {
    devices.push({
      imei: (BigInt(FLEET_FIRST_IMEI) + BigInt(i)).toString(),
      registration: registrationOf(i),
      latitude: 26.45 + (i % 100) * 0.001,
      longitude: 80.33 + Math.floor(i / 100) * 0.001,
      speed: 30,
      heading: 90,
      ignition: true,
      frameNumber: 0,
    });
    open(i);
    if (i % 500 === 499) await new Promise((r) => setTimeout(r, 50));
  }
  let nextSpeeder = 0;
  /** The longest a round of writes held the bench's event loop (a webhook arriving then is timed late by up to this). */
  let longestRoundMs = 0;
  /** Sends frames for `seconds`; answers the overspeed frames sent and the frames written. */
  const drive = async (seconds: number) => {
    const sent: SentAlerts = new Map();
    let frames = 0;
    const perRound = Math.max(1, Math.round(vehicles * eventShare));
    const end = performance.now() + seconds * 1000;
    while (performance.now() < end) {
      const round = performance.now();
      const speeders = new Set<number>();
      for (let k = 0; k < perRound; k++) {
        speeders.add(nextSpeeder);
        nextSpeeder = (nextSpeeder + 1) % vehicles;
      }
      // a tenth of the fleet every tenth of the interval, as devices' clocks are spread, not all at once
      const slices = 10;
      for (let slice = 0; slice < slices; slice++) {
        const sliceStart = performance.now();
        const time = new Date(Math.floor(Date.now() / 1000) * 1000);
        const eventTime = time.toISOString();
        for (let i = slice; i < vehicles; i += slices) {
          const device = devices[i]!;
          const socket = sockets[i]!;
          if (socket.destroyed || socket.connecting) continue;
          device.frameNumber += 1;
          const speeding = speeders.has(i);
          device.speed = speeding ? 95 : 30;
          socket.write(normalFrame(device, time, speeding ? { type: 'OS', alertId: 17 } : undefined));
          if (speeding) sent.set(`${device.registration}|${eventTime}`, wallMs());
          frames += 1;
          written += 1;
        }
        longestRoundMs = Math.max(longestRoundMs, performance.now() - sliceStart);
        if (slice < slices - 1) await new Promise((r) => setTimeout(r, (interval * 1000) / slices));
      }
      await new Promise((r) => setTimeout(r, Math.max(0, interval * 1000 - (performance.now() - round))));
    }
    return { sent, frames };
  };
  return {
    drive,
    longestRoundMs: () => longestRoundMs,
    written: () => written,
    reconnects: () => reconnects,
    close: () => {
      closing = true;
      sockets.forEach((s) => s.destroy());
    },
  };
}
