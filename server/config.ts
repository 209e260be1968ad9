import path from 'node:path';
import { notifyConfig, type NotifyConfig } from './notify/settings.ts';
import { forwardingConfig, type ForwardingConfig } from './forwarding/settings.ts';
import { admissionBounds, DEFAULT_ADMISSION, EMBEDDED_ADMISSION, type AdmissionBounds } from './gateway/admission.ts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Where uploaded files are kept; DATA_DIR/uploads unless UPLOAD_DIR says otherwise. */
  uploadDir: string;
  databaseUrl: string | undefined;
  /**
   * A PostgreSQL streaming replica of DATABASE_URL (DATABASE_READ_URL): list pages, exports, reports
   * and dashboards read from it, unless the caller has just written or it lags (server/db/replica.ts).
   */
  databaseReadUrl: string | undefined;
  /** Reads go back to the primary while the replica lags more than this (WAYMARK_REPLICA_MAX_LAG_MS, 5,000). */
  replicaMaxLagMs: number;
  brand: string;
  gatewayPort: number;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  demo: boolean;
  /**
   * Offer the test payment provider (WAYMARK_TEST_PAYMENTS, off by default): renewals "paid" with no
   * money, by anyone who can look a device up. For the tests and a private demo only; never on with
   * demo data alone, and start-up warns in a box while it is on.
   */
  testPayments: boolean;
  /** Drive the demo devices with the simulator (WAYMARK_SIMULATE; on with demo data). */
  simulate: boolean;
  /** Days of history the demo simulator sends for its vehicles after start-up (WAYMARK_BACKFILL_DAYS, 7; 0 sends none). */
  backfillDays: number;
  logLevel: string;
  /** Address users reach the console at, for links in e-mails and SMS. */
  publicUrl: string;
  /** Map tile URL templates ({z}/{x}/{y}) the console loads: a deployment points them at its own tile service. */
  tiles: { road: string; satellite: string };
  /** Serve the built console from dist/ when it exists. */
  serveConsole: boolean;
  /**
   * Which X-Forwarded-* headers to believe (Fastify's trustProxy): false (the default, the client
   * talks to us directly), true (any proxy), a hop count, or a comma-separated list of addresses/CIDRs.
   */
  trustProxy: boolean | number | string;
  /** Upload quotas in bytes: what one user may store per rolling day, and one organisation in all. */
  uploadQuota: { userPerDay: number; organisation: number };
  /**
   * Months of positions kept (WAYMARK_POSITIONS_RETENTION_MONTHS): older months' partitions are
   * dropped whole, once a day. 0 (the default) keeps them forever. Reports read the trips, stops and
   * daily summaries, which are kept.
   */
  positionsRetentionMonths: number;
  /** Run the report summariser in this process (WAYMARK_SUMMARISE, on by default): a deployment may leave it to some processes only. */
  summarise: boolean;
  /**
   * Stamp each live update with when its frames were committed, heard and sent (WAYMARK_LIVE_HOP_TIMES,
   * off): for `npm run bench -- live`, which reports each hop's share of position-to-screen.
   */
  liveHopTimes: boolean;
  /** How often each live socket re-reads its vehicles and sends the states changed without a frame (30 s; tests shorten it). */
  liveRecheckMs: number;
  /** Lists count matching rows up to this many; above it the total is the planner's estimate (WAYMARK_EXACT_COUNT_LIMIT, 10,000). */
  exactCountLimit: number;
  /** Requests each API token may make per minute (WAYMARK_API_TOKEN_PER_MINUTE, 600; docs/api.md). */
  apiTokenPerMinute: number;
  /** Keep list pages in memory until a table they read changes (WAYMARK_LIST_CACHE, on by default; server/resources/list-cache.ts). */
  listCache: boolean;
  /**
   * Redis the rate limits count in (REDIS_URL): with it, every API process of a deployment counts one
   * limit together; without it, each process counts in its own memory.
   */
  redisUrl: string | undefined;
  /** What every key this deployment writes to Redis starts with (REDIS_KEY_PREFIX, "waymark:"): deployments may share a Redis. */
  redisKeyPrefix: string;
  /** Run the periodic sweep in this process (WAYMARK_SWEEP, on by default): expiry reminders, dealers' lists, maintenance due (server/reminders/). */
  sweep: boolean;
  /** How often the sweep runs (WAYMARK_SWEEP_SECONDS, 300). */
  sweepMs: number;
  /**
   * Frames waiting to be written at which the gateway stops reading from its devices, refuses new
   * connections, and reads again (GATEWAY_QUEUE_PAUSE, _REFUSE, _RESUME: 8,000, 16,000, 4,000 on
   * PostgreSQL; 1,000, 2,000, 500 on the embedded database).
   */
  gatewayQueue: AdmissionBounds;
  /**
   * PostgreSQL connections of the API (DATABASE_POOL_SIZE, 20) and, apart, of the gateway's writes
   * (DATABASE_INGEST_POOL_SIZE, 4), so an ingest flood cannot take the API's connections.
   */
  databasePool: { api: number; ingest: number };
  /** Delivery of the outbox: SMTP, the SMS provider, web push keys, webhook address ranges, retries (server/notify/settings.ts). */
  notify: NotifyConfig;
  /** Position forwarding: whether this process sends, address ranges, lease, batch, backoff (server/forwarding/settings.ts). */
  forwarding: ForwardingConfig;
}

