import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { createScratchDatabase } from '../../server/db/scratch.ts';
import { firstStart } from '../../server/seed/first-start.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import { hashPasswordsCheaplyInTests } from '../../server/auth/passwords.ts';

export const ADMIN_EMAIL = 'root@waymark.test';
export const ADMIN_PASSWORD = 'Root-pass-2026';

/**
 * Where a test file finds the databases the run migrated and seeded once (tests/api/global-setup.ts):
 * PGlite data directories dumped to files, or PostgreSQL template databases. `base` has the first
 * start (roles, the root organisation, the SUPER_ADMIN), `demo` the demo seeded through the API too.
 */
export type SeededDatabases =
  { kind: 'pglite'; base: string; demo: string } | { kind: 'postgres'; base: string; demo: string };

declare module 'vitest' {
  export interface ProvidedContext {
    seededDatabases: SeededDatabases | null;
  }
}

/**
 * Starts a server on the database as startTestServer did for each file: the first start, then
 * `afterFirstStart` (a dump of the base database), then the demo seeded through the API when asked.
 */
async function seed(database: Database, demo: boolean, afterFirstStart: () => Promise<void> = async () => {}) {
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-seed-uploads-'));
  const app = await buildApp({
    config: loadConfig({}, { serveConsole: false, demo, uploadDir }),
    database,
    logger: false,
  });
  try {
    await firstStart(database.db, app.log, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    await afterFirstStart();
    if (demo) await seedDemo(app, database.db, app.log);
    await app.ready();
  } finally {
    await app.close();
  }
  // the seed writes no file; a file here would be lost to the copies, so it fails the run
  const left = fs.readdirSync(uploadDir, { recursive: true });
  fs.rmSync(uploadDir, { recursive: true, force: true });
  if (left.length)
    throw new Error(
      `The seed wrote files under its upload directory (${left.join(', ')}): test copies of its database would lack them`,
    );
}

/** Builds both databases once, migrating once; returns where they are and how to remove them. */
export async function buildSeededDatabases(
  postgresUrl: string | undefined,
): Promise<{ seeded: SeededDatabases; remove(): Promise<void> }> {
  hashPasswordsCheaplyInTests();
  if (postgresUrl) {
    const made: { drop(): Promise<void> }[] = [];
    const remove = async () => {
      for (const scratch of made.reverse()) await scratch.drop();
    };
    try {
      // the demo database is a copy of the base one, seeded: neither is connected to afterwards
      const base = await createScratchDatabase(postgresUrl, 'waymark_template_base');
      made.push(base);
      const database = await openDatabase({ databaseUrl: base.url, dataDir: null });
      try {
        await seed(database, false);
      } finally {
        await database.close();
      }
      const demo = await createScratchDatabase(postgresUrl, 'waymark_template_demo', base.name);
      made.push(demo);
      const copy = await openDatabase({ databaseUrl: demo.url, dataDir: null });
      try {
        await seed(copy, true);
      } finally {
        await copy.close();
      }
      return { seeded: { kind: 'postgres', base: base.name, demo: demo.name }, remove };
    } catch (error) {
      await remove();
      throw error;
    }
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-seeded-'));
  const dump = async (database: Database, name: string) => {
    const file = path.join(dir, `${name}.tar`);
    fs.writeFileSync(file, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
    return file;
  };
  const database = await openDatabase({ dataDir: null });
  try {
    let base = '';
    await seed(database, true, async () => {
      base = await dump(database, 'base');
    });
    const demo = await dump(database, 'demo');
    return {
      seeded: { kind: 'pglite', base, demo },
      remove: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  } finally {
    await database.close();
  }
}
