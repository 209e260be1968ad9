import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { bearer, demoEmail, signIn, startTestServer, type TestServer } from './harness.ts';
import { apiTokens } from '../../server/db/token-schema.ts';
import { flattenAuthScopes, type AuthScope } from '../../core/permissions.ts';
import { walletTransactions } from '../../server/db/wallet-schema.ts';
import { eventually } from '../gateway/device-client.ts';

/** Tokens are rate limited per token; this file's server allows this many requests a minute. */
const PER_MINUTE = 15;

let server: TestServer;
let superAdmin: string;
beforeAll(async () => {
  server = await startTestServer({ config: { apiTokenPerMinute: PER_MINUTE } });
  superAdmin = (await signIn(server.app, demoEmail('superadmin'))).token.access.token;
});
afterAll(async () => {
  await server?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object, remoteAddress?: string) =>
  server.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload, remoteAddress });

async function person(local: string) {
  const signed = await signIn(server.app, demoEmail(local));
  return {
    access: signed.token.access.token,
    id: signed.user.id,
    permissions: flattenAuthScopes(signed.role.authScopes as AuthScope[]),
  };
}

async function makeToken(access: string, body: Record<string, unknown>) {
  const made = await call('POST', '/api-tokens', access, { name: 'script', expiresInDays: 30, ...body });
  expect(made.statusCode, made.body).toBe(201);
  return made.json().data as { id: string; token: string; prefix: string; permissions: string[] };
}

const total = (response: { headers: Record<string, unknown> }) =>
  Number(String(response.headers['content-range']).split('/')[1]);