/**
 * Lists count matching rows up to this many; above it the total is the planner's estimate: a count
 * reads every matching row, and past a few thousand rows nobody pages to the end by number.
 */
export const EXACT_COUNT_LIMIT = 10_000;

const MIB = 1024 * 1024;
/** Default upload quotas: a busy fitter uploads a few dozen photos a day; an organisation keeps years of them. */
export const DEFAULT_UPLOAD_QUOTA = { userPerDay: 200 * MIB, organisation: 2048 * MIB };

const BRANDS = ['demo', 'vltd', 'smartcity', 'devicemaker'];

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.toLowerCase());
}

/** A whole number from 0 to `max`, or the fallback when unset; `what` says what it must be in the error. */
function wholeNumber(name: string, value: string | undefined, fallback: number, max: number, what: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > max) throw new Error(`${name} must be ${what}, got "${value}"`);
  return n;
}

const port = (name: string, value: string | undefined, fallback: number) =>
  wholeNumber(name, value, fallback, 65535, 'a port number');

function trustProxyOf(value: string | undefined): boolean | number | string {
  if (value === undefined || value.trim() === '') return false;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  if (['true', 'yes', 'on'].includes(trimmed.toLowerCase())) return true;
  if (['false', 'no', 'off'].includes(trimmed.toLowerCase())) return false;
  return trimmed;
}

