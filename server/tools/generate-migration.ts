// `npm run db:generate -- --name <what>`: the next migration, from the difference between the tables
// (server/db/every-table.ts, so a new declaration's table too) and the latest snapshot. `--custom`
// makes an empty one for hand-written SQL (triggers, partitions), journalled like the others.
// A new table whose list pages may be kept in memory gets its change triggers in the same migration.
// Not `drizzle-kit generate` itself: it sees only the schema modules' named exports, not the tables
// of declarations without one, and its journal `when` is the clock's, which must exceed the last.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { generateDrizzleJson, generateMigration, type DrizzleSnapshotJSON } from 'drizzle-kit/api';
import { everyTable } from '../db/every-table.ts';
import { resources } from '../../resources/modules.ts';
import { listTables } from '../resources/list-cache.ts';
import { hooksByResource } from '../resources/plugin.ts';
import { projectRoot } from '../paths.ts';

export const migrationsFolder = path.join(projectRoot, 'server/db/migrations');
const BREAKPOINT = '--> statement-breakpoint\n';

export interface JournalEntry {
  idx: number;
  version: string;
  when: number;
  tag: string;
  breakpoints: boolean;
}
export interface Journal {
  version: string;
  dialect: string;
  entries: JournalEntry[];
}

export function readJournal(folder = migrationsFolder): Journal {
  return JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as Journal;
}

const prefixOf = (idx: number) => String(idx).padStart(4, '0');
const snapshotPath = (folder: string, idx: number) => path.join(folder, 'meta', `${prefixOf(idx)}_snapshot.json`);

export function latestSnapshot(folder = migrationsFolder): DrizzleSnapshotJSON {
  const last = readJournal(folder).entries.at(-1)!;
  return JSON.parse(fs.readFileSync(snapshotPath(folder, last.idx), 'utf8')) as DrizzleSnapshotJSON;
}

/**
 * The tables the declared lists read when their pages may be kept in memory (server/resources/list-cache.ts):
 * each needs the triggers that NOTIFY its changes (migration 0028's waymark_watch_table).
 */
export function tablesListsRead(): Set<string> {
  const tables = new Set<string>();
  for (const resource of resources)
    for (const table of listTables(resource, hooksByResource[resource.name] ?? {}) ?? []) tables.add(table);
  return tables;
}

/**
 * The SQL statements that take a database from `previous` to `tables`, and the snapshot after them;
 * a created table that a list reads is watched for the list cache at once, no hand-written migration.
 */
export async function migrationFrom(previous: DrizzleSnapshotJSON, tables: Record<string, unknown> = everyTable()) {
  const snapshot = generateDrizzleJson(tables, previous.id);
  const names = (of: DrizzleSnapshotJSON) =>
    Object.values(of.tables as Record<string, { name: string }>).map((table) => table.name);
  const existing = new Set(names(previous));
  const watched = tablesListsRead();
  const watches = names(snapshot)
    .filter((name) => !existing.has(name) && watched.has(name))
    .map((name) => `SELECT waymark_watch_table('${name}');`);
  return { statements: [...(await generateMigration(previous, snapshot)), ...watches], snapshot };
}

/**
 * Writes `<idx>_<name>.sql`, its snapshot (the previous one goes: only the latest is kept) and its
 * journal entry. `when` is later than every earlier entry's whatever the clock says: the migrator
 * applies only migrations newer than the last one it applied, and would skip an older one silently.
 */
export function writeMigration(
  name: string,
  sql: string,
  snapshot: DrizzleSnapshotJSON,
  folder = migrationsFolder,
): string {
  const journal = readJournal(folder);
  const last = journal.entries.at(-1)!;
  const idx = last.idx + 1;
  const tag = `${prefixOf(idx)}_${name}`;
  fs.writeFileSync(
    snapshotPath(folder, idx),
    JSON.stringify({ ...snapshot, _meta: { columns: {}, schemas: {}, tables: {} } }, null, 2),
  );
  fs.rmSync(snapshotPath(folder, last.idx));
  fs.writeFileSync(path.join(folder, `${tag}.sql`), sql);
  journal.entries.push({
    idx,
    version: last.version,
    when: Math.max(Date.now(), last.when + 1000),
    tag,
    breakpoints: true,
  });
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), `${JSON.stringify(journal, null, 2)}\n`);
  return tag;
}

async function main() {
  const { values } = parseArgs({ options: { name: { type: 'string' }, custom: { type: 'boolean', default: false } } });
  if (!values.name || !/^[a-z0-9_]+$/.test(values.name))
    throw new Error('Give the migration a --name of lower-case letters, digits and _');
  const previous = latestSnapshot();
  if (values.custom) {
    const tag = writeMigration(
      values.name,
      '-- Hand-written SQL: the generated migrations do not describe it (docs/adding-an-entity.md)\n',
      { ...previous, id: crypto.randomUUID(), prevId: previous.id },
    );
    console.log(`Write your SQL in server/db/migrations/${tag}.sql`);
    return;
  }
  const { statements, snapshot } = await migrationFrom(previous);
  if (!statements.length) {
    console.log('No schema changes, nothing to migrate');
    return;
  }
  const tag = writeMigration(values.name, statements.join(BREAKPOINT), snapshot);
  console.log(`server/db/migrations/${tag}.sql:\n${statements.join('\n')}`);
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) await main();
