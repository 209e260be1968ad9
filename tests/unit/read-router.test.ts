import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Database, Db } from '../../server/db/client.ts';
import { lsnValue, ReadRouter, replicaFault, WROTE_COOKIE } from '../../server/db/replica.ts';
import { badRequest } from '../../server/http/errors.ts';
import { loadConfig } from '../../server/config.ts';

/**
 * The read router's rules without a server (server/db/replica.ts): which database a read goes to,
 * when a page read on the replica may be kept, and when the replica is left alone. The real
 * standby is tests/api/replica.test.ts.
 */
const hex = (n: bigint) => `${(n >> 32n).toString(16).toUpperCase()}/${(n & 0xffffffffn).toString(16).toUpperCase()}`;

function fakes() {
  const state = { primary: 100n, replayed: 100n, standby: true, replicaDown: false };
  const primary = { execute: async () => ({ rows: [{ lsn: hex(state.primary) }] }) } as unknown as Db;
  const replicaDb = {
    execute: async () => {
      if (state.replicaDown) throw new Error('connect ECONNREFUSED');
      return { rows: [{ standby: state.standby, lsn: state.standby ? hex(state.replayed) : null }] };
    },
  } as unknown as Db;
  const database = { db: primary, replica: { db: replicaDb, close: async () => undefined } } as unknown as Database;
  const logged: string[] = [];
  const log = {
    info: (message: string) => logged.push(message),
    warn: (message: string) => logged.push(message),
  } as unknown as FastifyBaseLogger;
  let generation = 0;
  const router = new ReadRouter(database, { maxLagMs: 1000, generation: () => generation, log });
  const request = (wrote?: bigint) =>
    ({ cookies: wrote === undefined ? {} : { [WROTE_COOKIE]: hex(wrote) } }) as unknown as FastifyRequest;
  return { state, router, request, logged, primary, replicaDb, change: () => ++generation };
}

describe('the read router', () => {
  it('orders WAL positions as numbers, and refuses what is not one', () => {
    expect(lsnValue('0/FFFFFFFF')! < lsnValue('1/0')!).toBe(true);
    expect(lsnValue('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    for (const bad of ['', '12', '0/', 'x/1', '1/2/3', '123456789/0', undefined, null])
      expect(lsnValue(bad)).toBeNull();
  });

  it('sends a reader to the replica, and a writer to the primary until the replica has his write', async () => {
    const { state, router, request, primary, replicaDb } = fakes();
    await router.check();
    expect(router.replicaInUse).toBe(true);
    expect(router.choose(request()).db).toBe(replicaDb);
    state.primary = 200n; // the user writes
    expect(router.choose(request(200n)).db).toBe(primary);
    expect(router.choose(request()).db).toBe(replicaDb);
    state.replayed = 200n;
    await router.check();
    expect(router.choose(request(200n)).db).toBe(replicaDb);
  });

  it('keeps a page read on the replica only once the replica has every change heard before the read', async () => {
    const { state, router, change } = fakes();
    await router.check();
    expect(router.caughtUpWith(0)).toBe(true);
    const ticket = change(); // a change is heard; the replica has not replayed it
    state.primary = 300n;
    await router.check();
    expect(router.caughtUpWith(ticket)).toBe(false);
    state.replayed = 300n;
    await router.check(); // this check reads the primary after the change: once replayed, pages may be kept
    expect(router.caughtUpWith(ticket)).toBe(true);
  });

  it('leaves reads to the primary while the replica lags, is down or is no standby, and says so once', async () => {
    const { state, router, request, primary, logged } = fakes();
    await router.check();
    state.primary = 400n;
    await router.check();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await router.check();
    await router.check();
    expect(router.replicaInUse).toBe(false);
    expect(router.choose(request()).db).toBe(primary);
    expect(logged.filter((line) => line.includes('lags'))).toHaveLength(1);
    state.replayed = 400n;
    await router.check();
    expect(router.replicaInUse).toBe(true);
    state.replicaDown = true;
    await router.check();
    expect(router.replicaInUse).toBe(false);
    expect(logged.at(-1)).toMatch(/does not answer/);
    state.replicaDown = false;
    state.standby = false;
    await router.check();
    await router.check();
    expect(router.replicaInUse).toBe(false);
    // one message per stretch on the primary (the lag, then down and no standby), none per check
    expect(logged.filter((line) => line.startsWith('Reading from the primary'))).toHaveLength(2);
  });

  it('runs a read the replica fails again on the primary', async () => {
    const { router, request, primary } = fakes();
    await router.check();
    const seen: Db[] = [];
    const answer = await router.run(request(), async (db, fromReplica) => {
      seen.push(db);
      if (fromReplica)
        throw Object.assign(new Error('canceling statement due to conflict with recovery'), { code: '40001' });
      return 'from the primary';
    });
    expect(answer).toBe('from the primary');
    expect(seen.at(-1)).toBe(primary);
    // a query cancelled by replay leaves the replica in use; a cut connection does not
    expect(router.replicaInUse).toBe(true);
    const cut = new Error('Connection terminated unexpectedly');
    await router.run(request(), async (_db, fromReplica) => {
      if (fromReplica) throw cut;
    });
    expect(router.replicaInUse).toBe(false);
  });

  it('tells faults of the replica from errors of the request', () => {
    const pgError = (code: string) => Object.assign(new Error(code), { code });
    expect(replicaFault(pgError('40001'))).toBe('conflict');
    expect(replicaFault(pgError('57P01'))).toBe('down');
    expect(replicaFault(pgError('08006'))).toBe('down');
    expect(replicaFault(new Error('connect ECONNREFUSED 127.0.0.1:5433'))).toBe('down');
    expect(replicaFault(pgError('22P02'))).toBeNull();
    expect(replicaFault(badRequest({ key: 'api.list.filterInvalid' } as never))).toBeNull();
  });

  it('needs DATABASE_URL for DATABASE_READ_URL', () => {
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://replica/waymark' })).toThrow(/DATABASE_URL/);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://primary/w', DATABASE_READ_URL: 'postgres://replica/w' }).databaseReadUrl,
    ).toBe('postgres://replica/w');
  });
});
