import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../server/db/client.ts';
import type { Caller } from '../../server/auth/caller.ts';
import { CHANGES_CHANNEL, ListCache, listTables, pageKey } from '../../server/resources/list-cache.ts';
import { findResource } from '../../resources/modules.ts';

/** A database whose watched tables are given and whose one listener the test drives. */
function fakeDatabase(watched: string[]) {
  const listener: { onPayload?: (payload: string) => void; onHearing?: (hearing: boolean) => void } = {};
  const database = {
    kind: 'postgres',
    db: { execute: async () => ({ rows: watched.map((table) => ({ table })) }) },
    async listen(channel: string, onPayload: (payload: string) => void, onHearing?: (hearing: boolean) => void) {
      expect(channel).toBe(CHANGES_CHANNEL);
      Object.assign(listener, { onPayload, onHearing });
      return async () => {};
    },
    close: async () => {},
  } as unknown as Database;
  return { database, listener };
}

const page = (body: string) => ({ body, headers: { 'Content-Range': `device 0-0/1` } });
const devices = new Set(['devices', 'organisations', 'device_models']);

async function started(watched = ['devices', 'organisations', 'device_models', 'vehicles']) {
  const { database, listener } = fakeDatabase(watched);
  const cache = new ListCache(database, true);
  await cache.start();
  return { cache, listener };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the list cache', () => {
  it('serves a page until a table it reads changes; a change elsewhere keeps it', async () => {
    const { cache, listener } = await started();
    cache.put('a', cache.ticket(), devices, page('[1]'));
    expect(cache.get('a')?.body).toBe('[1]');
    listener.onPayload!('vehicles');
    listener.onPayload!('no such table');
    expect(cache.get('a')?.body).toBe('[1]');
    listener.onPayload!('device_models');
    expect(cache.get('a')).toBeUndefined();
  });

  it('does not keep a page read while one of its tables changed, but keeps one read across an unrelated change', async () => {
    const { cache, listener } = await started();
    const ticket = cache.ticket();
    listener.onPayload!('vehicles');
    cache.put('a', ticket, devices, page('[1]'));
    expect(cache.get('a')?.body).toBe('[1]');
    const next = cache.ticket();
    listener.onPayload!('devices');
    cache.put('b', next, devices, page('[2]'));
    expect(cache.get('b')).toBeUndefined();
    const beforeWrite = cache.ticket();
    cache.forgetAll();
    cache.put('c', beforeWrite, devices, page('[3]'));
    expect(cache.get('c')).toBeUndefined();
  });

  it('serves and keeps nothing while its listener is deaf, and starts again empty', async () => {
    const { cache, listener } = await started();
    cache.put('a', cache.ticket(), devices, page('[1]'));
    const beforeDeaf = cache.ticket();
    listener.onHearing!(false);
    expect(cache.active).toBe(false);
    expect(cache.get('a')).toBeUndefined();
    cache.put('b', cache.ticket(), devices, page('[2]'));
    expect(cache.get('b')).toBeUndefined();
    listener.onHearing!(true);
    expect(cache.active).toBe(true);
    // nothing read before or while deaf is kept
    expect(cache.get('a')).toBeUndefined();
    cache.put('late', beforeDeaf, devices, page('[0]'));
    expect(cache.get('late')).toBeUndefined();
    cache.put('c', cache.ticket(), devices, page('[3]'));
    expect(cache.get('c')?.body).toBe('[3]');
  });

  it('reads a page again after 30 seconds whatever was heard', async () => {
    vi.useFakeTimers();
    const { cache } = await started();
    cache.put('a', cache.ticket(), devices, page('[1]'));
    vi.advanceTimersByTime(29_000);
    expect(cache.get('a')?.body).toBe('[1]');
    vi.advanceTimersByTime(31_000);
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps at most 5,000 pages, dropping the least recently read, and no page over a million characters', async () => {
    const { cache } = await started();
    for (let i = 0; i < 5000; i++) cache.put(`page ${i}`, cache.ticket(), devices, page(`[${i}]`));
    expect(cache.get('page 0')?.body).toBe('[0]');
    cache.put('one more', cache.ticket(), devices, page('[5000]'));
    expect(cache.get('page 0')?.body).toBe('[0]');
    expect(cache.get('page 1')).toBeUndefined();
    expect(cache.get('one more')?.body).toBe('[5000]');
    cache.put('wide', cache.ticket(), devices, page(`[${'1,'.repeat(600_000)}1]`));
    expect(cache.get('wide')).toBeUndefined();
  });

  it('is never active when disabled', async () => {
    const { database } = fakeDatabase(['devices', 'organisations', 'device_models']);
    const cache = new ListCache(database, false);
    await cache.start();
    expect(cache.active).toBe(false);
    expect(cache.tablesOf(findResource('device')!, { listReads: [] })).toBeUndefined();
  });
});

