import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEMO_PASSWORD, demoEmail, login, startTestServer, type TestServer } from './harness.ts';
import { call, createSample, demoWorld, type Api } from './resource-fixtures.ts';
import { findResource } from '../../resources/modules.ts';
import { query } from '../../server/resources/sql.ts';

let server: TestServer;
let as: Record<string, Api>;
let orgs: Record<string, string>;
let devices: { imei: string; status: string; organisationId: string }[];
beforeAll(async () => {
  server = await startTestServer();
  ({ as, orgs, devices } = await demoWorld<(typeof devices)[number]>(server.app, [
    'superadmin',
    'admin',
    'rfcadmin',
    'dealer',
    'distributer',
    'customer',
  ]));
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

  /** What an action sent and to which record, and the secrets its row must never hold. */
  interface Made {
    targetId: string | null;
    sent: Record<string, unknown>;
    secrets: string[];
  }
  const answered = async (response: Promise<{ statusCode: number; body: string }>, expected: number) => {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBe(expected);
    return JSON.parse(answer.body || '{}');
  };
  const userIdOf = async (who: string) =>
    (await query<{ id: string }>(server.database.db, sql`select id from users where email = ${demoEmail(who)}`))[0]!.id;
  const makeToken = async (api: Api, name: string) => {
    const sent = { name, expiresInDays: 30, permissions: ['management-device'] };
    const made = (await answered(call(api, 'POST', '/api-tokens', sent), 201)).data as { id: string; token: string };
    return { sent, made };
  };

  it.each<[string, string, string, (api: Api) => Promise<Made>]>([
    [
      "a role's grants changed",
      'superadmin',
      'PUT /api/roles/:id',
      async (api) => {
        const role = { name: 'Audit night shift', authScopes: [], organisationId: orgs['Metro Auto Dealers'] };
        const { id } = await answered(call(api, 'POST', '/roles', role), 201);
        const sent = { authScopes: [{ id: 'management-device', allowed: true, actions: { 'view-device': true } }] };
        await answered(call(api, 'PUT', `/roles/${id}`, sent), 200);
        return { targetId: id, sent, secrets: [] };
      },
    ],
    [
      'money added to a wallet',
      'admin',
      'PUT /api/wallets/add/:id',
      async (api) => {
        const [wallet] = await answered(call(api, 'GET', `/wallets?userId=${await userIdOf('rfcadmin')}`), 200);
        const sent = {
          amount: 10_000,
          description: 'Top-up by UPI',
          reference: 'UPIAUDIT1',
          idempotencyKey: 'audit-1',
        };
        await answered(call(api, 'PUT', `/wallets/add/${wallet.id}`, sent), 200);
        return { targetId: wallet.id, sent, secrets: [] };
      },
    ],
    [
      'a certificate corrected',
      'rfcadmin',
      'PUT /api/certificate/:imei',
      async (api) => {
        const { imei } = devices.find(
          (d) => d.organisationId === orgs['Sunrise Logistics'] && d.status === 'INSTALLED',
        )!;
        const sent = { vehicle: { engineNo: 'ENGAUDIT1' } };
        await answered(call(api, 'PUT', `/certificate/${imei}`, sent), 200);
        return { targetId: imei, sent, secrets: [] };
      },
    ],
    [
      'an API token made',
      'dealer',
      'POST /api/api-tokens',
      async (api) => {
        const { sent, made } = await makeToken(api, 'Audit ERP');
        return { targetId: null, sent, secrets: [made.token] };
      },
    ],
    [
      'an API token revoked',
      'dealer',
      'DELETE /api/api-tokens/:id',
      async (api) => {
        const { made } = await makeToken(api, 'Audit script');
        await answered(call(api, 'DELETE', `/api-tokens/${made.id}`), 200);
        return { targetId: made.id, sent: {}, secrets: [made.token] };
      },
    ],
    [
      'a forwarding destination made',
      'superadmin',
      'POST /api/forwarding-destinations',
      async (api) => {
        const sent = {
          name: 'Audit ERP feed',
          kind: 'HTTP',
          address: 'https://example.com/audit-erp',
          organisationId: orgs['Metro Auto Dealers'],
          enabled: false,
        };
        const { id } = await answered(call(api, 'POST', '/forwarding-destinations', sent), 201);
        const [stored] = await query<{ secret: string }>(
          server.database.db,
          sql`select secret from forwarding_destinations where id = ${id}::uuid`,
        );
        return { targetId: null, sent, secrets: [stored!.secret] };
      },
    ],
    [
      'a notification rule made',
      'dealer',
      'POST /api/notificationrules',
      async (api) => {
        const sent = {
          name: 'Audit panic to the ERP',
          eventType: 'SOS',
          channels: ['webhook'],
          webhookUrl: 'https://hooks.metro.example/audit',
          organisationId: orgs['Sunrise Logistics'],
        };
        const { webhookSecret } = await answered(call(api, 'POST', '/notificationrules', sent), 201);
        return { targetId: null, sent, secrets: [webhookSecret] };
      },
    ],
  ])('keeps %s (by the %s) as %s, with its target and actor, never a secret', async (_, who, action, make) => {
    const api = as[who]!;
    const { targetId, sent, secrets } = await make(api);
    const row = await eventually(async () =>
      (await auditOf(as.superadmin!, targetId ? { action, targetId } : { action })).find((r) =>
        Object.entries(sent).every(([key, value]) => isDeepStrictEqual(r.details[key], value)),
      ),
    );
    expect(row).toMatchObject({ event: 'change', action, targetId, actorId: await userIdOf(who) });
    for (const secret of [...secrets, api.token, DEMO_PASSWORD]) {
      expect(secret).toBeTypeOf('string');
      expect(JSON.stringify(row)).not.toContain(secret);
    }
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
