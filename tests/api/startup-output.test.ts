import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { firstStart, keepGeneratedPassword } from '../../server/seed/first-start.ts';
import { generatedPasswordBox, startUpNotices } from '../../server/start-up-notices.ts';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from './harness.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-start-'));
let database: Database | undefined;
afterAll(async () => {
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('what the first start leaves an operator', () => {
  it('keeps a generated admin password in DATA_DIR/initial-admin-password, readable by the owner alone, and boxes it', async () => {
    database = await openDatabase({ dataDir: null });
    const lines: string[] = [];
    const log = pino(
      { level: 'info' },
      new Writable({
        write(chunk, _e, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const generated = await firstStart(database.db, log, {});
    expect(generated?.email).toBe('admin@waymark.local');
    expect(generated?.password).toMatch(/^Wm-.{12}7$/);
    const file = keepGeneratedPassword(dataDir, generated!);
    expect(file).toBe(path.join(dataDir, 'initial-admin-password'));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8')).toBe(`admin@waymark.local\n${generated!.password}\n`);
    const box = generatedPasswordBox(generated!, file).split('\n');
    expect(box[0]).toMatch(/^\+-+\+$/);
    expect(box.some((l) => l.includes(`password: ${generated!.password}`))).toBe(true);
    expect(new Set(box.map((l) => l.length)).size).toBe(1);
    // a second start finds the account and generates nothing
    expect(await firstStart(database.db, log, {})).toBeNull();
  });

  it('warns in a box while test payments are on (WAYMARK_TEST_PAYMENTS=1), never for demo data alone', () => {
    const admin = {
      generated: { email: 'admin@waymark.local', password: 'Wm-abcdefghijkl7' },
      file: path.join(dataDir, 'initial-admin-password'),
    };
    const on = startUpNotices(loadConfig({ WAYMARK_TEST_PAYMENTS: '1' }), admin);
    expect(on).toHaveLength(2);
    const warning = on[0]!.split('\n');
    expect(warning[0]).toMatch(/^\+-+\+$/);
    expect(warning[1]).toContain('WARNING: test payments are on (WAYMARK_TEST_PAYMENTS=1)');
    expect(on[0]).toContain('for free');
    expect(new Set(warning.map((l) => l.length)).size).toBe(1);
    // the generated password stays last, the first thing seen
    expect(on[1]).toBe(generatedPasswordBox(admin.generated, admin.file));
    // npm start's demo data does not turn test payments on
    const demo = loadConfig({ WAYMARK_DEMO: '1' });
    expect(demo.testPayments).toBe(false);
    expect(startUpNotices(demo)).toEqual([]);
    expect(startUpNotices(loadConfig({ WAYMARK_TEST_PAYMENTS: '0' }), admin)).toEqual([
      generatedPasswordBox(admin.generated, admin.file),
    ]);
  });

  it('logs requests at debug, so the info log holds start-up messages only', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _e, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const config = loadConfig({}, { serveConsole: false, demo: false, uploadDir: path.join(dataDir, 'uploads') });
    const app = await buildApp({ config, database: database!, logger: { level: 'info', stream } });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect(lines.filter((l) => l.includes('/api/health'))).toEqual([]);
    } finally {
      await app.close();
    }
    const debugLines: string[] = [];
    const debugApp = await buildApp({
      config,
      database: database!,
      logger: {
        level: 'debug',
        stream: new Writable({
          write(chunk, _e, done) {
            debugLines.push(String(chunk));
            done();
          },
        }),
      },
    });
    try {
      await debugApp.inject({ method: 'GET', url: '/api/health' });
      expect(debugLines.filter((l) => l.includes('/api/health'))).toHaveLength(1);
    } finally {
      await debugApp.close();
    }
  });
});

describe('the demo seeded on a first start', () => {
  // every other test file opens a copy of the database the run seeded once: this one seeds from
  // scratch through the API, as `npm start --demo` does, and finds what the copies hold
  const counts = async (server: TestServer) => {
    const run = async (statement: string) =>
      ((await server.database.db.execute(sql.raw(statement))) as unknown as { rows: Record<string, unknown>[] }).rows;
    const tables = await run(`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by 1`);
    const found: Record<string, number> = {};
    for (const { name } of tables)
      found[name as string] = (await run(`select count(*)::int as n from "${name as string}"`))[0]!.n as number;
    return found;
  };

  it('migrates an empty database and seeds the demo through the API, as the test copies have it', async () => {
    const fresh = await startTestServer({ fresh: true });
    const copy = await startTestServer();
    try {
      const seeded = await counts(fresh);
      expect(seeded).toMatchObject({
        organisations: 5,
        users: 14,
        roles: 13,
        devices: 12,
        vehicles: 6,
        fitments: 6,
        rtos: 10,
        sim_activations: 2,
        wallets: 5,
      });
      expect(await counts(copy)).toEqual(seeded);
    } finally {
      await fresh.close();
      await copy.close();
    }
  }, 240_000);
});
