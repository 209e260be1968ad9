import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  latestSnapshot,
  migrationFrom,
  migrationsFolder,
  readJournal,
  writeMigration,
} from '../../server/tools/generate-migration.ts';

/** The migrator applies what the journal lists, in order, and only entries newer than the last it applied. */
describe('the migrations journal', () => {
  const journal = readJournal();

  it('lists every SQL file of server/db/migrations, and no file that is missing', () => {
    const files = fs
      .readdirSync(migrationsFolder)
      .filter((name) => name.endsWith('.sql'))
      .map((name) => name.replace(/\.sql$/, ''))
      .sort();
    expect(journal.entries.map((entry) => entry.tag).sort()).toEqual(files);
  });

  it('numbers its entries in order, each later than the one before', () => {
    journal.entries.forEach((entry, i) => {
      expect(entry.idx).toBe(i);
      expect(entry.tag.startsWith(String(i).padStart(4, '0'))).toBe(true);
      if (i > 0) expect(entry.when).toBeGreaterThan(journal.entries[i - 1]!.when);
    });
  });

  it('ends with the snapshot of the tables as they are declared: no change lacks a migration', async () => {
    const { statements } = await migrationFrom(latestSnapshot());
    expect(statements).toEqual([]);
  }, 60_000);
});

describe('a generated migration', () => {
  it("watches a created table that a list reads for the list cache, and not the gateway's history", async () => {
    const previous = latestSnapshot();
    const tables = previous.tables as Record<string, unknown>;
    const { 'public.rtos': _rtos, 'public.raw_logs': _rawLogs, ...rest } = tables;
    const { statements } = await migrationFrom({ ...previous, tables: rest } as typeof previous);
    expect(statements.filter((s) => s.startsWith('CREATE TABLE')).map((s) => s.split('"')[1])).toEqual([
      'raw_logs',
      'rtos',
    ]);
    expect(statements.filter((s) => s.includes('waymark_watch_table'))).toEqual([
      "SELECT waymark_watch_table('rtos');",
    ]);
    // after the statements that create the table
    expect(statements.at(-1)).toBe("SELECT waymark_watch_table('rtos');");
  }, 60_000);
});

describe('a new migration', () => {
  let copy: string | undefined;
  afterEach(() => {
    if (copy) fs.rmSync(copy, { recursive: true, force: true });
    vi.restoreAllMocks();
  });

  it('is journalled after the last entry even when the clock is behind it, so the migrator never skips it', () => {
    copy = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    fs.cpSync(migrationsFolder, copy, { recursive: true });
    const before = readJournal(copy).entries.at(-1)!;
    vi.spyOn(Date, 'now').mockReturnValue(before.when - 86_400_000);
    const tag = writeMigration('hand_written', 'select 1;\n', latestSnapshot(copy), copy);
    const after = readJournal(copy).entries.at(-1)!;
    expect(after).toMatchObject({ idx: before.idx + 1, tag, breakpoints: true });
    expect(after.when).toBeGreaterThan(before.when);
    expect(fs.readFileSync(path.join(copy, `${tag}.sql`), 'utf8')).toBe('select 1;\n');
    expect(fs.existsSync(path.join(copy, 'meta', `${tag.slice(0, 4)}_snapshot.json`))).toBe(true);
  });
});