function mebibytes(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number of MiB, got "${value}"`);
  return Math.floor(n * MIB);
}

/** A replica needs a primary on PostgreSQL: the embedded database has none. */
function readUrlOf(databaseUrl: string | undefined, readUrl: string | undefined): string | undefined {
  if (!readUrl) return undefined;
  if (!databaseUrl) throw new Error('DATABASE_READ_URL needs DATABASE_URL: a replica reads from a PostgreSQL primary');
  return readUrl;
}

const frames = (name: string, value: string | undefined, fallback: number) =>
  wholeNumber(name, value, fallback, 10_000_000, 'a whole number of frames');

/** The gateway's queue bounds: the environment's, else the defaults of the database in use. */
function gatewayQueue(env: NodeJS.ProcessEnv, embedded: boolean, given: Partial<AdmissionBounds> = {}) {
  const fallback = { ...(embedded ? EMBEDDED_ADMISSION : DEFAULT_ADMISSION), ...given };
  return admissionBounds({
    pauseAt: frames('GATEWAY_QUEUE_PAUSE', env.GATEWAY_QUEUE_PAUSE, fallback.pauseAt),
    refuseAt: frames('GATEWAY_QUEUE_REFUSE', env.GATEWAY_QUEUE_REFUSE, fallback.refuseAt),
    resumeAt: frames('GATEWAY_QUEUE_RESUME', env.GATEWAY_QUEUE_RESUME, fallback.resumeAt),
  });
}

function connections(name: string, value: string | undefined, fallback: number): number {
  const n = wholeNumber(name, value, fallback, 1000, 'a whole number of connections from 1 to 1000');
  if (n < 1) throw new Error(`${name} must be a whole number of connections from 1 to 1000, got "${value}"`);
  return n;
}

/** Reads the configuration from the environment; every variable is listed in the README. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, defaults: Partial<Config> = {}): Config {
  const brand = env.BRAND || defaults.brand || 'vltd';
  if (!BRANDS.includes(brand)) throw new Error(`BRAND must be one of ${BRANDS.join(', ')}, got "${brand}"`);
  const dataDir = path.resolve(env.DATA_DIR || defaults.dataDir || './data');
  const publicUrl = (
    env.PUBLIC_URL ||
    defaults.publicUrl ||
    `http://localhost:${port('PORT', env.PORT, defaults.port ?? 8080)}`
  ).replace(/\/+$/, '');
  const notify = notifyConfig(env, publicUrl, defaults.notify);
  return {
    port: port('PORT', env.PORT, defaults.port ?? 8080),
    host: env.HOST || defaults.host || '0.0.0.0',
    dataDir,
    uploadDir: path.resolve(env.UPLOAD_DIR || defaults.uploadDir || path.join(dataDir, 'uploads')),
    databaseUrl: env.DATABASE_URL || defaults.databaseUrl || undefined,
    databaseReadUrl: readUrlOf(
      env.DATABASE_URL || defaults.databaseUrl,
      env.DATABASE_READ_URL || defaults.databaseReadUrl,
    ),
    replicaMaxLagMs: wholeNumber(
      'WAYMARK_REPLICA_MAX_LAG_MS',
      env.WAYMARK_REPLICA_MAX_LAG_MS,
      defaults.replicaMaxLagMs ?? 5000,
      3_600_000,
      'a whole number of milliseconds up to an hour',
    ),
    brand,
    gatewayPort: port('GATEWAY_PORT', env.GATEWAY_PORT, defaults.gatewayPort ?? 5027),
    adminEmail: env.WAYMARK_ADMIN_EMAIL || defaults.adminEmail,
    adminPassword: env.WAYMARK_ADMIN_PASSWORD || defaults.adminPassword,
    demo: flag(env.WAYMARK_DEMO, defaults.demo ?? false),
    testPayments: flag(env.WAYMARK_TEST_PAYMENTS, defaults.testPayments ?? false),
    simulate: flag(env.WAYMARK_SIMULATE, defaults.simulate ?? flag(env.WAYMARK_DEMO, defaults.demo ?? false)),
    backfillDays: wholeNumber(
      'WAYMARK_BACKFILL_DAYS',
      env.WAYMARK_BACKFILL_DAYS,
      defaults.backfillDays ?? 7,
      31,
      'a whole number of days from 0 to 31',
    ),
    logLevel: env.LOG_LEVEL || defaults.logLevel || 'info',
    publicUrl,
    tiles: {
      road: env.TILE_ROAD_URL || defaults.tiles?.road || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      satellite:
        env.TILE_SATELLITE_URL ||
        defaults.tiles?.satellite ||
        'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
    },
    serveConsole: defaults.serveConsole ?? true,
    trustProxy: env.TRUST_PROXY !== undefined ? trustProxyOf(env.TRUST_PROXY) : (defaults.trustProxy ?? false),
    uploadQuota: {
      userPerDay: mebibytes(
        'UPLOAD_QUOTA_USER_DAILY_MIB',
        env.UPLOAD_QUOTA_USER_DAILY_MIB,
        defaults.uploadQuota?.userPerDay ?? DEFAULT_UPLOAD_QUOTA.userPerDay,
      ),
      organisation: mebibytes(
        'UPLOAD_QUOTA_ORGANISATION_MIB',
        env.UPLOAD_QUOTA_ORGANISATION_MIB,
        defaults.uploadQuota?.organisation ?? DEFAULT_UPLOAD_QUOTA.organisation,
      ),
    },
    summarise: flag(env.WAYMARK_SUMMARISE, defaults.summarise ?? true),
    liveHopTimes: flag(env.WAYMARK_LIVE_HOP_TIMES, defaults.liveHopTimes ?? false),
    positionsRetentionMonths: wholeNumber(
      'WAYMARK_POSITIONS_RETENTION_MONTHS',
      env.WAYMARK_POSITIONS_RETENTION_MONTHS,
      defaults.positionsRetentionMonths ?? 0,
      1200,
      'a whole number of months (0 keeps positions forever)',
    ),
    liveRecheckMs: defaults.liveRecheckMs ?? 30_000,
    exactCountLimit: wholeNumber(
      'WAYMARK_EXACT_COUNT_LIMIT',
      env.WAYMARK_EXACT_COUNT_LIMIT,
      defaults.exactCountLimit ?? EXACT_COUNT_LIMIT,
      100_000_000,
      'a whole number of rows',
    ),
    apiTokenPerMinute: wholeNumber(
      'WAYMARK_API_TOKEN_PER_MINUTE',
      env.WAYMARK_API_TOKEN_PER_MINUTE,
      defaults.apiTokenPerMinute ?? 600,
      1_000_000,
      'a whole number of requests',
    ),
    listCache: flag(env.WAYMARK_LIST_CACHE, defaults.listCache ?? true),
    redisUrl: env.REDIS_URL || defaults.redisUrl || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX || defaults.redisKeyPrefix || 'waymark:',
    sweep: flag(env.WAYMARK_SWEEP, defaults.sweep ?? true),
    sweepMs:
      Math.max(
        1,
        wholeNumber(
          'WAYMARK_SWEEP_SECONDS',
          env.WAYMARK_SWEEP_SECONDS,
          (defaults.sweepMs ?? 300_000) / 1000,
          86_400,
          'a whole number of seconds up to 86400',
        ),
      ) * 1000,
    notify,
    forwarding: forwardingConfig(env, notify.allowRanges, defaults.forwarding),
    gatewayQueue: gatewayQueue(env, !(env.DATABASE_URL || defaults.databaseUrl), defaults.gatewayQueue),
    databasePool: {
      api: connections('DATABASE_POOL_SIZE', env.DATABASE_POOL_SIZE, defaults.databasePool?.api ?? 20),
      ingest: connections(
        'DATABASE_INGEST_POOL_SIZE',
        env.DATABASE_INGEST_POOL_SIZE,
        defaults.databasePool?.ingest ?? 4,
      ),
    },
  };
}
