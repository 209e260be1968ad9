import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, signIn, startTestServer, type TestServer } from './harness.ts';
import { call, demoWorld, type Api } from './resource-fixtures.ts';
import { sql } from 'drizzle-orm';
import { query } from '../../server/resources/sql.ts';
import { systemAccount } from '../../server/wallets/ledger.ts';
import { ledgerProblems } from '../support/ledger.ts';

let server: TestServer;
let as: Record<string, Api>;
let devices: { id: string; imei: string; status: string }[];
let orgs: Record<string, string>;
let dealerWallet: Wallet;
let adminWallet: Wallet;

interface Wallet {
  id: string;
  userId: string;
  balance: number;
  organisationId: string;
}
interface Movement {
  id: string;
  transactionType: 'CREDIT' | 'DEBIT';
  amount: number;
  balanceAfter: number;
  description: string;
  reference: string | null;
  createdAt: string;
  createdByName: string | null;
  transferKind: string;
  counterparty: { kind: string; organisationName: string; holderName: string | null };
}

const userIdOf = async (who: string) => (await signIn(server.app, demoEmail(who))).user.id;
const walletOf = async (api: Api, userId: string) =>
  ((await call(api, 'GET', `/wallets?userId=${userId}`)).json() as Wallet[])[0]!;
const balanceOf = async (walletId: string) =>
  ((await call(as.superadmin!, 'GET', `/wallets/${walletId}`)).json() as Wallet).balance;
const movements = async (walletId: string, query = '') =>
  (await call(as.superadmin!, 'GET', `/wallets/${walletId}/transactions${query}`)).json() as Movement[];
const ledgerSum = (rows: Movement[]) =>
  rows.reduce((sum, r) => sum + (r.transactionType === 'CREDIT' ? r.amount : -r.amount), 0);
const fitmentCount = async () =>
  Number((await call(as.superadmin!, 'GET', '/fitment?range=[0,0]')).headers['content-range']!.split('/')[1]);

/** A fitment form as the console sends it. */
function form(imei: string, registrationNumber: string, over: Record<string, unknown> = {}) {
  return {
    vehicle: {
      category: 'TRUCK',
      registrationNumber,
      engineNo: `ENG${imei.slice(-4)}`,
      chassisNo: `CHS${imei.slice(-4)}`,
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
      email: 'ravi.kumar@wallet.test',
      phone: '9811100077',
      address: '12 Mall Road\nKanpur',
    },
    fitter: { firstName: 'Arjun', lastName: 'Yadav', email: demoEmail('fitter'), phone: '9800000007' },
    fitmentDate: '2026-11-20',
    durationInDays: 365,
    deviceActivate: true,
    ...over,
  };
}

