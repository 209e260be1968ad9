import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEMO_PASSWORD, demoEmail, login, startTestServer, type TestServer } from './harness.ts';
import { call, createSample, demoWorld, type Api } from './resource-fixtures.ts';
import { findResource } from '../../resources/modules.ts';
import { query } from '../../server/resources/sql.ts';

let server: TestServer;
let as: Record<string, Api>;
let orgs: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer();
  ({ as, orgs } = await demoWorld(server.app, ['superadmin', 'dealer', 'distributer', 'customer']));
});
afterAll(async () => {
  await server?.close();
});

interface AuditRow {
  id: string;
  event: string;
  actorId: string | null;
  account: string | null;
  action: string;
  targetId: string | null;
  address: string;
  details: Record<string, unknown>;
  organisationId: string | null;
}

/** The log as `api` reads it, newest first; the row is written once the answer has left, so a test waits for it. */
async function auditOf(api: Api, filter: Record<string, unknown> = {}): Promise<AuditRow[]> {
  const url = `/audit-log?filter=${encodeURIComponent(JSON.stringify(filter))}&sort=["at","DESC"]&range=[0,199]`;
  const response = await call(api, 'GET', url);
  expect(response.statusCode).toBe(200);
  return response.json() as AuditRow[];
}
const eventually = async (read: () => Promise<AuditRow | undefined>) => {
  let row: AuditRow | undefined;
  await expect.poll(async () => (row = await read()), { timeout: 15_000 }).toBeTruthy();
  return row!;
};

describe('the audit log', () => {
  it('keeps sign-ins, refused ones (known account or not) and sign-outs, with the address', async () => {
    const dealer = demoEmail('dealer');
    expect((await login(server.app, dealer, 'Wrong-pass-1')).statusCode).toBe(401);
    expect((await login(server.app, 'nobody@nowhere.example', 'Wrong-pass-1')).statusCode).toBe(401);
    const signedIn = await login(server.app, dealer, DEMO_PASSWORD);
    const session = signedIn.json().data;
    const out = await server.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: session.token.refresh.token },
    });
    expect(out.statusCode).toBe(200);

    const events = (rows: AuditRow[]) => rows.filter((r) => r.account === dealer).map((r) => r.event);
    await expect
      .poll(async () => events(await auditOf(as.superadmin!)).slice(0, 3))
      .toEqual(['sign-out', 'sign-in', 'sign-in-failed']);
    const rows = await auditOf(as.superadmin!);
    const refused = rows.find((r) => r.account === dealer && r.event === 'sign-in-failed')!;
    expect(refused).toMatchObject({ actorId: session.user.id, action: 'POST /api/auth/login', address: '127.0.0.1' });
    expect(refused.details).toEqual({ username: dealer });
    const stranger = rows.find((r) => r.account === 'nobody@nowhere.example')!;
    expect(stranger).toMatchObject({ event: 'sign-in-failed', actorId: null, organisationId: null });
  });

  it('keeps each change with who made it and what was sent, never a password, and nothing of a refused one', async () => {
    const user = await createSample(as.dealer!, findResource('user')!, orgs['Metro Auto Dealers']!);
    const created = await eventually(async () =>
      (await auditOf(as.dealer!, { action: 'POST /api/users' })).find((r) => r.details.email === user.email),
    );
    expect(created.event).toBe('change');
    expect(created.details).not.toHaveProperty('password');
    expect(JSON.stringify(created.details)).not.toContain('Sample@');

    const settings = `/organisation/settings/${orgs['Metro Auto Dealers']}`;
    const current = (await call(as.superadmin!, 'GET', settings)).json().data.settings;
    expect((await call(as.superadmin!, 'PUT', settings, { ...current, priceOneYearPaise: 123_400 })).statusCode).toBe(
      200,
    );
    const priced = await eventually(
      async () => (await auditOf(as.superadmin!, { action: 'PUT /api/organisation/settings/:id' }))[0],
    );
    expect(priced).toMatchObject({ targetId: orgs['Metro Auto Dealers'], details: { priceOneYearPaise: 123_400 } });

    // refused: no change, no row (a later change's row shows the refused one's would have been written by then)
    expect((await call(as.customer!, 'PUT', settings, { ...current, priceOneYearPaise: 1 })).statusCode).toBe(403);
    expect((await call(as.superadmin!, 'PUT', settings, { ...current, priceOneYearPaise: 123_500 })).statusCode).toBe(
      200,
    );
    await eventually(async () =>
      (await auditOf(as.superadmin!, { action: 'PUT /api/organisation/settings/:id' })).find(
        (r) => r.details.priceOneYearPaise === 123_500,
      ),
    );
    const settingsRows = await auditOf(as.superadmin!, { action: 'PUT /api/organisation/settings/:id' });
    const prices = settingsRows.map((r) => r.details.priceOneYearPaise);
    expect(prices.slice(0, 2)).toEqual([123_500, 123_400]);
    expect(prices).not.toContain(1);
  });

  it('is read by administrators for their own tree only, and by no one without the module', async () => {
    const mine = await auditOf(as.dealer!);
    expect(mine.length).toBeGreaterThan(0);
    const [tree] = await query<{ ids: string[] }>(
      server.database.db,
      sql`select array_agg(o.id) as ids from organisations o join organisations me on o.path like me.path || '%'
      where me.id = ${orgs['Metro Auto Dealers']!}::uuid`,
    );
    expect(mine.every((row) => tree!.ids.includes(row.organisationId!))).toBe(true);
    // the provider's own changes (its prices for the dealer) are not the dealer's to read
    expect(mine.some((row) => row.action === 'PUT /api/organisation/settings/:id')).toBe(false);
    // the distributor above the dealer sees the dealer's changes
    expect((await auditOf(as.distributer!)).some((row) => row.action === 'POST /api/users')).toBe(true);
    expect((await call(as.customer!, 'GET', '/audit-log')).statusCode).toBe(403);
  });

  it('cannot be changed or deleted, even by a statement on the database', async () => {
    const [row] = await auditOf(as.superadmin!);
    await expect(
      server.database.db.execute(sql`update audit_log set action = 'nothing' where id = ${row!.id}`),
    ).rejects.toThrow();
    await expect(server.database.db.execute(sql`delete from audit_log where id = ${row!.id}`)).rejects.toThrow();
    expect((await call(as.superadmin!, 'DELETE', `/audit-log/${row!.id}`)).statusCode).toBeGreaterThanOrEqual(400);
  });
});