describe('what a list page depends on', () => {
  it("is its table, its references' tables, organisations and what its hooks declare", () => {
    expect(listTables(findResource('vehicle')!, {})).toEqual(
      new Set(['vehicles', 'organisations', 'users', 'devices', 'vehicle_groups', 'routes']),
    );
    expect(listTables(findResource('user')!, { listReads: ['roles'], extraFilters: {} })).toContain('roles');
  });

  it('is unknown for device history and for hooks that filter without saying what they read', () => {
    expect(listTables(findResource('positions')!, { listReads: [] })).toBeUndefined();
    expect(listTables(findResource('device')!, { extraFilters: {} })).toBeUndefined();
    expect(listTables(findResource('role')!, { decorate: () => {} })).toBeUndefined();
  });

  it('must be watched, every table of it, for a page to be kept', async () => {
    const { cache } = await started(['vehicles', 'organisations', 'users', 'devices', 'vehicle_groups']);
    expect(cache.tablesOf(findResource('vehicle')!, {})).toBeUndefined();
    const { cache: everything } = await started([
      'vehicles',
      'organisations',
      'users',
      'devices',
      'vehicle_groups',
      'routes',
    ]);
    expect(everything.tablesOf(findResource('vehicle')!, {})).toBeDefined();
  });
});

describe('the key of a page', () => {
  const caller: Caller = {
    userId: 'u1',
    sessionId: 's1',
    roleId: 'r1',
    roleName: 'DEALER',
    isSuperAdmin: false,
    permissions: [],
    organisationId: 'o1',
    organisationPath: '/root/o1/',
    email: null,
    phone: null,
  };

  it('differs for another user, another organisation path or another parameter, and not for parameter order', () => {
    const key = pageKey('/device', caller, { sort: '["imei","ASC"]', range: '[0,9]' });
    expect(pageKey('/device', caller, { range: '[0,9]', sort: '["imei","ASC"]' })).toBe(key);
    expect(pageKey('/device', { ...caller, sessionId: 's2' }, { range: '[0,9]', sort: '["imei","ASC"]' })).toBe(key);
    expect(pageKey('/device', { ...caller, userId: 'u2' }, { sort: '["imei","ASC"]', range: '[0,9]' })).not.toBe(key);
    expect(
      pageKey('/device', { ...caller, organisationPath: '/root/o2/' }, { sort: '["imei","ASC"]', range: '[0,9]' }),
    ).not.toBe(key);
    expect(pageKey('/device', { ...caller, isSuperAdmin: true }, { sort: '["imei","ASC"]', range: '[0,9]' })).not.toBe(
      key,
    );
    expect(pageKey('/device', caller, { sort: '["imei","ASC"]', range: '[0,9]', status: 'NEW' })).not.toBe(key);
    expect(pageKey('/vehicle', caller, { sort: '["imei","ASC"]', range: '[0,9]' })).not.toBe(key);
  });
});