describe('API tokens', () => {
  it('are shown once and stored as a hash of the secret, never the secret', async () => {
    const dealer = await person('dealer');
    const made = await makeToken(dealer.access, { name: 'ERP', permissions: ['management-device'] });
    expect(made.token).toMatch(/^wmk_[A-Za-z0-9_-]{40,}$/);
    expect(made.token.startsWith(made.prefix)).toBe(true);
    const listed = await call('GET', '/api-tokens', dealer.access);
    expect(listed.statusCode).toBe(200);
    const mine = (listed.json().data as { id: string }[]).find((t) => t.id === made.id)!;
    expect(mine).toMatchObject({ name: 'ERP', permissions: ['management-device'], revokedAt: null });
    expect(listed.body).not.toContain(made.token);
    expect(mine).not.toHaveProperty('token');
    expect(mine).not.toHaveProperty('tokenHash');
    const [row] = await server.database.db.select().from(apiTokens).where(eq(apiTokens.id, made.id));
    expect(row!.tokenHash).toBe(crypto.createHash('sha256').update(made.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(made.token);
  });

  it('acts with the chosen permissions alone, within the user organisation scope', async () => {
    const dealer = await person('dealer');
    expect(dealer.permissions).toContain('management-vehicle');
    const made = await makeToken(dealer.access, { permissions: ['management-device'] });
    const devices = await call('GET', '/device', made.token);
    expect(devices.statusCode).toBe(200);
    // the dealer's own devices, not the super-admin's whole tree
    expect(total(devices)).toBe(total(await call('GET', '/device', dealer.access)));
    expect(total(devices)).toBeLessThan(total(await call('GET', '/device', superAdmin)));
    expect((await call('GET', '/vehicle', made.token)).statusCode).toBe(403);
    expect((await call('GET', '/vehicle', dealer.access)).statusCode).toBe(200);
  });

  it('cannot be given a permission its user lacks', async () => {
    const dealer = await person('dealer');
    expect(dealer.permissions).not.toContain('management-role');
    const refused = await call('POST', '/api-tokens', dealer.access, {
      name: 'too much',
      expiresInDays: 30,
      permissions: ['management-device', 'management-role'],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      success: false,
      errors: { permissions: 'You cannot give a token permissions you do not have: management-role' },
    });
    const count = await server.database.db.execute(
      sql`select count(*)::int as n from api_tokens where name = 'too much'`,
    );
    expect((count as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('a read-only token reads and never writes', async () => {
    const dealer = await person('dealer');
    const made = await makeToken(dealer.access, { permissions: ['management-vehicle', 'add-vehicle'], readOnly: true });
    expect((await call('GET', '/vehicle', made.token)).statusCode).toBe(200);
    const write = await call('POST', '/vehicle', made.token, { name: 'x', registrationNumber: 'MH01AB1234' });
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe('This API token is read-only');
  });

  it('cannot move money or reach the sign-in, password and token routes', async () => {
    const admin = await person('superadmin');
    const made = await makeToken(admin.access, {
      permissions: ['add-money-wallet', 'deduct-money-wallet', 'pay-renewal-from-wallet', 'set-user-password'],
    });
    const somewhere = crypto.randomUUID();
    const refusals = [
      await call('PUT', `/wallets/add/${somewhere}`, made.token, { amount: 100, idempotencyKey: 'k1' }),
      await call('PUT', `/wallets/deduct/${somewhere}`, made.token, { amount: 100, idempotencyKey: 'k2' }),
      await call('POST', '/renewal/orders/RN-1/wallet-payment', made.token, { imei: '123456789012345' }),
      await call('POST', '/auth/login', made.token, { username: demoEmail('dealer'), password: 'x' }),
      await call('POST', '/auth/refresh-tokens', made.token, { refreshToken: 'x' }),
      await call('POST', '/auth/change-password', made.token, { username: 'a', password: 'b', newpassword: 'c' }),
      await call('POST', '/auth/forgot-password', made.token, { username: demoEmail('dealer') }),
      await call('GET', '/api-tokens', made.token),
      await call('POST', '/api-tokens', made.token, {
        name: 'child',
        expiresInDays: 1,
        permissions: ['add-money-wallet'],
      }),
      await call('DELETE', `/api-tokens/${made.id}`, made.token),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('This can only be done by a person signed in, not with an API token');
    }
    // the token is still there and its user made no child
    const listed = (await call('GET', '/api-tokens', admin.access)).json().data as { id: string; revokedAt: null }[];
    expect(listed.find((t) => t.id === made.id)?.revokedAt).toBeNull();
    expect(listed.some((t) => (t as unknown as { name: string }).name === 'child')).toBe(false);
  });

  it('cannot buy activation time from the wallet: a fitment that would charge it is refused to a token', async () => {
    const dealer = await person('dealer');
    const organisations = (await call('GET', '/organisation?range=[0,99]', superAdmin)).json() as {
      id: string;
      tradeName: string;
    }[];
    const dealers = organisations.find((o) => o.tradeName === 'Metro Auto Dealers')!.id;
    const devices = (await call('GET', '/device?sort=["imei","ASC"]&range=[0,99]', superAdmin)).json() as {
      imei: string;
      organisationId: string;
    }[];
    const imei = devices.find((d) => d.organisationId === dealers)!.imei;
    const fitment = {
      vehicle: {
        category: 'TRUCK',
        registrationNumber: 'UP78TK0001',
        engineNo: 'ENGTK01',
        chassisNo: 'CHSTK01',
        regDate: '2025-06-01',
        rto: 'Kanpur Nagar-UP78',
        rtoCode: 'UP_UP78',
        make: 'Tata',
        model: 'Ace',
      },
      device: { imei, panicButtonCount: 2 },
      customer: {
        firstName: 'Ravi',
        lastName: 'Kumar',
        email: 'token@fitment.test',
        phone: '9811100901',
        address: 'Kanpur',
      },
      fitmentDate: '2026-11-20',
      durationInDays: 365,
      deviceActivate: true,
    };
    const made = await makeToken(dealer.access, {
      permissions: dealer.permissions.filter((p) => !p.startsWith('group-')),
    });
    const legs = async () => (await server.database.db.select().from(walletTransactions)).length;
    const before = await legs();
    const refused = await call('POST', '/fitment', made.token, fitment);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message).toBe('This can only be done by a person signed in, not with an API token');
    expect(await legs()).toBe(before);
    // the same fitment by the dealer in person is bought from the wallet
    const bought = await call('POST', '/fitment', dealer.access, fitment);
    expect(bought.statusCode, bought.body).toBe(201);
    expect(await legs()).toBeGreaterThan(before);
  });

  it('dies at once when revoked; another user cannot revoke it (404)', async () => {
    const dealer = await person('dealer');
    const vendor = await person('vendor');
    const made = await makeToken(dealer.access, { permissions: ['management-device'] });
    expect((await call('GET', '/device', made.token)).statusCode).toBe(200);
    const theirs = await call('DELETE', `/api-tokens/${made.id}`, vendor.access);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('API token not found');
    expect((await call('GET', '/device', made.token)).statusCode).toBe(200);
    const revoked = await call('DELETE', `/api-tokens/${made.id}`, dealer.access);
    expect(revoked.statusCode).toBe(200);
    expect((await call('GET', '/device', made.token)).statusCode).toBe(401);
  });

  it('records its last use: time and address', async () => {
    const dealer = await person('dealer');
    const made = await makeToken(dealer.access, { permissions: ['management-device'] });
    const before = Date.now();
    await call('GET', '/device', made.token, undefined, '203.0.113.9');
    const listed = (await call('GET', '/api-tokens', dealer.access)).json().data as {
      id: string;
      lastUsedAt: string | null;
      lastUsedAddress: string | null;
    }[];
    const mine = listed.find((t) => t.id === made.id)!;
    expect(mine.lastUsedAddress).toBe('203.0.113.9');
    expect(Date.parse(mine.lastUsedAt!)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('is rate limited per token', async () => {
    const dealer = await person('dealer');
    const first = await makeToken(dealer.access, { permissions: ['management-device'] });
    const second = await makeToken(dealer.access, { permissions: ['management-device'] });
    const statuses: number[] = [];
    for (let i = 0; i < PER_MINUTE + 2; i += 1) statuses.push((await call('GET', '/device', first.token)).statusCode);
    expect(statuses.slice(0, PER_MINUTE).every((s) => s === 200)).toBe(true);
    const refused = await call('GET', '/device', first.token);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call('GET', '/device', second.token)).statusCode).toBe(200);
    expect((await call('GET', '/device', dealer.access)).statusCode).toBe(200);
  });

  it('dies when its user is disabled', async () => {
    const customer = await person('customer');
    const made = await makeToken(customer.access, { permissions: ['vehicle-status'] });
    expect((await call('GET', '/vehicle/statuses', made.token)).statusCode).toBe(200);
    const disabled = await call('PUT', `/users/${customer.id}`, superAdmin, { isEnabled: false });
    expect(disabled.statusCode).toBe(200);
    expect((await call('GET', '/vehicle/statuses', made.token)).statusCode).toBe(401);
  });

  it('dies when its user role loses a permission it held', async () => {
    const distributer = await person('distributer');
    const made = await makeToken(distributer.access, { permissions: ['management-device'] });
    expect((await call('GET', '/device', made.token)).statusCode).toBe(200);
    await server.database.db.execute(sql`update roles set auth_scopes = '[]'::jsonb where name = 'DISTRIBUTER'`);
    await eventually(
      async () => (await call('GET', '/device', made.token)).statusCode === 403,
      5000,
      'the narrowed role',
    );
    // a session of the same user is refused as well: the token never outlives its role's grant
    expect((await call('GET', '/device', distributer.access)).statusCode).toBe(403);
  });
});
