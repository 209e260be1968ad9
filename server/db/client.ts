import fs from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';
import { projectRoot } from '../paths.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /**
   * Where the gateway writes frames: on PostgreSQL a pool of its own, so a flood of frames cannot
   * hold every connection the API needs; on PGlite the one database (the store yields between batches).
   */
  ingestDb: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Subscribes to a NOTIFY channel: on a connection of its own (PostgreSQL), or on the embedded
   * database itself, whose only writer is this process. Empty payloads are not passed on.
   * On PostgreSQL a lost connection is opened again: `onHearing(false)` when notifications may be
   * missed, `onHearing(true)` once heard again (server/db/listener.ts). PGlite never loses one.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onHearing?: (hearing: boolean) => void,
  ): Promise<() => Promise<void>>;
  /**
   * PostgreSQL only, with a read URL: a pool on the streaming replica. Nothing writes through it;
   * server/db/replica.ts decides which reads go there.
   */
  replica?: { db: Db; close(): Promise<void> };
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, for `loadDataDir` (tests copy a seeded database so). */
  dumpDataDir?(): Promise<Blob>;
}

type NodePostgresDrizzle = (typeof import('drizzle-orm/node-postgres'))['drizzle'];

function openReplica(pg: typeof import('pg').default, drizzle: NodePostgresDrizzle, readUrl: string) {
  // named, so the replica's pg_stat_activity tells the console's reads from anything else
  const pool = new pg.Pool({ connectionString: readUrl, max: 20, application_name: 'waymark-read' });
  pool.on('error', () => undefined);
  return { db: drizzle(pool, { schema }) as unknown as Db, close: () => pool.end() };
}

const migrationsFolder = path.join(projectRoot, 'server/db/migrations');

/**
 * Opens PostgreSQL when a URL is given, else the embedded PGlite under dataDir, and applies the
 * versioned migrations. `dataDir: null` gives an in-memory PGlite (tests); `loadDataDir` starts it
 * from a dump of another's data directory.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  /** A streaming replica of databaseUrl (DATABASE_READ_URL); opened without connecting, so one that is down does not stop start-up. */
  readUrl?: string;
  dataDir: string | null;
  loadDataDir?: Blob;
  /** PostgreSQL connections for the API and for the gateway's writes (config.databasePool). */
  pool?: { api: number; ingest: number };
}): Promise<Database> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const { listenOnPostgres } = await import('./listener.ts');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.pool?.api ?? 20 });
    // created on first use: processes that never store a frame open none of its connections
    const ingestPool = new pg.Pool({ connectionString: options.databaseUrl, max: options.pool?.ingest ?? 4 });
    // an idle connection cut by the server (a restart, a dropped database) must not crash the
    // process: the pool replaces it, and a query on a broken one fails on its own
    pool.on('error', () => undefined);
    ingestPool.on('error', () => undefined);
    const db = drizzle(pool, { schema }) as unknown as Db;
    const ingestDb = drizzle(ingestPool, { schema }) as unknown as Db;
    await migrate(drizzle(pool, { schema }), { migrationsFolder });
    const listen = (channel: string, onPayload: (payload: string) => void, onHearing?: (hearing: boolean) => void) =>
      listenOnPostgres(options.databaseUrl!, channel, onPayload, onHearing);
    const replica = options.readUrl ? openReplica(pg, drizzle, options.readUrl) : undefined;
    const close = async () => {
      await replica?.close();
      await Promise.all([pool.end(), ingestPool.end()]);
    };
    return { db, ingestDb, kind: 'postgres', listen, replica, close };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let dir: string | undefined;
  if (options.dataDir) {
    dir = path.join(options.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
  }
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = await PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir: options.loadDataDir });
  const database = drizzle(client, { schema });
  await migrate(database, { migrationsFolder });
  // the embedded database lives in this process alone: its NOTIFYs come from this process's own
  // statements, and no connection stands between them to be lost
  const listen = async (channel: string, onPayload: (payload: string) => void) => {
    const unlisten = await client.listen(channel, (payload) => {
      if (payload) onPayload(payload);
    });
    return async () => {
      await unlisten().catch(() => undefined);
    };
  };
  return {
    db: database as unknown as Db,
    ingestDb: database as unknown as Db,
    kind: 'pglite',
    listen,
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}
