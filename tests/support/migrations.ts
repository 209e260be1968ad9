import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../server/db/client.ts';
import { createScratchDatabase } from '../../server/db/scratch.ts';

const migrations = path.resolve('server/db/migrations');

/** The migrations before `idx`, in a folder of their own, to build a database as it was. */
function migrationsBefore(idx: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-migrations-'));
  fs.cpSync(migrations, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { idx: number; tag: string }[] };
  for (const entry of journal.entries.filter((e) => e.idx >= idx)) fs.rmSync(path.join(dir, `${entry.tag}.sql`));
  journal.entries = journal.entries.filter((e) => e.idx < idx);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/**
 * A database migrated up to (not including) migration `idx`, and its upgrade to all of them: PGlite,
 * or a scratch PostgreSQL database when TEST_DATABASE_URL is set. For tests of what a migration does
 * to the rows an older version left.
 */
export async function databaseBefore(
  idx: number,
): Promise<{ db: Db; upgrade(): Promise<void>; close(): Promise<void> }> {
  const before = migrationsBefore(idx);
  if (process.env.TEST_DATABASE_URL) {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL, 'waymark_test');
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: scratch.url });
    const db = drizzle(pool);
    await migrate(db, { migrationsFolder: before });
    return {
      db: db as unknown as Db,
      upgrade: () => migrate(db, { migrationsFolder: migrations }),
      close: async () => {
        await pool.end();
        await scratch.drop();
        fs.rmSync(before, { recursive: true });
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create(undefined, { extensions: { pg_trgm } });
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: before });
  return {
    db: db as unknown as Db,
    upgrade: () => migrate(db, { migrationsFolder: migrations }),
    close: async () => {
      await client.close();
      fs.rmSync(before, { recursive: true });
    },
  };
}
