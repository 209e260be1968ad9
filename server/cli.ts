import { loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { buildApp } from './app.ts';
import { firstStart, keepGeneratedPassword } from './seed/first-start.ts';
import { startUpNotices } from './start-up-notices.ts';
import { seedDemo } from './seed/demo.ts';
import { buildConsoleIfNeeded } from './build.ts';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { frameStoreFor, startGateway } from './gateway/index.ts';
import { Gateway } from './gateway/server.ts';
import { LiveFeed } from './tracking/live.ts';
import { startSimulator } from './simulator/simulator.ts';
import { storedDays } from './simulator/stored-days.ts';
import { DEMO_FIRST_IMEI, DEMO_DEVICE_COUNT } from './seed/demo.ts';
import { fitsRule, rules } from '../core/rules.ts';

const usage = `usage: waymark [command] [options]

commands:
  serve      console, API and gateway in one process (default)
             --build-if-needed  build the console first when its sources changed
             --demo             seed demo data unless WAYMARK_DEMO=0
  migrate    apply database migrations and exit
  simulate   drive virtual AIS-140 devices over TCP
             --devices N (12)  --interval S seconds (5)  --host (127.0.0.1)
             --port (GATEWAY_PORT)  --first-imei (the demo devices' first IMEI)
  gateway    run the AIS-140 TCP gateway alone, on GATEWAY_PORT

configuration comes from the environment; see README.md`;

async function serve(config: Config, buildIfNeeded: boolean) {
  const started = Date.now();
  if (buildIfNeeded) buildConsoleIfNeeded((m) => console.log(m));
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    readUrl: config.databaseReadUrl,
    dataDir: config.dataDir,
    pool: config.databasePool,
  });
  const app = await buildApp({ config, database });
  app.addHook('onClose', async () => database.close());
  const generated = await firstStart(database.db, app.log, {
    email: config.adminEmail,
    password: config.adminPassword,
  });
  const passwordFile = generated ? keepGeneratedPassword(config.dataDir, generated) : null;
  if (config.demo) await seedDemo(app, database.db, app.log);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received; closing`);
    try {
      await simulator?.stop();
      await gateway.close();
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  const { gateway, port: gatewayPort } = await startGateway(app, database, {
    port: config.gatewayPort,
    host: config.host,
    admission: config.gatewayQueue,
  });
  // the demo fleet drives around Kanpur so a newcomer sees vehicles move on the live map, and, in
  // the background, sends its vehicles' last days as history so the reports have days to show
  const simulator =
    config.demo && config.simulate
      ? startSimulator({
          host: '127.0.0.1',
          port: gatewayPort,
          devices: DEMO_DEVICE_COUNT,
          firstImei: DEMO_FIRST_IMEI,
          intervalSeconds: 2,
          backfill: config.backfillDays
            ? {
                days: config.backfillDays,
                plan: (imeis, from, until) => storedDays(database.db, imeis, from, until),
                onDone: ({ devices, days, frames, ms }) =>
                  app.log.info(
                    `demo history sent: ${days} days of ${devices} vehicles, ${frames} frames in ${Math.round(ms / 1000)} s`,
                  ),
              }
            : undefined,
        })
      : null;
  await app.listen({ port: config.port, host: config.host });
  const where = database.kind === 'postgres' ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  app.log.info(
    `Waymark ready on http://localhost:${config.port} (${where}, brand ${config.brand}) in ${Date.now() - started} ms`,
  );
  // printed last and outside the log (once the log's buffered lines are out), so they are not lost among them
  const notices = startUpNotices(config, generated && passwordFile ? { generated, file: passwordFile } : undefined);
  if (notices.length) {
    const logStream = (app.log as unknown as Record<symbol, { flushSync?: () => void } | undefined>)[
      pino.symbols.streamSym
    ];
    logStream?.flushSync?.();
    process.stdout.write(`\n${notices.join('\n\n')}\n\n`);
  }
}

async function main(argv: string[]) {
  const [command, ...rest] = argv[0] && !argv[0].startsWith('--') ? argv : ['serve', ...argv];
  switch (command) {
    case 'serve': {
      // --demo turns demo data on by default; WAYMARK_DEMO=0 still turns it off
      const config = loadConfig(process.env, { demo: rest.includes('--demo') });
      return serve(config, rest.includes('--build-if-needed'));
    }
    case 'migrate': {
      const config = loadConfig();
      const database = await openDatabase({
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
        pool: config.databasePool,
      });
      await database.close();
      console.log('Migrations applied');
      return;
    }
    case 'simulate': {
      const config = loadConfig();
      const { values } = parseArgs({
        args: rest,
        options: {
          devices: { type: 'string', default: String(DEMO_DEVICE_COUNT) },
          interval: { type: 'string', default: '5' },
          host: { type: 'string', default: '127.0.0.1' },
          port: { type: 'string', default: String(config.gatewayPort) },
          'first-imei': { type: 'string', default: DEMO_FIRST_IMEI },
        },
      });
      const devices = Number(values.devices);
      const interval = Number(values.interval);
      if (!Number.isInteger(devices) || devices < 1 || devices > 100_000)
        throw new Error('--devices must be a whole number from 1 to 100000');
      if (!(interval >= 0.1 && interval <= 3600)) throw new Error('--interval must be from 0.1 to 3600 seconds');
      if (!fitsRule(rules.imei, values['first-imei'])) throw new Error('--first-imei must be 15 digits');
      const simulator = startSimulator({
        host: values.host,
        port: Number(values.port),
        devices,
        intervalSeconds: interval,
        firstImei: values['first-imei'],
        spread: devices > 50,
        onError: () => undefined,
      });
      console.log(`Simulating ${devices} devices every ${interval} s against ${values.host}:${values.port}`);
      const report = setInterval(
        () => console.log(`${simulator.connected} connected, ${simulator.sent} frames sent`),
        10_000,
      );
      const stop = () => {
        clearInterval(report);
        void simulator.stop().then(() => {
          console.log(`stopped: ${simulator.sent} frames sent`);
          process.exit(0);
        });
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
      return;
    }
    case 'gateway': {
      const config = loadConfig();
      const log = pino({ level: config.logLevel });
      const database = await openDatabase({
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
        pool: config.databasePool,
      });
      const live = new LiveFeed(database, config.liveHopTimes);
      const store = frameStoreFor(database, live);
      const gateway = new Gateway(
        store,
        database.db,
        { port: config.gatewayPort, host: config.host, admission: config.gatewayQueue },
        log,
      );
      const port = await gateway.listen();
      log.info(`AIS-140 gateway listening on TCP port ${port}`);
      // a gateway alone has no HTTP status page: it logs its status instead
      const report = setInterval(() => log.info({ gateway: gateway.status() }, 'gateway status'), 5000);
      const stop = () => {
        clearInterval(report);
        void gateway
          .close()
          .then(() => log.info({ gateway: gateway.status() }, 'gateway stopped'))
          .then(() => database.close())
          .then(() => process.exit(0));
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
      return;
    }
    case 'help':
    case '--help':
      console.log(usage);
      return;
    default:
      console.error(usage);
      process.exit(2);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
