import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, signIn, type TestServer } from './harness.ts';
import { call, demoWorld, type Api } from './resource-fixtures.ts';
import { DEMO_FIRST_IMEI } from '../../server/seed/demo.ts';
import { brands } from '../../brands/index.ts';
import { modules } from '../../resources/modules.ts';
import { sql } from 'drizzle-orm';
import { organisationWallet, systemAccount, transfer } from '../../server/wallets/ledger.ts';

let server: TestServer;
let as: Record<string, Api>;
let orgs: Record<string, string>;
let address = 0;

/** Demo fitment i: its IMEI and its vehicle's registration number (server/seed/demo.ts). */
const demo = (i: number) => ({
  imei: (BigInt(DEMO_FIRST_IMEI) + BigInt(i)).toString(),
  registrationNumber: `UP78${String.fromCharCode(65 + i)}T${4321 + i}`,
});
/** Each call from its own address unless told, so that no test's calls count against another's limits. */
const post = (url: string, payload: object, remoteAddress = `10.0.${Math.floor(++address / 250)}.${address % 250}`) =>
  server.app.inject({ method: 'POST', url: `/api${url}`, payload, remoteAddress });
const get = (url: string) =>
  server.app.inject({ method: 'GET', url: `/api${url}`, remoteAddress: `10.1.0.${++address % 250}` });
const DAY = 86_400_000;

async function fitmentOf(i: number) {
  const [row] = (
    await call(as.superadmin!, 'GET', `/fitment?filter=${encodeURIComponent(JSON.stringify({ imei: demo(i).imei }))}`)
  ).json() as { expiresOn: string; durationInDays: number }[];
  return row!;
}
async function orderRows(imei: string) {
  return (
    await call(
      as.superadmin!,
      'GET',
      `/renewal-orders?filter=${encodeURIComponent(JSON.stringify({ imei }))}&range=[0,99]`,
    )
  ).json() as {
    id: string;
    status: string;
    expiresBefore: string;
    expiresAfter: string | null;
    paymentReference: string | null;
  }[];
}
async function order(i: number, durationInDays = 365, provider = 'upi') {
  const response = await post('/public/renewal/orders', { ...demo(i), durationInDays, provider });
  expect(response.statusCode).toBe(201);
  return response.json().data as {
    reference: string;
    amountPaise: number;
    status: string;
    instructions: Record<string, unknown>;
  };
}
const idOf = async (reference: string, imei: string) =>
  (await call(as.superadmin!, 'GET', `/renewal-orders?filter=${encodeURIComponent(JSON.stringify({ q: reference }))}`))
    .json()
    .find((r: { imei: string }) => r.imei === imei).id as string;

beforeAll(async () => {
  // the test provider pays nothing: on only by its own switch (WAYMARK_TEST_PAYMENTS)
  server = await startTestServer({ config: { testPayments: true } });
  ({ as, orgs } = await demoWorld(server.app, ['superadmin', 'admin', 'dealer', 'customer']));
});
afterAll(async () => {
  await server?.close();
});

