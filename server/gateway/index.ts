import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { FrameStore } from './store.ts';
import type { LiveFeed } from '../tracking/live.ts';
import { zoneEvents } from '../tracking/zones.ts';
import { Gateway, type GatewayOptions } from './server.ts';

/** PostgreSQL writes two batches at once on separate connections; the embedded database one. */
export function frameStoreFor(database: Database, live: LiveFeed): FrameStore {
  const store = new FrameStore(database.db, live, {
    concurrency: database.kind === 'postgres' ? 2 : 1,
    notifications: database,
  });
  store.deriveEvents = zoneEvents(database.db);
  return store;
}

/** Starts the AIS-140 gateway beside an app, writing to its live feed; close it before the app. */
export async function startGateway(
  app: FastifyInstance,
  database: Database,
  options: GatewayOptions,
): Promise<{ gateway: Gateway; store: FrameStore; port: number }> {
  const store = frameStoreFor(database, app.live);
  const gateway = new Gateway(store, database.db, { notifications: database, ...options }, app.log);
  const port = await gateway.listen();
  app.gateway = gateway;
  app.log.info(`AIS-140 gateway listening on TCP port ${port}`);
  return { gateway, store, port };
}
