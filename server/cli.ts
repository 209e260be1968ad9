import { loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { buildApp } from './app.ts';
import { firstStart } from './seed/first-start.ts';
import { seedDemo } from './seed/demo.ts';
import { buildConsoleIfNeeded } from './build.ts';

const usage = `usage: waymark [command] [options]

commands:
  serve      console, API and gateway in one process (default)
             --build-if-needed  build the console first when its sources changed
             --demo             seed demo data unless WAYMARK_DEMO=0
  migrate    apply database migrations and exit
  simulate   drive virtual AIS-140 devices (arrives with the tracking work)
  gateway    run the AIS-140 TCP gateway alone (arrives with the tracking work)

configuration comes from the environment; see README.md`;

async function serve(config: Config, buildIfNeeded: boolean) {
  const started = Date.now();
  if (buildIfNeeded) buildConsoleIfNeeded((m) => console.log(m));
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp({ config, database });
  app.addHook('onClose', async () => database.close());
  await firstStart(database.db, app.log, { email: config.adminEmail, password: config.adminPassword });
  if (config.demo) await seedDemo(app, database.db, app.log);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received; closing`);
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const where = database.kind === 'postgres' ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  app.log.info(`Waymark ready on http://localhost:${config.port} (${where}, brand ${config.brand}) in ${Date.now() - started} ms`);
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
      const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
      await database.close();
      console.log('Migrations applied');
      return;
    }
    case 'simulate':
    case 'gateway':
      console.error(`waymark ${command}: not available yet in this version`);
      process.exit(2);
      break;
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
