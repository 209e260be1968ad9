import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { FrameStore } from './store.ts';
import type { StoreOptions } from './store-options.ts';
import type { HandlersAtWork } from '../http/handlers-at-work.ts';
import type { LiveFeed } from '../tracking/live.ts';
import type { RecentFixes } from '../reports/recent-fixes.ts';
import { zoneEvents } from '../tracking/zones.ts';
import { Gateway, type GatewayOptions } from './server.ts';

/**
 * PostgreSQL writes two batches at once on the gateway's own connections. The embedded database
 * runs every query on this process's one thread, one at a time: there a batch is small and is
 * followed by a pause in proportion, so the API's queries (sign-in, lists) and its HTTP requests get
 * their turn. On both, a batch that follows another (frames waiting when the last one ends) first
 * waits for the API's turn (`apiTurn`): on PostgreSQL the database is not shared, but the thread
 * is, and under a flood a batch's work on it (its rows, the COPY buffers, the live feed) is a long
 * stretch of it. A batch started in an idle slot does not wait.
 */
export function frameStoreFor(
  database: Database,
  live: LiveFeed,
  beside: { api?: HandlersAtWork; recentFixes?: RecentFixes } = {},
): FrameStore {
  const store = new FrameStore(database.ingestDb, live, {
    ...frameStoreOptions(database.kind, beside),
    notifications: database,
  });
  store.deriveEvents = zoneEvents(database.ingestDb);
  return store;
}

/** The batches of each database (frameStoreFor). */
export function frameStoreOptions(
  kind: Database['kind'],
  beside: { api?: Pick<HandlersAtWork, 'quiet'>; recentFixes?: RecentFixes },
): StoreOptions {
  const embedded = kind === 'pglite';
  return {
    concurrency: embedded ? 1 : 2,
    recentFixes: beside.recentFixes,
    beforeBatch: beside.api && apiTurn(beside.api),
    ...(embedded ? EMBEDDED_BATCHES : { lingerMs: POSTGRES_LINGER_MS }),
  };
}

/**
 * On PostgreSQL a frame waits up to a tenth of a second for others to share its transaction: a
 * batch's statements cost the server and the database much the same whatever its size, and at
 * 2,000 frames/s batches of about 200 instead of 50 took 0.86 of the server's CPU per frame and 0.82
 * of the database's (docs/scaling.md). The live map's p95 stays a fraction of its second.
 */
export const POSTGRES_LINGER_MS = 100;

/**
 * A tenth of a second of the embedded database's work per batch at most (fewer frames on a loaded
 * machine, where 250 took up to 750 ms and a sign-in's password check, done on another thread,
 * waited that long for this one to be free), then a pause of a third of that: a quarter of its time
 * is the API's however deep the queue (the gateway sheds the rest). While the API answers requests
 * the next batch also waits until it has been quiet for 10 ms, a quarter of a second at most.
 */
export const EMBEDDED_BATCHES = { batchSize: 250, batchMs: 100, yieldShare: 0.25 };

/**
 * The API's turn, awaited before a gateway batch that follows another (either database) and each
 * background summariser round (the embedded database): until no request handler has been at work for 10 ms (a client's next
 * request comes in that), a quarter of a second at most (what keeps the ingest going under
 * constant requests). Under a flood on PostgreSQL it took a sign-in's p50 from 543-562 ms to
 * 325-387 ms (docs/scaling.md).
 */
export const apiTurn = (api: Pick<HandlersAtWork, 'quiet'>) => () => api.quiet(10, 250);

/** Starts the AIS-140 gateway beside an app, writing to its live feed; close it before the app. */
export async function startGateway(
  app: FastifyInstance,
  database: Database,
  options: GatewayOptions,
): Promise<{ gateway: Gateway; store: FrameStore; port: number }> {
  const store = frameStoreFor(database, app.live, {
    api: app.handlersAtWork,
    // the summariser of this process walks what the gateway stored without reading it back
    recentFixes: app.summariser.recentFixes,
  });
  const gateway = new Gateway(store, database.db, { notifications: database, ...options }, app.log);
  const port = await gateway.listen();
  app.gateway = gateway;
  app.log.info(`AIS-140 gateway listening on TCP port ${port}`);
  return { gateway, store, port };
}
