import type { TestProject } from 'vitest/node';
import { buildSeededDatabases } from '../support/seeded-database.ts';

/**
 * Migrates and seeds once per run (the demo through the API, as before in every file), for
 * startTestServer to give each test file a copy of its own: a PGlite data directory loaded from a
 * dump, or a PostgreSQL database made from a template when TEST_DATABASE_URL is set.
 */
export default async function setup(project: TestProject) {
  const started = Date.now();
  const { seeded, remove } = await buildSeededDatabases(process.env.TEST_DATABASE_URL);
  project.provide('seededDatabases', seeded);
  if (process.env.WAYMARK_TEST_TIMINGS) console.log(`seeded databases (${seeded.kind}) in ${Date.now() - started} ms`);
  return remove;
}
