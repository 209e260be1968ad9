import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { FrameStore } from './store.ts';
import type { LiveFeed } from '../tracking/live.ts';
import type { RecentFixes } from '../reports/recent-fixes.ts';
import { zoneEvents } from '../tracking/zones.ts';
import { Gateway, type GatewayOptions } from './server.ts';

/**
 * PostgreSQL writes two batches at once on the gateway's own connections. The embedded database
 * runs every query on this process's one thread, one at a time: there a batch is small and is
 * followed by a pause in proportion, so the API's queries (sign-in, lists) and its HTTP requests get their turn.
 */
export function frameStoreFor(
  database: Database,
  live: LiveFeed,
  beside: { apiBusy?: () => boolean; recentFixes?: RecentFixes } = {},
): FrameStore {
  const embedded = database.kind === 'pglite';
  const store = new FrameStore(database.ingestDb, live, {
    concurrency: embedded ? 1 : 2,
    notifications: database,
    recentFixes: beside.recentFixes,
    ...(embedded ? { ...EMBEDDED_BATCHES, apiBusy: beside.apiBusy } : {}),
  });
  store.deriveEvents = zoneEvents(database.ingestDb);
  return store;
}

/**
 * About a tenth of a second of the embedded database's work per batch, then a pause of a third of
 * that: a quarter of its time is the API's however deep the queue (the gateway sheds the rest).
 * While the API answers requests the next batch also waits for them, a quarter of a second at most.
 */
export const EMBEDDED_BATCHES = { batchSize: 250, yieldShare: 0.25 };

/** Starts the AIS-140 gateway beside an app, writing to its live feed; close it before the app. */
export async function startGateway(
  app: FastifyInstance,
  database: Database,
  options: GatewayOptions,
): Promise<{ gateway: Gateway; store: FrameStore; port: number }> {
  const store = frameStoreFor(database, app.live, {
    apiBusy: () => app.handlersAtWork.count > 0,
    // the summariser of this process walks what the gateway stored without reading it back
    recentFixes: app.summariser.recentFixes,
  });
  const gateway = new Gateway(store, database.db, { notifications: database, ...options }, app.log);
  const port = await gateway.listen();
  app.gateway = gateway;
  app.log.info(`AIS-140 gateway listening on TCP port ${port}`);
  return { gateway, store, port };
}
