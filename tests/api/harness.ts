import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { createScratchDatabase } from '../../server/db/scratch.ts';
import { firstStart } from '../../server/seed/first-start.ts';
import { DEMO_PASSWORD, demoEmail, seedDemo } from '../../server/seed/demo.ts';
import { startGateway } from '../../server/gateway/index.ts';
import type { Gateway } from '../../server/gateway/server.ts';
import { hashPasswordsCheaplyInTests } from '../../server/auth/passwords.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/seeded-database.ts';

export { DEMO_PASSWORD, demoEmail, ADMIN_EMAIL, ADMIN_PASSWORD };

// each file makes its hashes at argon2id's least cost, as the run's seeded databases were; a test
// that measures sign-in switches the production cost back on for itself (security-sessions.test.ts)
hashPasswordsCheaplyInTests();

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  /** The AIS-140 gateway's TCP port, when started with `gateway: true`. */
  gatewayPort: number;
  gateway: Gateway | null;
  close(): Promise<void>;
}

export interface TestServerOptions {
  demo?: boolean;
  gateway?: boolean;
  databaseUrl?: string;
  config?: Partial<Config>;
  /** A streaming replica's address for the PostgreSQL database the server opens (DATABASE_READ_URL), given that database's. */
  readUrlOf?: (databaseUrl: string) => string;
  /** Migrated and seeded here, through the API, instead of a copy of the run's seeded database. */
  fresh?: boolean;
}

/**
 * A fresh server on a database of its own: in-memory PGlite, or a new PostgreSQL database created on
 * TEST_DATABASE_URL's server (and dropped afterwards) when that variable is set. The database is a
 * copy of the one the run migrated and seeded once (tests/api/global-setup.ts), demo or not; when
 * `fresh`, or outside that set-up, it is migrated and seeded here.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const demo = options.demo ?? true;
  const seeded = options.fresh || options.databaseUrl ? null : (inject('seededDatabases') ?? null);
  let databaseUrl: string | undefined = options.databaseUrl;
  let loadDataDir: Blob | undefined;
  let dropDatabase = async () => {};
  if (process.env.TEST_DATABASE_URL && !databaseUrl) {
    const template = seeded?.kind === 'postgres' ? (demo ? seeded.demo : seeded.base) : undefined;
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL, 'waymark_test', template);
    databaseUrl = scratch.url;
    dropDatabase = scratch.drop;
  } else if (seeded?.kind === 'pglite' && !databaseUrl) {
    loadDataDir = new Blob([fs.readFileSync(demo ? seeded.demo : seeded.base)]);
  }
  const readUrl = databaseUrl && options.readUrlOf?.(databaseUrl);
  const database = await openDatabase({ databaseUrl, readUrl, dataDir: null, loadDataDir });
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-uploads-'));
  const config = loadConfig({}, { serveConsole: false, demo, uploadDir, ...options.config });
  const app = await buildApp({ config, database, logger: false });
  // on a copy both find their work done and return at once
  await firstStart(database.db, app.log, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  if (demo) await seedDemo(app, database.db, app.log);
  await app.ready();
  const started = options.gateway
    ? await startGateway(app, database, { port: 0, host: '127.0.0.1', quietMs: 50 })
    : null;
  return {
    app,
    database,
    gatewayPort: started?.port ?? 0,
    gateway: started?.gateway ?? null,
    async close() {
      await started?.gateway.close();
      await app.close();
      await database.close();
      await dropDatabase();
      fs.rmSync(uploadDir, { recursive: true, force: true });
    },
  };
}

/** Encrypts a password as the console does: RSA-OAEP with SHA-256, base64. */
export async function encryptPassword(app: FastifyInstance, password: string): Promise<string> {
  const key = (await app.inject({ method: 'GET', url: '/api/auth/public-key' })).json().data.publicKey as string;
  return crypto
    .publicEncrypt({ key, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password))
    .toString('base64');
}

export async function login(app: FastifyInstance, username: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password: await encryptPassword(app, password) },
  });
}

/** Signs in and returns the answer's data; fails the test if sign-in fails. */
export async function signIn(app: FastifyInstance, username: string, password = DEMO_PASSWORD) {
  const response = await login(app, username, password);
  if (response.statusCode !== 200) throw new Error(`sign-in as ${username} failed: ${response.body}`);
  return response.json().data as {
    user: { id: string; email: string; role: { name: string } };
    role: { name: string; authScopes: unknown[] };
    token: { access: { token: string; expires: string }; refresh: { token: string; expires: string } };
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
