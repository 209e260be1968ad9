import type { TestProject } from 'vitest/node';
import { buildSeededDatabases } from '../support/seeded-database.ts';

type Seeded = Awaited<ReturnType<typeof buildSeededDatabases>>;
/** One build for every project of the run that asks (the server's files run in two: vitest.config.ts), removed after the last. */
const shared = globalThis as { waymarkSeeded?: { build: Promise<Seeded>; users: number } };

/**
 * Migrates and seeds once per run (the demo through the API, as before in every file), for
 * startTestServer to give each test file a copy of its own: a PGlite data directory loaded from a
 * dump, or a PostgreSQL database made from a template when TEST_DATABASE_URL is set.
 */
export default async function setup(project: TestProject) {
  const started = Date.now();
  shared.waymarkSeeded ??= { build: buildSeededDatabases(process.env.TEST_DATABASE_URL), users: 0 };
  const run = shared.waymarkSeeded;
  run.users += 1;
  const { seeded, remove } = await run.build;
  project.provide('seededDatabases', seeded);
  if (process.env.WAYMARK_TEST_TIMINGS) console.log(`seeded databases (${seeded.kind}) in ${Date.now() - started} ms`);
  return async () => {
    run.users -= 1;
    if (run.users) return;
    delete shared.waymarkSeeded;
    await remove();
  };
}
