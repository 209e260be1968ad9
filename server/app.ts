import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import ajvErrors from 'ajv-errors';
import { AjvCompiler, type ValidatorFactory } from '@fastify/ajv-compiler';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { frameworkErrors, notFound, registerErrorHandler } from './http/errors.ts';
import { enforceRoutePermissions, PUBLIC } from './http/permissions.ts';
import { registerRateLimits } from './http/rate-limits.ts';
import { refuseNulCharacters } from './http/nul-characters.ts';
import { limitJsonDepth } from './http/json-depth.ts';
import { serveConsole } from './http/console.ts';
import { registerSecurityHeaders, swaggerUiCsp } from './http/security-headers.ts';
import { loadAuthKeys } from './auth/keys.ts';
import { CallerDirectory, registerCaller } from './auth/caller.ts';
import { authRoutes } from './auth/routes.ts';
import { registerAuditLog } from './audit/plugin.ts';
import { totpRoutes } from './auth/totp-routes.ts';
import { apiTokenRoutes } from './auth/api-token-routes.ts';
import { resetRoutes } from './auth/reset.ts';
import { resourceRoutes } from './resources/plugin.ts';
import { forgetListsOnWrites, ListCache } from './resources/list-cache.ts';
import { searchRoutes } from './search/routes.ts';
import { fileRoutes } from './files/routes.ts';
import { certificateRoutes } from './certificates/routes.ts';
import { LiveFeed } from './tracking/live.ts';
import { trackingRoutes } from './tracking/routes.ts';
import { reportRoutes } from './reports/index.ts';
import { shareRoutes } from './tracking/shares.ts';
import { registerLiveSocket } from './tracking/socket.ts';
import { centreListingRoutes } from './centres/listing.ts';
import { publicCentreRoutes } from './centres/public.ts';
import { ephemeralDeviceRoutes } from './debug/ephemeral-devices.ts';
import { renewalRoutes } from './renewals/routes.ts';
import { startPartitionMaintenance } from './tracking/partitions.ts';
import { timelineRoutes } from './reports/timeline.ts';
import { dashboardRoutes } from './dashboards/routes.ts';
import type { Gateway } from './gateway/server.ts';
import { apiTurn, EMBEDDED_BATCHES } from './gateway/index.ts';
import { Summariser } from './reports/summariser.ts';
import { RecentFixes } from './reports/recent-fixes.ts';
import { registerNotify } from './notify/plugin.ts';
import { PlaceLookup } from './alerts/places.ts';
import { registerSosSweep, sosRoutes } from './sos/routes.ts';
import { registerSweep } from './reminders/plugin.ts';
import { notifyRoutes } from './notify/routes.ts';
import { ReadRouter, registerReadRouting } from './db/replica.ts';
import { registerForwarding } from './forwarding/plugin.ts';
import { registerChangeHooks } from './changehooks/endpoints.ts';
import { bellRoutes } from './alerts/bell-routes.ts';
import { miscDocs } from './openapi/misc.ts';
import { countHandlersAtWork, type HandlersAtWork } from './http/handlers-at-work.ts';
import { documentErrors, documentingSerializers, SHARED_SCHEMAS } from './openapi/shared.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stored positions and alerts as they arrive, from this process's gateway or another's. */
    live: LiveFeed;
    /** This process's AIS-140 gateway, once started (a process may run the API alone). */
    gateway: Gateway | null;
    /** The requests whose handlers are at work now: the embedded database's batches wait for them (server/gateway/index.ts). */
    handlersAtWork: HandlersAtWork;
    /** Keeps the report tables up to date from stored positions. */
    summariser: Summariser;
    /** The brand id the server runs as (BRAND): its default customer password, certificate texts. */
    brand: string;
    /** Where users reach the console (PUBLIC_URL), for links in messages. */
    publicUrl: string;
    /** Lists count matching rows up to this many, then estimate (config.exactCountLimit). */
    exactCountLimit: number;
    /** List pages kept until a table they read changes (config.listCache). */
    listCache: ListCache;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  /** pino options, or false for silence (tests). */
  logger?: boolean | object;
}

