import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { resources } from '../../resources/modules.ts';
import { hooksByResource } from '../../server/resources/plugin.ts';
import { CHANGES_CHANNEL } from '../../server/resources/list-cache.ts';
import { loadConfig } from '../../server/config.ts';
import { eventually } from '../gateway/device-client.ts';
import { DEMO_PASSWORD, demoEmail, signIn, startTestServer, type TestServer } from './harness.ts';
import { call, demoWorld, type Api } from './resource-fixtures.ts';

/**
 * List pages are kept in memory (server/resources/list-cache.ts). Whatever the cache does, a list
 * must show a write through the API at once, another process's write once its NOTIFY arrives,
 * nobody's page to anybody else, and nothing to a caller who lost the right to read.
 */
let server: TestServer;
let as: Record<string, Api>;
let orgs: Record<string, string>;
beforeAll(async () => {
  // a small count limit, so that some answers carry X-Total-Estimated too
  server = await startTestServer({ config: { exactCountLimit: 5 } });
  ({ as, orgs } = await demoWorld(server.app, ['superadmin', 'dealer', 'customer', 'distributer']));
});
afterAll(async () => {
  await server?.close();
});

interface Row {
  id: string;
  imei?: string;
  name?: string;
  organisationId?: string;
  deviceId?: string | null;
  labels?: Record<string, string>;
}

const url = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query)}`;

async function list(api: Api, path: string) {
  const response = await call(api, 'GET', path);
  expect(response.statusCode, response.body).toBe(200);
  return { rows: response.json() as Row[], response };
}

/** A change no list can hear of (its triggers do not fire): whoever still shows the old data was served from memory. */
async function unheard(statement: SQL) {
  await server.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}

/**
 * Waits until the cache has heard every change made so far. On PostgreSQL a NOTIFY reaches the
 * listener's own connection some time after its statement returns: an earlier test's clean-up
 * could otherwise empty a page this test has just read. PostgreSQL delivers notifications in
 * commit order, so once a marker sent now is heard, everything before it has been.
 */
async function everythingHeard() {
  const cache = server.app.listCache;
  const marker = `heard-${randomUUID()}`;
  const original = cache.forgetTable;
  const heard = new Promise<void>((resolve) => {
    cache.forgetTable = (table: string) => {
      original.call(cache, table);
      if (table === marker) resolve();
    };
  });
  try {
    await server.database.db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${marker})`);
    await heard;
  } finally {
    cache.forgetTable = original;
  }
}

/** Turns a table's list-cache triggers off (or on again): its changes then reach no listener. */
async function notifying(table: string, on: boolean) {
  for (const event of ['insert', 'update', 'delete', 'truncate']) {
    await server.database.db.execute(
      sql.raw(`alter table ${table} ${on ? 'enable' : 'disable'} trigger ${table}_changed_${event}`),
    );
  }
}

