import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createScratchDatabase } from '../../server/db/scratch.ts';
import { listenOnPostgres } from '../../server/db/listener.ts';
import { eventually } from '../gateway/device-client.ts';

/**
 * Every cache and the live feed hear other processes through LISTEN. PostgreSQL may cut that
 * connection (a restart, a failover, an administrator); the listener must open it again and say
 * when it was deaf, or a process would stop hearing changes for good.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a LISTEN connection', () => {
  let url: string;
  let drop = async () => {};
  beforeAll(async () => {
    ({ url, drop } = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'waymark_listen'));
  });
  afterAll(async () => {
    await drop();
  });

  async function run(statement: string, values: unknown[] = []) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(statement, values)).rows;
    } finally {
      await client.end();
    }
  }

  it('listens again after the server cut it, says when it was deaf, and hears what is sent after', async () => {
    const heard: string[] = [];
    const hearing: boolean[] = [];
    const stop = await listenOnPostgres(
      url,
      'test_channel',
      (payload) => heard.push(payload),
      (now) => hearing.push(now),
    );
    try {
      await run(`select pg_notify('test_channel', 'before')`);
      await eventually(() => heard.includes('before'), 2000, 'the first notification');

      const cut = await run(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN "test_channel"'`,
      );
      expect(cut).toHaveLength(1);
      await eventually(() => hearing.length === 1, 2000, 'the cut noticed');
      expect(hearing).toEqual([false]);
      await eventually(() => hearing.length === 2, 5000, 'listening again');
      expect(hearing).toEqual([false, true]);

      await run(`select pg_notify('test_channel', 'after')`);
      await eventually(() => heard.includes('after'), 2000, 'a notification after the cut');
      expect(heard).toEqual(['before', 'after']);
    } finally {
      await stop();
    }
    // stopped: no connection is left, and none is opened again
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(
      await run(`select pid from pg_stat_activity where datname = current_database() and query like 'LISTEN%'`),
    ).toEqual([]);
    expect(hearing).toEqual([false, true]);
  });

  it('refuses at once when the first connection fails', async () => {
    const nowhere = new URL(url);
    nowhere.pathname = '/waymark_no_such_database';
    await expect(listenOnPostgres(nowhere.toString(), 'test_channel', () => {})).rejects.toThrow(/does not exist/);
  });
});