/** One line per request, at debug, not two at info: start-up messages stay readable (LOG_LEVEL=debug shows requests). */
class RequestsAtDebug extends LogController {
  incomingRequest() {}

  requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    request.log.debug(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        err: error ?? undefined,
      },
      'request',
    );
  }
}

/**
 * The options of the Ajv that checks every route's schema (beside Fastify's defaults): all errors,
 * so ajv-errors can put each field's message; exported for tests that compile a schema the same way.
 * These are a JSON body's: no type coercion, a body's values already have their types, and "0x10",
 * true or [5] sent as an amount is refused, not read as 16, 1 or 5 paise. Query strings, path
 * parameters and headers are text by nature: their Ajv coerces ("5" to 5), see validatorsByPart.
 */
export const AJV_OPTIONS = {
  customOptions: { allErrors: true, coerceTypes: false, removeAdditional: true },
  plugins: [ajvErrors as never],
} as const;

/**
 * Fastify's Ajv compiler (its pool, formats and shared schemas), once with AJV_OPTIONS for bodies
 * and once with string coercion for the other parts of a request. The casts: the library's types
 * say its validator builder takes a schema, where Fastify gives it the route ({schema, httpPart}).
 */
function validatorsByPart(): ValidatorFactory {
  const fromPool = AjvCompiler();
  type Options = NonNullable<Parameters<typeof fromPool>[1]>;
  type Route = { httpPart?: string };
  return ((externalSchemas: Parameters<typeof fromPool>[0], options: Options) => {
    const body = fromPool(externalSchemas, options) as unknown as (route: Route) => unknown;
    const text = fromPool(externalSchemas, {
      ...options,
      customOptions: { ...options.customOptions, coerceTypes: 'array' },
    } as Options) as unknown as (route: Route) => unknown;
    return (route: Route) => (route.httpPart === 'body' ? body : text)(route);
  }) as unknown as ValidatorFactory;
}

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** The HTTP server: the API under /api (every route declaring its permission), its docs, and the console. */
export async function buildApp({ config, database, logger }: AppOptions): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    logger: logger ?? { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    logController: new RequestsAtDebug(),
    // a hop count works at run time, but Fastify's types only take it as a function
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    frameworkErrors,
    ajv: { customOptions: { ...AJV_OPTIONS.customOptions }, plugins: [...AJV_OPTIONS.plugins] },
    schemaController: { compilersFactory: { buildValidator: validatorsByPart() } },
    // a request must have arrived whole within this (Node's own default; Fastify's is none)
    requestTimeout: 300_000,
  });
  app.decorate('handlersAtWork', countHandlersAtWork(app));
  registerErrorHandler(app);
  // response schemas document the answers, never filter them (server/openapi/shared.ts, docs/api.md)
  documentingSerializers(app);
  for (const shared of SHARED_SCHEMAS) app.addSchema(shared);
  limitJsonDepth(app);
  registerSecurityHeaders(app, config);
  await registerRateLimits(
    app,
    config.redisUrl ? { url: config.redisUrl, keyPrefix: config.redisKeyPrefix } : undefined,
  );
  const { db } = database;
  const keys = await loadAuthKeys(db);
  const callers = new CallerDirectory(database);
  await callers.start();
  app.addHook('onClose', async () => callers.stop());
  registerCaller(app, callers, keys);
  registerAuditLog(app, db);
  const listCache = new ListCache(database, config.listCache);
  await listCache.start();
  app.addHook('onClose', async () => listCache.stop());
  forgetListsOnWrites(app, listCache);
  app.decorate('listCache', listCache);
  // lists, exports, reports and dashboards read from DATABASE_READ_URL's replica when it has the caller's writes
  const reads = new ReadRouter(database, {
    maxLagMs: config.replicaMaxLagMs,
    generation: () => listCache.ticket(),
    log: app.log,
  });
  await registerReadRouting(app, reads, config.replicaMaxLagMs);
  const live = new LiveFeed(database, config.liveHopTimes);
  await live.start();
  app.decorate('live', live);
  app.decorate('gateway', null);
  app.decorate('brand', config.brand);
  app.decorate('publicUrl', config.publicUrl);
  app.decorate('exactCountLimit', config.exactCountLimit);
  app.addHook('onClose', async () => live.stop());
  registerLiveSocket(app, db, callers, keys, live, config.liveRecheckMs);
  // positions' monthly partitions: this month and the next two exist before the gateway writes, old ones expire
  await startPartitionMaintenance(app, db, config.positionsRetentionMonths);
  // trips, stops and daily summaries follow the stored positions; any number of processes may run one
  const summariser = new Summariser(db, {
    onError: (error) => app.log.error({ err: error }, 'Summarising positions failed'),
    recentFixes: new RecentFixes(),
    // the embedded database: rounds as short as the gateway's batches, and after the API's requests
    ...(database.kind === 'pglite'
      ? {
          roundMs: EMBEDDED_BATCHES.batchMs,
          beforeRound: apiTurn(app.handlersAtWork),
        }
      : {}),
  });
  app.decorate('summariser', summariser);
  if (config.summarise) app.addHook('onReady', async () => summariser.start());
  app.addHook('onClose', async () => summariser.stop());
  // the outbox's delivery: e-mail, SMS, webhooks, web push (server/notify/)
  // alerts say an address where the operator runs a reverse-geocoding service (GEOCODER_URL)
  const places = config.notify.geocoderUrl ? new PlaceLookup(config.notify.geocoderUrl) : undefined;
  await registerNotify(app, database, config, places);
  // unacknowledged SOS cases go up the organisation tree (server/sos/escalation.ts)
  registerSosSweep(app, db, config.publicUrl, places);
  // expiry reminders, dealers' daily lists and maintenance due, every few minutes (server/reminders/)
  registerSweep(app, db, config);
  // positions sent on to MQTT, HTTP and AIS-140 destinations from raw_logs (server/forwarding/)
  registerForwarding(app, db, config);
  registerChangeHooks(app, config);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Waymark API',
        version: '0.1.0',
        description: 'Fleet tracking, fitment and certificates for AIS-140 devices',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT or wmk_ API token' } },
      },
      security: [{ bearer: [] }],
    },
    // the shared schemas keep their $id as their name in components.schemas
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (json.$id as string) ?? `def-${i}` },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, transformStaticCSP: swaggerUiCsp });

  await app.register(
    async (api) => {
      api.addHook('onRoute', documentErrors);
      enforceRoutePermissions(api);
      refuseNulCharacters(api);
      // first: its per-token rate limit is a hook of every route below
      apiTokenRoutes(api, db, { perMinute: config.apiTokenPerMinute });
      api.get(
        '/health',
        {
          config: { permission: PUBLIC },
          schema: { tags: ['system'], summary: 'Answers once migrations are applied', response: miscDocs.health },
        },
        async () => ({ status: 'ok' }),
      );
      authRoutes(api, db, keys);
      totpRoutes(api, db, keys);
      resetRoutes(api, db, { publicUrl: config.publicUrl });
      resourceRoutes(api, db);
      bellRoutes(api, db);
      searchRoutes(api, db);
      trackingRoutes(api, db);
      timelineRoutes(api, db);
      reportRoutes(api);
      shareRoutes(api, db, keys);
      centreListingRoutes(api, db);
      publicCentreRoutes(api, db);
      ephemeralDeviceRoutes(api, db);
      certificateRoutes(api, db);
      renewalRoutes(api, db, { testPayments: config.testPayments });
      notifyRoutes(api, db);
      dashboardRoutes(api);
      sosRoutes(api, db);
      await fileRoutes(api, db, config);
    },
    { prefix: '/api' },
  );

  if (!config.serveConsole || !(await serveConsole(app, config))) {
    app.setNotFoundHandler((_request, reply) => reply.status(404).send(notFound().body()));
  }
  return app;
}