describe('the list cache', () => {
  beforeEach(everythingHeard);

  it('shows a create, an update and a delete through the API on the very next list, without waiting for a NOTIFY', async () => {
    await notifying('devices', false);
    try {
      await writesThroughTheApi();
    } finally {
      await notifying('devices', true);
    }
  });

  async function writesThroughTheApi() {
    const devices = url('/device', { sort: '["imei","DESC"]', range: '[0,4]' });
    // a search few rows match has an exact total
    const searched = url('/device', { filter: '{"q":"99999999999990"}' });
    const total = async () => String((await list(as.superadmin!, searched)).response.headers['content-range']);
    expect(await total()).toBe('device */0');
    const first = await list(as.superadmin!, devices);
    const top = first.rows[0]!;
    await unheard(sql`update devices set name = 'Unheard of' where id = ${top.id}::uuid`);
    expect((await list(as.superadmin!, devices)).rows[0]!.name, 'the second list came from memory').not.toBe(
      'Unheard of',
    );

    const created = await call(as.superadmin!, 'POST', '/device', {
      imei: '999999999999901',
      name: 'Created',
      status: 'NEW',
    });
    expect(created.statusCode, created.body).toBe(201);
    const afterCreate = await list(as.superadmin!, devices);
    expect(afterCreate.rows.map((d) => d.imei).slice(0, 2)).toEqual(['999999999999901', top.imei]);
    expect(afterCreate.rows[1]!.name, 'the page was read again, whatever it had not heard').toBe('Unheard of');
    expect(await total()).toBe('device 0-0/1');

    const id = (created.json() as Row).id;
    expect((await call(as.superadmin!, 'PUT', `/device/${id}`, { name: 'Renamed' })).statusCode).toBe(200);
    expect((await list(as.superadmin!, devices)).rows[0]!.name).toBe('Renamed');

    expect((await call(as.superadmin!, 'DELETE', `/device/${id}`)).statusCode).toBe(200);
    expect((await list(as.superadmin!, devices)).rows[0]!.imei).toBe(top.imei);
    expect(await total()).toBe('device */0');
  }

  it('keeps its pages through sign-ins, token refreshes and sign-outs, which write only sessions', async () => {
    const devices = url('/device', { sort: '["imei","ASC"]', range: '[0,2]' });
    const first = (await list(as.superadmin!, devices)).rows[0]!;
    await unheard(sql`update devices set name = 'Unheard of' where id = ${first.id}::uuid`);
    try {
      const session = await signIn(server.app, demoEmail('dealer'));
      const refreshed = await server.app.inject({
        method: 'POST',
        url: '/api/auth/refresh-tokens',
        payload: { refreshToken: session.token.refresh.token },
      });
      expect(refreshed.statusCode, refreshed.body).toBe(200);
      const signedOut = await server.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        payload: { refreshToken: refreshed.json().data.refresh.token },
      });
      expect(signedOut.statusCode, signedOut.body).toBe(200);
      expect((await list(as.superadmin!, devices)).rows[0]!.name, 'the page came from memory still').not.toBe(
        'Unheard of',
      );
    } finally {
      await server.database.db.execute(
        sql`update devices set name = ${first.name ?? null} where id = ${first.id}::uuid`,
      );
    }
  });

  it('shows a change made straight in the database once its NOTIFY arrives, in every list that reads the table', async () => {
    const vehicles = url('/vehicle', { sort: '["registrationNumber","ASC"]', range: '[0,9]' });
    const fitted = (await list(as.superadmin!, vehicles)).rows.find((v) => v.deviceId)!;
    expect(fitted).toBeDefined();
    await unheard(sql`update vehicles set name = 'Unheard of' where id = ${fitted.id}::uuid`);
    const kept = (await list(as.superadmin!, vehicles)).rows.find((v) => v.id === fitted.id)!;
    expect(kept.name, 'the second list came from memory').not.toBe('Unheard of');

    // as another process would: the vehicle list names the device by its IMEI
    await server.database.db.execute(
      sql`update devices set imei = '999999999999911' where id = ${fitted.deviceId!}::uuid`,
    );
    await eventually(
      async () => {
        const vehicle = (await list(as.superadmin!, vehicles)).rows.find((v) => v.id === fitted.id)!;
        return vehicle.labels?.deviceId === '999999999999911' && vehicle.name === 'Unheard of';
      },
      2000,
      'the vehicle list to name the device by its new IMEI',
    );
    await server.database.db.execute(sql`update vehicles set name = ${fitted.name!} where id = ${fitted.id}::uuid`);
    await eventually(
      async () => (await list(as.superadmin!, vehicles)).rows.find((v) => v.id === fitted.id)!.name === fitted.name,
      2000,
      "the vehicle's name back",
    );
  });

  it("never gives one caller's page to another, of another organisation or of the same one", async () => {
    const created = await call(as.dealer!, 'POST', '/vehicle', {
      name: "Dealer's own",
      registrationNumber: 'MH12ZZ9901',
      category: 'BUS',
    });
    expect(created.statusCode, created.body).toBe(201);
    const vehicles = url('/vehicle', { sort: '["registrationNumber","ASC"]', range: '[0,49]' });
    const dealers = (await list(as.dealer!, vehicles)).rows;
    expect(dealers.some((v) => v.organisationId !== orgs['Sunrise Logistics'])).toBe(true);
    const customers = (await list(as.customer!, vehicles)).rows;
    expect(customers.length).toBeGreaterThan(0);
    expect(customers.every((v) => v.organisationId === orgs['Sunrise Logistics'])).toBe(true);

    // a second dealer of the same organisation, same role, same devices: still a page of their own
    const roles = (await call(as.superadmin!, 'GET', url('/roles', { filter: '{"name":"DEALER"}' }))).json() as {
      id: string;
    }[];
    const colleague = await call(as.superadmin!, 'POST', '/users', {
      firstName: 'Second',
      lastName: 'Dealer',
      email: 'second.dealer@list-cache.test',
      phone: '9811100077',
      password: DEMO_PASSWORD,
      roleId: roles[0]!.id,
      organisationId: orgs['Metro Auto Dealers'],
    });
    expect(colleague.statusCode, colleague.body).toBe(201);
    const second = {
      app: server.app,
      token: (await signIn(server.app, 'second.dealer@list-cache.test')).token.access.token,
    };
    const devices = url('/device', { sort: '["imei","ASC"]', range: '[0,2]' });
    const dealerPage = (await list(as.dealer!, devices)).rows;
    await unheard(sql`update devices set name = 'Unheard of' where id = ${dealerPage[0]!.id}::uuid`);
    expect((await list(as.dealer!, devices)).rows[0]!.name, "the dealer's page is kept").not.toBe('Unheard of');
    expect((await list(second, devices)).rows[0]!.name).toBe('Unheard of');
  });

  it('refuses a caller whose role no longer reads the list, though their page is kept', async () => {
    const devices = url('/device', { sort: '["imei","ASC"]', range: '[3,5]' });
    const page = (await list(as.distributer!, devices)).rows;
    await unheard(sql`update devices set name = 'Unheard of' where id = ${page[0]!.id}::uuid`);
    expect((await list(as.distributer!, devices)).rows[0]!.name, 'the page is kept').not.toBe('Unheard of');
    await server.database.db.execute(sql`update roles set auth_scopes = '[]'::jsonb where name = 'DISTRIBUTER'`);
    await eventually(
      async () => (await call(as.distributer!, 'GET', devices)).statusCode === 403,
      5000,
      'the narrowed role refused',
    );
  });

  it('sends the same headers and body from memory as from the database', async () => {
    const devices = url('/device', { sort: '["imei","ASC"]', range: '[0,3]', filter: '{"status":"INSTALLED"}' });
    const fromDatabase = (await list(as.superadmin!, devices)).response;
    await unheard(sql`update devices set name = 'Unheard of' where imei = ${(fromDatabase.json() as Row[])[0]!.imei!}`);
    const fromMemory = (await list(as.superadmin!, devices)).response;
    expect(fromMemory.body, 'the second answer came from memory').toBe(fromDatabase.body);
    for (const name of ['content-range', 'x-total-estimated', 'access-control-expose-headers', 'content-type']) {
      expect(fromMemory.headers[name], name).toBe(fromDatabase.headers[name]);
    }
    expect(fromMemory.headers['content-range']).toMatch(/^device 0-3\/\d+$/);
    expect(fromMemory.headers['x-total-estimated']).toBe('true');
    // an export page is never kept
    const exported = (
      await list(
        as.superadmin!,
        url('/device/export', { sort: '["imei","ASC"]', range: '[0,3]', filter: '{"status":"INSTALLED"}' }),
      )
    ).rows;
    expect(exported[0]!.name).toBe('Unheard of');
    await call(as.superadmin!, 'PUT', `/device/${exported[0]!.id}`, { name: null });
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'reads the database while its listener is lost, and keeps pages again once it listens',
    async () => {
      const devices = url('/device', { sort: '["imei","ASC"]', range: '[6,8]' });
      const page = (await list(as.superadmin!, devices)).rows;
      await server.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN "waymark_changes"'`,
      );
      await eventually(() => !server.app.listCache.active, 2000, 'the lost listener noticed');
      await unheard(sql`update devices set name = 'Unheard of' where id = ${page[0]!.id}::uuid`);
      expect((await list(as.superadmin!, devices)).rows[0]!.name).toBe('Unheard of');
      await eventually(() => server.app.listCache.active, 10_000, 'listening again');
      await list(as.superadmin!, devices);
      await unheard(sql`update devices set name = 'Unheard again' where id = ${page[0]!.id}::uuid`);
      expect((await list(as.superadmin!, devices)).rows[0]!.name, 'kept again').toBe('Unheard of');
    },
  );

  it('keeps the pages of every declared list but the logs written on every frame or change (history, audit, deliveries)', () => {
    const kept = resources
      .filter((r) => server.app.listCache.tablesOf(r, hooksByResource[r.name] ?? {}))
      .map((r) => r.name);
    expect(
      resources
        .map((r) => r.name)
        .filter((name) => !kept.includes(name))
        .sort(),
    ).toEqual(['audit-log', 'deliveries', 'eventlogs', 'positions', 'raw-logs']);
  });

  it('is off with WAYMARK_LIST_CACHE=0', () => {
    expect(loadConfig({}).listCache).toBe(true);
    expect(loadConfig({ WAYMARK_LIST_CACHE: '0' }).listCache).toBe(false);
  });
});