describe('renewal lookup', () => {
  it('shows the expiry and the plans only when the registration number and the IMEI both match', async () => {
    const found = await post('/public/renewal/lookup', { registrationNumber: 'up78 at-4321', imei: demo(0).imei });
    expect(found.statusCode).toBe(200);
    const data = found.json().data;
    expect(data).toMatchObject({
      registrationNumber: 'UP78AT4321',
      imei: `${'•'.repeat(11)}${demo(0).imei.slice(-4)}`,
      providers: ['upi', 'test'],
      expired: false,
    });
    expect(data.plans).toEqual([
      { durationInDays: 365, amountPaise: 150000 },
      { durationInDays: 730, amountPaise: 280000 },
    ]);
    expect(new Date(data.expiresOn).getTime()).toBe(new Date((await fitmentOf(0)).expiresOn).getTime());
    // nothing about the owner
    expect(found.body).not.toMatch(/Priya|Singh|9876543210|@/);

    const wrongImei = await post('/public/renewal/lookup', {
      registrationNumber: demo(0).registrationNumber,
      imei: demo(1).imei,
    });
    const wrongRegistration = await post('/public/renewal/lookup', {
      registrationNumber: demo(1).registrationNumber,
      imei: demo(0).imei,
    });
    for (const wrong of [wrongImei, wrongRegistration]) {
      expect(wrong.statusCode).toBe(404);
      expect(wrong.json().message).toBe(
        'No device matches this registration number and IMEI. Check both and try again.',
      );
    }
    const missing = await post('/public/renewal/lookup', { registrationNumber: demo(0).registrationNumber });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ imei: 'Type the 15-digit IMEI of the device' });
    expect((await post('/public/renewal/lookup', { imei: demo(0).imei })).statusCode).toBe(400);
  });

  it('answers 429 past 20 wrong pairs on an IMEI from one address, and past 60 lookups from one address (any IMEI)', async () => {
    const pair = { registrationNumber: demo(5).registrationNumber, imei: '868347079999999' };
    const perImei = [];
    for (let i = 0; i < 21; i++) perImei.push((await post('/public/renewal/lookup', pair, '10.9.8.8')).statusCode);
    expect(perImei.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(perImei[20]).toBe(429);
    const perAddress = [];
    for (let i = 0; i < 61; i++)
      perAddress.push(
        (await post('/public/renewal/lookup', { ...pair, imei: String(868347080000000 + i) }, '10.9.9.9')).statusCode,
      );
    expect(perAddress.slice(0, 60).every((s) => s === 404)).toBe(true);
    const refused = await post('/public/renewal/lookup', { ...pair, imei: '868347089999998' }, '10.9.9.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json().message).toMatch(/^Too many attempts/);
  });

  it("never lets a stranger's wrong pairs lock the owner out of their device's lookup", async () => {
    const stranger = '10.66.0.1';
    const guesses = [];
    for (let i = 0; i < 25; i++)
      guesses.push(
        (
          await post(
            '/public/renewal/lookup',
            { registrationNumber: `UP78ZZ${1000 + i}`, imei: demo(0).imei },
            stranger,
          )
        ).statusCode,
      );
    expect(guesses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(guesses.slice(20).every((s) => s === 429)).toBe(true);
    // the stranger stays refused even for the right pair: the refusal tells no right guess from a wrong one
    expect((await post('/public/renewal/lookup', demo(0), stranger)).statusCode).toBe(429);
    // the owner, from their own address, is never refused for the stranger's guesses, and right pairs are not counted
    const owner = [];
    for (let i = 0; i < 25; i++) owner.push((await post('/public/renewal/lookup', demo(0), '10.77.0.1')).statusCode);
    expect(owner).toEqual(Array(25).fill(200));
    // nor is anyone else
    expect((await post('/public/renewal/lookup', demo(0))).statusCode).toBe(200);
  });
});

describe('renewal orders', () => {
  it('creates an order with a reference, the price and the UPI payment details, and reads its status', async () => {
    const created = await order(1, 730);
    expect(created.reference).toMatch(/^RNW-[A-HJ-NP-Z2-9]{8}$/);
    expect(created).toMatchObject({ amountPaise: 280000, status: 'PENDING', durationInDays: 730 });
    const bank = brands.vltd.bank;
    expect(created.instructions).toEqual({
      kind: 'upi',
      reference: created.reference,
      amountPaise: 280000,
      bank,
      upiUri: `upi://pay?pa=${encodeURIComponent(bank.upiId)}&pn=${encodeURIComponent(bank.beneficiary)}&am=2800.00&cu=INR&tn=${created.reference}`,
    });
    // asking again hands out the same pending order
    expect((await order(1, 730)).reference).toBe(created.reference);
    const status = await get(`/public/renewal/orders/${created.reference.toLowerCase()}?imei=${demo(1).imei}`);
    expect(status.statusCode).toBe(200);
    expect(status.json().data).toMatchObject({ reference: created.reference, status: 'PENDING', expiresAfter: null });
    const stranger = await get(`/public/renewal/orders/${created.reference}?imei=${demo(2).imei}`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe('No renewal order has this reference for this IMEI.');
  });

  it('refuses a plan the organisation does not sell (price 0), creating nothing', async () => {
    const sunrise = orgs['Sunrise Logistics']!;
    expect(
      (await call(as.superadmin!, 'PUT', `/organisation/settings/${sunrise}`, { priceTwoYearsPaise: 0 })).statusCode,
    ).toBe(200);
    try {
      const lookup = (await post('/public/renewal/lookup', demo(3))).json().data;
      expect(lookup.plans).toEqual([{ durationInDays: 365, amountPaise: 150000 }]);
      const refused = await post('/public/renewal/orders', { ...demo(3), durationInDays: 730, provider: 'upi' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'Renewals of this device are not sold online. Please contact your dealer to renew it.',
      );
      expect(await orderRows(demo(3).imei)).toEqual([]);
    } finally {
      await call(as.superadmin!, 'PUT', `/organisation/settings/${sunrise}`, { priceTwoYearsPaise: 280000 });
    }
  });

  it('extends the subscription exactly once when an administrator confirms, however many confirm at once', async () => {
    const before = await fitmentOf(2);
    const created = await order(2, 365);
    const id = await idOf(created.reference, demo(2).imei);
    const confirms = await Promise.all(
      [1, 2, 3].map(() =>
        call(as.admin!, 'PUT', `/renewal-orders/${id}/confirm`, { paymentReference: 'utr4455667788' }),
      ),
    );
    expect(confirms.map((c) => c.statusCode).sort()).toEqual([200, 409, 409]);
    expect(confirms.find((c) => c.statusCode === 409)!.json().message).toBe(
      'This renewal order is already confirmed; nothing was changed.',
    );
    const after = await fitmentOf(2);
    // the demo fitment has not expired yet: one year on from its expiry
    expect(new Date(after.expiresOn).getTime() - new Date(before.expiresOn).getTime()).toBe(365 * DAY);
    expect(after.durationInDays).toBe(before.durationInDays + 365);
    const [row] = await orderRows(demo(2).imei);
    expect(row).toMatchObject({ status: 'PAID', paymentReference: 'UTR4455667788' });
    expect(new Date(row!.expiresBefore).getTime()).toBe(new Date(before.expiresOn).getTime());
    expect(new Date(row!.expiresAfter!).getTime()).toBe(new Date(after.expiresOn).getTime());
    // later: still refused, still one extension
    expect(
      (await call(as.admin!, 'PUT', `/renewal-orders/${id}/confirm`, { paymentReference: 'UTR999999' })).statusCode,
    ).toBe(409);
    expect((await fitmentOf(2)).expiresOn).toBe(after.expiresOn);
    const status = (await get(`/public/renewal/orders/${created.reference}?imei=${demo(2).imei}`)).json().data;
    expect(status).toMatchObject({ status: 'PAID', instructions: null });
    expect(new Date(status.expiresAfter).getTime()).toBe(new Date(after.expiresOn).getTime());
  });

  it('lets neither a lower role nor another organisation confirm', async () => {
    const created = await order(3, 365);
    const id = await idOf(created.reference, demo(3).imei);
    const before = await fitmentOf(3);
    expect(
      (await call(as.dealer!, 'PUT', `/renewal-orders/${id}/confirm`, { paymentReference: 'UTR123456' })).statusCode,
    ).toBe(403);
    expect(
      (await call(as.customer!, 'PUT', `/renewal-orders/${id}/confirm`, { paymentReference: 'UTR123456' })).statusCode,
    ).toBe(403);
    expect(
      (
        await server.app.inject({
          method: 'PUT',
          url: `/api/renewal-orders/${id}/confirm`,
          payload: { paymentReference: 'UTR123456' },
        })
      ).statusCode,
    ).toBe(401);
    // a rival organisation's administrator, with every permission
    const root = (await call(as.superadmin!, 'GET', '/organisation?range=[0,99]'))
      .json()
      .find((o: { parentId: string | null }) => o.parentId === null).id;
    const rivalOrg = (
      await call(as.superadmin!, 'POST', '/organisation', {
        tradeName: 'Rival Renewals',
        brandName: 'Rival',
        parentId: root,
      })
    ).json().id;
    const everything = modules.map((m) => ({
      id: m.id,
      allowed: true,
      actions: Object.fromEntries(m.actions.map((a) => [a.id, true])),
    }));
    const role = (
      await call(as.superadmin!, 'POST', '/roles', {
        name: 'RIVAL_RENEWALS',
        authScopes: everything,
        organisationId: rivalOrg,
      })
    ).json();
    await call(as.superadmin!, 'POST', '/users', {
      firstName: 'Rival',
      email: 'rival@renewal.test',
      phone: '9111111111',
      password: 'Rival-pass-1',
      roleId: role.id,
      organisationId: rivalOrg,
    });
    const rival = {
      app: server.app,
      token: (await signIn(server.app, 'rival@renewal.test', 'Rival-pass-1')).token.access.token,
    };
    expect(
      (await call(rival, 'PUT', `/renewal-orders/${id}/confirm`, { paymentReference: 'UTR123456' })).statusCode,
    ).toBe(404);
    expect((await call(rival, 'GET', '/renewal-orders')).json()).toEqual([]);
    // a bad UTR is refused with its message
    const badUtr = await call(as.admin!, 'PUT', `/renewal-orders/${id}/confirm`, { paymentReference: '12' });
    expect(badUtr.statusCode).toBe(400);
    expect(badUtr.json().errors).toEqual({
      paymentReference: 'Type the UTR or transaction number (6 to 35 letters and digits)',
    });
    expect(await fitmentOf(3)).toEqual(before);
    expect((await orderRows(demo(3).imei))[0]!.status).toBe('PENDING');
  });

  it('confirms a test-provider order through the test payment, once', async () => {
    const before = await fitmentOf(4);
    const created = await order(4, 730, 'test');
    expect(created.instructions).toEqual({ kind: 'test', reference: created.reference, amountPaise: 280000 });
    const paid = await post(`/public/renewal/orders/${created.reference}/test-payment`, { imei: demo(4).imei });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data.status).toBe('PAID');
    expect(
      (await post(`/public/renewal/orders/${created.reference}/test-payment`, { imei: demo(4).imei })).statusCode,
    ).toBe(409);
    const after = await fitmentOf(4);
    expect(new Date(after.expiresOn).getTime() - new Date(before.expiresOn).getTime()).toBe(730 * DAY);
    // a UPI order cannot be paid that way
    const upi = await order(4, 365);
    expect(
      (await post(`/public/renewal/orders/${upi.reference}/test-payment`, { imei: demo(4).imei })).statusCode,
    ).toBe(400);
  });
});

describe('renewal paid from a wallet', () => {
  const balanceOf = async (walletId: string) =>
    (await call(as.superadmin!, 'GET', `/wallets/${walletId}`)).json().balance as number;

  it("debits the dealer's wallet once and extends once; refused when the wallet is short, changing nothing", async () => {
    const pay = (reference: string, imei = demo(5).imei, who = as.dealer!) =>
      call(who, 'POST', `/renewal/orders/${reference}/wallet-payment`, { imei });
    const short = await order(5, 730);
    // the demo dealer's wallet (its RFC_ADMIN's), switched off: nothing to pay from
    const wallet = (await organisationWallet(server.database.db, orgs['Metro Auto Dealers']!))!;
    await server.database.db.execute(sql`update wallets set is_active = false where id = ${wallet.id}::uuid`);
    expect((await pay(short.reference)).json().message).toBe('Your organisation has no active wallet to pay from.');
    await server.database.db.execute(sql`update wallets set is_active = true where id = ${wallet.id}::uuid`);
    // ₹2,000 left in it: short of the 2 years' ₹2,800
    const balance = await balanceOf(wallet.id);
    const bank = await systemAccount(server.database.db, 'BANK');
    await transfer(server.database.db, {
      ...(balance > 200000
        ? { fromId: wallet.id, toId: bank, kind: 'WITHDRAWAL' }
        : { fromId: bank, toId: wallet.id, kind: 'DEPOSIT' }),
      amountPaise: Math.abs(balance - 200000),
      description: 'Leave ₹2,000',
      reference: 'NEFT-LEAVE2000',
      idempotencyKey: 'renewal-test-leave',
      actorId: null,
    });

    const before = await fitmentOf(5);
    const refused = await pay(short.reference);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^Insufficient wallet balance: ₹800\.00 more is needed/);
    expect(await balanceOf(wallet.id)).toBe(200000);
    expect(await fitmentOf(5)).toEqual(before);
    expect((await get(`/public/renewal/orders/${short.reference}?imei=${demo(5).imei}`)).json().data.status).toBe(
      'PENDING',
    );

    const oneYear = await order(5, 365);
    const payments = await Promise.all([pay(oneYear.reference), pay(oneYear.reference)]);
    expect(payments.map((p) => p.statusCode).sort()).toEqual([200, 409]);
    expect(payments.find((p) => p.statusCode === 200)!.json().data).toMatchObject({
      status: 'PAID',
      provider: 'wallet',
    });
    expect(await balanceOf(wallet.id)).toBe(50000);
    const after = await fitmentOf(5);
    expect(new Date(after.expiresOn).getTime() - new Date(before.expiresOn).getTime()).toBe(365 * DAY);
    expect((await pay(oneYear.reference)).statusCode).toBe(409);
    expect(await balanceOf(wallet.id)).toBe(50000);
    // a role without the permission cannot pay from its wallet
    expect((await pay(short.reference, demo(5).imei, as.customer!)).statusCode).toBe(403);
  });
});

describe('renewal without WAYMARK_TEST_PAYMENTS', () => {
  it('offers no test provider and has no test payment route, demo data or not (npm start renews nobody for free)', async () => {
    const production = await startTestServer({ demo: true });
    try {
      const inject = (url: string, payload: object) =>
        production.app.inject({ method: 'POST', url: `/api${url}`, payload });
      expect((await inject('/public/renewal/lookup', demo(0))).json().data.providers).toEqual(['upi']);
      const refused = await inject('/public/renewal/orders', { ...demo(0), durationInDays: 365, provider: 'test' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ provider: 'Choose how to pay' });
      expect(
        (await inject('/public/renewal/orders/RNW-ABCDEFGH/test-payment', { imei: demo(0).imei })).statusCode,
      ).toBe(404);
    } finally {
      await production.close();
    }
  });
});