beforeAll(async () => {
  server = await startTestServer();
  ({ as, devices, orgs } = await demoWorld<(typeof devices)[number]>(server.app, [
    'superadmin',
    'admin',
    'rfcadmin',
    'dealer',
    'customer',
    'fitter',
  ]));
  dealerWallet = await walletOf(as.rfcadmin!, await userIdOf('rfcadmin'));
  adminWallet = await walletOf(as.admin!, await userIdOf('admin'));
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('wallet', () => {
  it("finds the signed-in user's wallet by userId and gives its ledger newest first, summing to the balance", async () => {
    // the demo's deposits and refund, then the six Sunrise activations it paid (Sunrise had no wallet yet)
    expect(dealerWallet).toMatchObject({
      balance: 14_695_600 - 3 * 150_000 - 3 * 270_000,
      organisationId: orgs['Metro Auto Dealers'],
    });
    const rows = (await call(as.rfcadmin!, 'GET', `/wallets/${dealerWallet.id}/transactions`)).json() as Movement[];
    expect(
      rows
        .slice(6)
        .map((r) => [r.transactionType, r.transferKind, r.amount, r.balanceAfter, r.description, r.counterparty.kind]),
    ).toEqual([
      ['DEBIT', 'WITHDRAWAL', 150_000, 14_695_600, 'Refund of a double top-up by NEFT', 'BANK'],
      ['CREDIT', 'DEPOSIT', 12_345_600, 14_845_600, 'Top-up by RTGS', 'BANK'],
      ['CREDIT', 'DEPOSIT', 2_500_000, 2_500_000, 'Top-up by NEFT', 'BANK'],
    ]);
    expect(
      rows
        .slice(0, 6)
        .map((r) => [r.transferKind, r.counterparty.kind, r.amount])
        .sort(),
    ).toEqual(
      [
        ...Array(3).fill(['ACTIVATION', 'REVENUE', 150_000]),
        ...Array(3).fill(['ACTIVATION', 'REVENUE', 270_000]),
      ].sort(),
    );
    expect(rows[6]).toMatchObject({
      reference: 'SBIN0426110009',
      createdByName: 'Super Admin',
      counterparty: { organisationName: 'Waymark' },
    });
    expect(ledgerSum(rows)).toBe(dealerWallet.balance);
    expect(await movements(dealerWallet.id, '?transactionType=DEBIT')).toHaveLength(7);
    expect((await movements(dealerWallet.id, '?transactionType=CREDIT')).map((r) => r.amount)).toEqual([
      12_345_600, 2_500_000,
    ]);
    expect(
      (await call(as.rfcadmin!, 'GET', `/wallets/${dealerWallet.id}/transactions?transactionType=REFUND`)).statusCode,
    ).toBe(400);
  });

  it('filters by whole days in Asia/Kolkata: fromDate from the start of its day, toDate to the end of its day', async () => {
    const wallet = (
      await call(as.superadmin!, 'POST', '/wallets', {
        userId: await userIdOf('manufacturer'),
        organisationId: orgs['Bharat Telematics Pvt Ltd'],
      })
    ).json() as Wallet;
    // 23:59:59 on 10/01/2026 in India, then midnight starting 11/01, then 23:59:59 on 11/01, then midnight of 12/01
    const times = ['2026-01-10T18:29:59Z', '2026-01-10T18:30:00Z', '2026-01-11T18:29:59Z', '2026-01-11T18:30:00Z'];
    // deposits back-dated: both legs and both balances, as the ledger writes them
    const { db } = server.database;
    const bank = await systemAccount(db, 'BANK');
    for (const [i, t] of times.entries()) {
      await query(
        db,
        sql`with legs as (select gen_random_uuid() as transfer)
        insert into wallet_transactions (wallet_id, transaction_type, amount, balance_after, description, idempotency_key, transfer_id, transfer_kind, counter_wallet_id, created_at)
        select ${wallet.id}::uuid, 'CREDIT', 100, 100 * ${i + 1}, ${t}, ${`day-${i}`}, transfer, 'DEPOSIT', ${bank}::uuid, ${t}::timestamptz from legs
        union all select ${bank}::uuid, 'DEBIT', 100, 0, ${t}, ${`day-${i}`}, transfer, 'DEPOSIT', ${wallet.id}::uuid, ${t}::timestamptz from legs`,
      );
    }
    await query(
      db,
      sql`update wallets set balance = balance + case when id = ${bank}::uuid then -400 else 400 end where id in (${bank}::uuid, ${wallet.id}::uuid)`,
    );
    const on = async (query: string) => (await movements(wallet.id, query)).map((r) => r.description).sort();
    expect(await on('?fromDate=2026-01-11&toDate=2026-01-11')).toEqual([times[1], times[2]]);
    expect(await on('?toDate=2026-01-10')).toEqual([times[0]]);
    expect(await on('?fromDate=2026-01-12')).toEqual([times[3]]);
    // a picker's instant names the Indian day it falls on: 20:00 UTC on the 10th is the 11th in India
    expect(await on('?fromDate=2026-01-10T20:00:00.000Z&toDate=2026-01-10T20:00:00.000Z')).toEqual([
      times[1],
      times[2],
    ]);
    for (const bad of ['2026-02-30', '11/01/2026', 'yesterday']) {
      const refused = await call(
        as.superadmin!,
        'GET',
        `/wallets/${wallet.id}/transactions?fromDate=${encodeURIComponent(bad)}`,
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('Give the date as yyyy-MM-dd');
    }
  });

  it('adds and deducts once per idempotency key, from the body or the Idempotency-Key header', async () => {
    const before = await balanceOf(dealerWallet.id);
    const body = {
      amount: 123_456,
      description: 'Top-up by UPI',
      reference: 'UPI4411ABC',
      idempotencyKey: 'test-add-1',
    };
    const first = await call(as.admin!, 'PUT', `/wallets/add/${dealerWallet.id}`, body);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      balance: before + 123_456,
      transaction: { transactionType: 'CREDIT', transferKind: 'DEPOSIT', amount: 123_456, reference: 'UPI4411ABC' },
    });
    const retry = await call(as.admin!, 'PUT', `/wallets/add/${dealerWallet.id}`, body);
    expect(retry.json().data.transaction.id).toBe(first.json().data.transaction.id);
    expect(await balanceOf(dealerWallet.id)).toBe(before + 123_456);

    const headers = { authorization: `Bearer ${as.admin!.token}`, 'idempotency-key': 'test-deduct-1' };
    const deduct = () =>
      server.app.inject({
        method: 'PUT',
        url: `/api/wallets/deduct/${dealerWallet.id}`,
        headers,
        payload: { amount: 456, description: 'Correction', reference: 'NEFT-000456' },
      });
    const [a, b] = await Promise.all([deduct(), deduct()]);
    expect(a.json().data.transaction.id).toBe(b.json().data.transaction.id);
    expect(await balanceOf(dealerWallet.id)).toBe(before + 123_000);

    const reused = await call(as.admin!, 'PUT', `/wallets/add/${dealerWallet.id}`, { ...body, amount: 1 });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe('This idempotency key was already used for a different amount or type');
    const noKey = await call(as.admin!, 'PUT', `/wallets/add/${dealerWallet.id}`, {
      amount: 100,
      description: 'No key',
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().message).toBe(
      'An idempotency key is required (the Idempotency-Key header or idempotencyKey in the body)',
    );
    expect(ledgerSum(await movements(dealerWallet.id))).toBe(await balanceOf(dealerWallet.id));
    expect(await ledgerProblems(server.database.db)).toEqual([]);
  });

  it('refuses a debit larger than the balance, naming the amount missing, and changes nothing', async () => {
    const balance = await balanceOf(adminWallet.id);
    const rows = (await movements(adminWallet.id)).length;
    const refused = await call(as.superadmin!, 'PUT', `/wallets/deduct/${adminWallet.id}`, {
      amount: balance + 150,
      description: 'Too much',
      reference: 'NEFT-TOOMUCH',
      idempotencyKey: 'too-much',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Insufficient wallet balance: ₹1.50 more is needed (balance ₹42,300.00, amount ₹42,301.50)',
    );
    expect(await balanceOf(adminWallet.id)).toBe(balance);
    expect(await movements(adminWallet.id)).toHaveLength(rows);
  });

  it('refuses bad amounts and keeps the balance out of the generic edit', async () => {
    const before = await balanceOf(dealerWallet.id);
    for (const amount of [0, -100, 12.5, 'ten', 3_000_000_000]) {
      const bad = await call(as.admin!, 'PUT', `/wallets/add/${dealerWallet.id}`, {
        amount,
        description: 'Bad',
        idempotencyKey: `bad-${String(amount)}`,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('The amount must be a whole number of paise greater than 0');
    }
    const blank = await call(as.admin!, 'PUT', `/wallets/add/${dealerWallet.id}`, {
      amount: 100,
      description: '   ',
      idempotencyKey: 'blank',
    });
    expect(blank.statusCode).toBe(400);
    const wallet = (await call(as.admin!, 'GET', `/wallets/${dealerWallet.id}`)).json() as Record<string, unknown>;
    const edited = await call(as.admin!, 'PUT', `/wallets/${dealerWallet.id}`, {
      ...wallet,
      balance: 999_999_999,
      lowBalanceThreshold: 400_000,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ balance: before, lowBalanceThreshold: 400_000 });
    expect(await balanceOf(dealerWallet.id)).toBe(before);
    // nor set on creation: a new wallet starts at nothing
    const created = await call(as.admin!, 'POST', '/wallets', {
      userId: await userIdOf('dealer'),
      organisationId: orgs['Metro Auto Dealers'],
      balance: 500_000,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().balance).toBe(0);
  });

  it("lets only administrators above the wallet's organisation move it: not its own admin, a lower role, another tenant or a visitor", async () => {
    const body = { amount: 100_000, description: 'Self top-up', idempotencyKey: 'self' };
    const own = await call(as.rfcadmin!, 'PUT', `/wallets/add/${dealerWallet.id}`, body);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(
      'Only an administrator of a parent organisation can add money to or deduct from this wallet',
    );
    expect((await call(as.dealer!, 'PUT', `/wallets/add/${dealerWallet.id}`, body)).statusCode).toBe(403);
    expect((await call(as.customer!, 'GET', `/wallets/${dealerWallet.id}/transactions`)).statusCode).toBe(403);
    // the root's wallet is out of the dealer's tree: not found, neither the wallet nor its ledger
    expect((await call(as.rfcadmin!, 'PUT', `/wallets/deduct/${adminWallet.id}`, body)).statusCode).toBe(404);
    expect((await call(as.rfcadmin!, 'GET', `/wallets/${adminWallet.id}/transactions`)).statusCode).toBe(404);
    const anonymous = await server.app.inject({
      method: 'PUT',
      url: `/api/wallets/add/${dealerWallet.id}`,
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(
      (await server.app.inject({ method: 'GET', url: `/api/wallets/${dealerWallet.id}/transactions` })).statusCode,
    ).toBe(401);
    expect(ledgerSum(await movements(dealerWallet.id))).toBe(await balanceOf(dealerWallet.id));
  });

  it("pays an activation once at the dealer's price into the provider's revenue, a year more on a longer edit, and nothing on approval or undo", async () => {
    const { db } = server.database;
    const revenue = await systemAccount(db, 'REVENUE');
    const [before, revenueBefore] = [await balanceOf(dealerWallet.id), await balanceOf(revenue)];
    const created = await call(as.superadmin!, 'POST', '/fitment', form(devices[8]!.imei, 'UP78WA0001'));
    expect(created.statusCode).toBe(201);
    const fitment = created.json() as { id: string; expiresOn: string; paidThrough: string };
    expect(fitment.paidThrough).toBe(fitment.expiresOn);
    expect(await balanceOf(dealerWallet.id)).toBe(before - 150_000);
    expect(await balanceOf(revenue)).toBe(revenueBefore + 150_000);
    const [debit] = await movements(dealerWallet.id);
    expect(debit).toMatchObject({
      transactionType: 'DEBIT',
      transferKind: 'ACTIVATION',
      amount: 150_000,
      reference: `fitment:${fitment.id}`,
      description: `Activation of ${devices[8]!.imei} for 365 days`,
      // the ledger names the fitment by its vehicle, for the console to link
      fitment: { id: fitment.id, registrationNumber: 'UP78WA0001' },
      counterparty: { kind: 'REVENUE', organisationName: 'Waymark' },
    });
    expect((await call(as.superadmin!, 'PUT', `/activation/approve/${fitment.id}`)).statusCode).toBe(200);
    expect(await balanceOf(dealerWallet.id)).toBe(before - 150_000);
    // 730 days from the same date: the second year is bought at the 1-year price
    const longer = await call(
      as.superadmin!,
      'PUT',
      `/fitment/${fitment.id}`,
      form(devices[8]!.imei, 'UP78WA0001', { durationInDays: 730 }),
    );
    expect(longer.statusCode).toBe(200);
    expect(await balanceOf(dealerWallet.id)).toBe(before - 300_000);
    expect((await call(as.superadmin!, 'PUT', `/activation/undo/${fitment.id}`)).statusCode).toBe(200);
    expect((await call(as.superadmin!, 'PUT', `/activation/approve/${fitment.id}`)).statusCode).toBe(200);
    // shorter and back again: the time was paid for once
    expect(
      (
        await call(
          as.superadmin!,
          'PUT',
          `/fitment/${fitment.id}`,
          form(devices[8]!.imei, 'UP78WA0001', { durationInDays: 365 }),
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await call(
          as.superadmin!,
          'PUT',
          `/fitment/${fitment.id}`,
          form(devices[8]!.imei, 'UP78WA0001', { durationInDays: 730 }),
        )
      ).statusCode,
    ).toBe(200);
    expect(await balanceOf(dealerWallet.id)).toBe(before - 300_000);
    // a fitment recorded without activation pays nothing
    const inactive = await call(
      as.superadmin!,
      'POST',
      '/fitment',
      form(devices[7]!.imei, 'UP78WA0002', { deviceActivate: false }),
    );
    expect(inactive.statusCode).toBe(201);
    expect(inactive.json().paidThrough).toBeNull();
    expect(await balanceOf(dealerWallet.id)).toBe(before - 300_000);
    expect(ledgerSum(await movements(dealerWallet.id))).toBe(await balanceOf(dealerWallet.id));
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('tells the price, the paying wallet and (to a wallet reader) its balance before saving, changing nothing', async () => {
    // a device of the dealer's that the next tests fit; asking the price changes nothing
    const free = devices[6]!;
    const quote = async (api: Api, days: number, imei = free!.imei) =>
      call(api, 'GET', `/activation/quote?imei=${imei}&durationInDays=${days}`);
    const balance = await balanceOf(dealerWallet.id);
    const dealerOrganisation = (
      (await call(as.superadmin!, 'GET', `/organisation/${dealerWallet.organisationId}`)).json() as {
        tradeName: string;
      }
    ).tradeName;
    expect((await quote(as.rfcadmin!, 365)).json().data).toEqual({
      pricePaise: 150_000,
      free: false,
      payer: { organisation: dealerOrganisation, sufficient: true, balancePaise: balance },
    });
    expect((await quote(as.rfcadmin!, 730)).json().data.pricePaise).toBe(270_000);
    expect((await quote(as.rfcadmin!, 100)).json().data.pricePaise).toBeNull();
    // a fitter fits but does not read the wallet: the price and whether it is covered, not the balance
    expect((await quote(as.fitter!, 365)).json().data.payer).toEqual({
      organisation: dealerOrganisation,
      sufficient: true,
      balancePaise: null,
    });
    expect((await quote(as.customer!, 365)).statusCode).toBe(403);
    expect((await quote(as.dealer!, 365, '999999999999999')).statusCode).toBe(400);
    expect((await quote(as.dealer!, 0)).statusCode).toBe(400);

    expect(await balanceOf(dealerWallet.id)).toBe(balance);
  });

  it("charges nothing for an edit that keeps a paid expiry, and buys a lengthening from the nearest wallet, the fitment's organisation's own", async () => {
    // a demo Sunrise fitment, paid by the dealer when Sunrise had no wallet; Sunrise has one since, funded by a transfer
    const [row] = (
      await call(as.superadmin!, 'GET', `/fitment?filter=${encodeURIComponent('{"q":"UP78CT4323"}')}`)
    ).json() as { id: string }[];
    const stored = (await call(as.superadmin!, 'GET', `/fitment/${row!.id}`)).json();
    const body = {
      vehicle: { ...stored.vehicle, engineNo: 'ENG908777' },
      device: { imei: stored.device.imei, panicButtonCount: stored.device.panicButtonCount },
      customer: stored.customer,
      fitter: stored.fitter,
      fitmentDate: String(stored.fitmentDate).slice(0, 10),
      durationInDays: stored.durationInDays,
      deviceActivate: true,
    };
    const customerWallet = await walletOf(as.superadmin!, await userIdOf('customer'));
    const [dealerBefore, customerBefore] = [await balanceOf(dealerWallet.id), customerWallet.balance];
    const edited = await call(as.superadmin!, 'PUT', `/fitment/${row!.id}`, body);
    expect(edited.statusCode).toBe(200);
    expect(edited.json().vehicle.engineNo).toBe('ENG908777');
    const longer = await call(as.superadmin!, 'PUT', `/fitment/${row!.id}`, { ...body, durationInDays: 730 });
    expect(longer.statusCode).toBe(200);
    // Sunrise's own 1-year price (₹1,500.00), from Sunrise's wallet; the dealer's is untouched
    expect(await balanceOf(customerWallet.id)).toBe(customerBefore - 150_000);
    expect(await balanceOf(dealerWallet.id)).toBe(dealerBefore);
    // undone and approved again: its time stays paid
    expect((await call(as.superadmin!, 'PUT', `/activation/undo/${row!.id}`)).statusCode).toBe(200);
    expect((await call(as.superadmin!, 'PUT', `/activation/approve/${row!.id}`)).statusCode).toBe(200);
    expect(await balanceOf(customerWallet.id)).toBe(customerBefore - 150_000);
  });

  it('refuses an activation the wallet cannot pay for, naming the amount missing, and writes nothing', async () => {
    const balance = await balanceOf(dealerWallet.id);
    await call(as.admin!, 'PUT', `/wallets/deduct/${dealerWallet.id}`, {
      amount: balance - 100_000,
      description: 'Leave ₹1,000',
      reference: 'NEFT-LEAVE1000',
      idempotencyKey: 'leave-1000',
    });
    expect(await balanceOf(dealerWallet.id)).toBe(100_000);
    const fitments = await fitmentCount();
    const rows = (await movements(dealerWallet.id)).length;
    const refused = await call(as.superadmin!, 'POST', '/fitment', form(devices[6]!.imei, 'UP78WA0003'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Insufficient wallet balance: ₹500.00 more is needed (balance ₹1,000.00, amount ₹1,500.00)',
    );
    expect(await fitmentCount()).toBe(fitments);
    expect((await call(as.superadmin!, 'GET', `/device/${devices[6]!.id}`)).json().status).toBe('ALLOCATED');
    expect(await balanceOf(dealerWallet.id)).toBe(100_000);
    expect(await movements(dealerWallet.id)).toHaveLength(rows);
    // bulk: all or none, the row named
    const bulk = await call(as.superadmin!, 'POST', '/activation/bulk', [
      { ...form(devices[6]!.imei, 'UP78WA0004'), line: 2 },
    ]);
    expect(bulk.statusCode).toBe(409);
    expect(bulk.json().message).toContain('₹500.00 more is needed');
    // a length without a price cannot be bought
    const odd = await call(
      as.superadmin!,
      'POST',
      '/fitment',
      form(devices[6]!.imei, 'UP78WA0005', { durationInDays: 180 }),
    );
    expect(odd.statusCode).toBe(400);
    expect(odd.json().message).toBe(
      'Activations are sold for 1 year (365 days) or 2 years (730 days): this would add 180 days to the time paid for',
    );
    // the inactive fitment's activation is refused the same way on approval
    const inactive = (
      (await call(as.superadmin!, 'GET', `/fitment?filter=${encodeURIComponent('{"q":"UP78WA0002"}')}`)).json() as {
        id: string;
        activationStatus: string;
      }[]
    )[0]!;
    expect((await call(as.superadmin!, 'PUT', `/activation/approve/${inactive.id}`)).statusCode).toBe(409);
    expect(
      ((await call(as.superadmin!, 'GET', `/fitment/${inactive.id}`)).json() as { activationStatus: string })
        .activationStatus,
    ).toBe('INACTIVE');
    expect(await ledgerProblems(server.database.db)).toEqual([]);
  });

  it("lets only the provider's administrators or the super admin change prices, their own included", async () => {
    const dealerId = orgs['Metro Auto Dealers']!;
    const settings = async (api: Api, id: string) =>
      (await call(api, 'GET', `/organisation/settings/${id}`)).json().data;
    expect(await settings(as.admin!, dealerId)).toMatchObject({
      canSetPrices: true,
      settings: { priceOneYearPaise: 150_000, priceTwoYearsPaise: 270_000 },
    });
    expect((await settings(as.admin!, orgs.Waymark!)).canSetPrices).toBe(true);
    // what an empty price would be: the parent's, the dealer's for Sunrise, nothing above the root
    expect((await settings(as.admin!, orgs['Sunrise Logistics']!)).inheritedPrices).toEqual({
      priceOneYearPaise: 150_000,
      priceTwoYearsPaise: 270_000,
    });
    expect((await settings(as.admin!, orgs.Waymark!)).inheritedPrices).toEqual({
      priceOneYearPaise: null,
      priceTwoYearsPaise: null,
    });
    // the dealer's own administrator keeps its other settings but not its prices
    const role = await call(as.superadmin!, 'POST', '/roles', {
      name: 'DEALER_OWNER',
      organisationId: dealerId,
      authScopes: [{ id: 'management-organisation', allowed: true, actions: { 'setting-organisation': true } }],
    });
    await call(as.superadmin!, 'POST', '/users', {
      firstName: 'Owner',
      email: 'owner@wallet.test',
      phone: '9222222299',
      password: 'Owner-pass-1',
      roleId: role.json().id,
      organisationId: dealerId,
    });
    const owner = {
      app: server.app,
      token: (await signIn(server.app, 'owner@wallet.test', 'Owner-pass-1')).token.access.token,
    };
    expect((await settings(owner, dealerId)).canSetPrices).toBe(false);
    const zero = await call(owner, 'PUT', `/organisation/settings/${dealerId}`, {
      priceOneYearPaise: 0,
      priceTwoYearsPaise: 0,
    });
    expect(zero.statusCode).toBe(403);
    expect(zero.json().message).toBe("Only the provider's administrators can change prices");
    const same = await call(owner, 'PUT', `/organisation/settings/${dealerId}`, {
      idleMinutes: 9,
      priceOneYearPaise: 150_000,
    });
    expect(same.statusCode).toBe(200);
    const changed = await call(as.admin!, 'PUT', `/organisation/settings/${dealerId}`, { priceOneYearPaise: 160_000 });
    expect(changed.statusCode).toBe(200);
    expect((await settings(as.admin!, dealerId)).settings).toMatchObject({
      priceOneYearPaise: 160_000,
      priceTwoYearsPaise: 270_000,
      idleMinutes: 9,
    });
  });
});
