import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, signIn, startTestServer, type TestServer } from './harness.ts';
import { call, demoWorld, type Api } from './resource-fixtures.ts';
import { systemAccount } from '../../server/wallets/ledger.ts';
import { indianIsoDay } from '../../core/format/date.ts';
import { ledgerProblems } from '../support/ledger.ts';

// Issue 24's attacks, each as it was reproduced with the demo users: every one of them moved money,
// or bought paid time, before the double-entry ledger and paid-through dates.
let server: TestServer;
let as: Record<string, Api>;
let devices: { id: string; imei: string; organisationId: string }[];
let orgs: Record<string, string>;
let dealerWallet: string;
let customerWallet: string;

const userIdOf = async (who: string) => (await signIn(server.app, demoEmail(who))).user.id;
const walletIdOf = async (userId: string) =>
  ((await call(as.superadmin!, 'GET', `/wallets?userId=${userId}`)).json() as { id: string }[])[0]!.id;
const balanceOf = async (walletId: string) =>
  ((await call(as.superadmin!, 'GET', `/wallets/${walletId}`)).json() as { balance: number }).balance;
const bankBalance = async () => balanceOf(await systemAccount(server.database.db, 'BANK'));
const dealerDevices = () => devices.filter((d) => d.organisationId === orgs['Metro Auto Dealers']);

function form(imei: string, registrationNumber: string, phone: string, over: Record<string, unknown> = {}) {
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
      email: `c${phone}@attack.test`,
      phone,
      address: '12 Mall Road\nKanpur',
    },
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
  ]));
  dealerWallet = await walletIdOf(await userIdOf('rfcadmin'));
  customerWallet = await walletIdOf(await userIdOf('customer'));
}, 120_000);
afterAll(async () => {
  expect(await ledgerProblems(server.database.db)).toEqual([]);
  await server?.close();
});

describe('money cannot be made from nothing', () => {
  it('1. a wallet cannot be moved below its organisation to be topped up "from above" and moved back', async () => {
    const moved = await call(as.rfcadmin!, 'PUT', `/wallets/${dealerWallet}`, {
      organisationId: orgs['Sunrise Logistics'],
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe("A wallet's organisation cannot change");
    expect(
      ((await call(as.superadmin!, 'GET', `/wallets/${dealerWallet}`)).json() as { organisationId: string })
        .organisationId,
    ).toBe(orgs['Metro Auto Dealers']);
    // not even the super admin moves one, and the database refuses it whatever writes
    expect(
      (await call(as.superadmin!, 'PUT', `/wallets/${dealerWallet}`, { organisationId: orgs['Sunrise Logistics'] }))
        .statusCode,
    ).toBe(400);
    await expect(
      server.database.db.execute(
        `update wallets set organisation_id = '${orgs['Sunrise Logistics']}' where id = '${dealerWallet}'`,
      ),
    ).rejects.toThrow();
    // its own administrator still cannot add to it
    const own = await call(as.rfcadmin!, 'PUT', `/wallets/add/${dealerWallet}`, {
      amount: 100_000_000,
      description: 'Self top-up',
      idempotencyKey: 'self-1',
    });
    expect(own.statusCode).toBe(403);
  });

  it('2. an organisation made below a payer inherits its prices and pays through its wallet, in the form and in bulk', async () => {
    const child = await call(as.dealer!, 'POST', '/organisation', {
      tradeName: 'Dealer Shell Co',
      brandName: 'Shell',
      email: 'shell@dealer.test',
      parentId: orgs['Metro Auto Dealers'],
      address: { country: 'India', city: 'Kanpur', state: 'Uttar Pradesh', pin: '208001' },
    });
    expect(child.statusCode, child.body).toBe(201);
    const childId = child.json().id as string;
    // the dealer may not price what it made, not even at zero
    const priced = await call(as.dealer!, 'PUT', `/organisation/settings/${childId}`, {
      priceOneYearPaise: 0,
      priceTwoYearsPaise: 0,
    });
    expect(priced.statusCode).toBe(403);
    const before = await balanceOf(dealerWallet);
    const [first, second] = dealerDevices();
    const fitted = await call(
      as.dealer!,
      'POST',
      '/fitment',
      form(first!.imei, 'UP78SH0001', '9811100101', { durationInDays: 730, organisationId: childId }),
    );
    expect(fitted.statusCode).toBe(201);
    expect((await call(as.superadmin!, 'PUT', `/activation/approve/${fitted.json().id}`)).statusCode).toBe(200);
    expect(await balanceOf(dealerWallet)).toBe(before - 270_000);
    const bulk = await call(as.dealer!, 'POST', '/activation/bulk', [
      { ...form(second!.imei, 'UP78SH0002', '9811100102', { organisationId: childId }), line: 2 },
    ]);
    expect(bulk.statusCode).toBe(200);
    expect(await balanceOf(dealerWallet)).toBe(before - 420_000);
  });

  it('3. a fitment date cannot be moved ahead to stretch a paid year, on an edit, on create or in bulk', async () => {
    const [, , third] = dealerDevices();
    const body = form(third!.imei, 'UP78SH0003', '9811100103');
    const created = await call(as.dealer!, 'POST', '/fitment', body);
    expect(created.statusCode, created.body).toBe(201);
    const fitment = created.json() as { id: string; expiresOn: string };
    const before = await balanceOf(dealerWallet);
    const stretched = await call(as.dealer!, 'PUT', `/fitment/${fitment.id}`, { ...body, fitmentDate: '2100-01-01' });
    expect(stretched.statusCode).toBe(400);
    expect(stretched.json().message).toBe('The fitment date cannot change once the activation is paid for');
    expect(
      ((await call(as.superadmin!, 'GET', `/fitment/${fitment.id}`)).json() as { expiresOn: string }).expiresOn,
    ).toBe(fitment.expiresOn);
    expect(await balanceOf(dealerWallet)).toBe(before);
    const tomorrow = indianIsoDay(Date.now() + 86_400_000);
    const [spare] = devices.filter((d) => d.organisationId === orgs['Bharat Telematics Pvt Ltd']);
    const ahead = await call(
      as.superadmin!,
      'POST',
      '/fitment',
      form(spare!.imei, 'UP78SH0004', '9811100104', { fitmentDate: tomorrow }),
    );
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json().message).toBe('The fitment date cannot be later than today');
    const bulk = await call(as.superadmin!, 'POST', '/activation/bulk', [
      { ...form(spare!.imei, 'UP78SH0004', '9811100104', { fitmentDate: '2100-01-01' }), line: 5 },
    ]);
    expect(bulk.statusCode).toBe(400);
    expect(bulk.json().message).toBe('Row 5: The fitment date cannot be later than today');
  });

  it('4. a deactivated edit to ten years is not activated for the price of one', async () => {
    const [row] = (
      await call(as.superadmin!, 'GET', `/fitment?filter=${encodeURIComponent('{"q":"UP78SH0003"}')}`)
    ).json() as { id: string }[];
    const stored = (await call(as.superadmin!, 'GET', `/fitment/${row!.id}`)).json();
    const before = await balanceOf(dealerWallet);
    const off = await call(as.dealer!, 'PUT', `/fitment/${row!.id}`, {
      ...form(stored.imei, 'UP78SH0003', '9811100103'),
      fitmentDate: stored.fitmentDate,
      durationInDays: 3650,
      deviceActivate: false,
    });
    expect(off.statusCode).toBe(200);
    const approved = await call(as.superadmin!, 'PUT', `/activation/approve/${row!.id}`);
    expect(approved.statusCode).toBe(400);
    expect(approved.json().message).toBe(
      'Activations are sold for 1 year (365 days) or 2 years (730 days): this would add 3285 days to the time paid for',
    );
    expect(
      ((await call(as.superadmin!, 'GET', `/fitment/${row!.id}`)).json() as { activationStatus: string })
        .activationStatus,
    ).toBe('INACTIVE');
    expect(await balanceOf(dealerWallet)).toBe(before);
  });

  it("5. a dealer's administrator funds its customer's wallet only from its own", async () => {
    const [dealerBefore, customerBefore, bankBefore] = [
      await balanceOf(dealerWallet),
      await balanceOf(customerWallet),
      await bankBalance(),
    ];
    const moved = await call(as.rfcadmin!, 'PUT', `/wallets/add/${customerWallet}`, {
      amount: 150_000,
      description: 'Credit for the customer',
      idempotencyKey: 'fund-1',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.transaction).toMatchObject({
      transferKind: 'TRANSFER',
      transactionType: 'CREDIT',
      amount: 150_000,
    });
    expect(await balanceOf(customerWallet)).toBe(customerBefore + 150_000);
    expect(await balanceOf(dealerWallet)).toBe(dealerBefore - 150_000);
    expect(await bankBalance()).toBe(bankBefore);
    // and takes it back the same way
    expect(
      (
        await call(as.rfcadmin!, 'PUT', `/wallets/deduct/${customerWallet}`, {
          amount: 50_000,
          description: 'Back',
          idempotencyKey: 'fund-2',
        })
      ).statusCode,
    ).toBe(200);
    expect(await balanceOf(dealerWallet)).toBe(dealerBefore - 100_000);
    // the bank is the provider's: a dealer posts no deposit
    const deposit = await call(as.rfcadmin!, 'PUT', `/wallets/add/${customerWallet}`, {
      amount: 150_000,
      description: 'Deposit',
      reference: 'SBIN0000000001',
      counterpart: 'bank',
      idempotencyKey: 'fund-3',
    });
    expect(deposit.statusCode).toBe(403);
    expect(deposit.json().message).toBe(
      "Only the provider's administrators can post deposits and withdrawals with the bank",
    );
    // more than it holds is refused, and nothing moves
    const tooMuch = await call(as.rfcadmin!, 'PUT', `/wallets/add/${customerWallet}`, {
      amount: dealerBefore,
      description: 'All of it',
      idempotencyKey: 'fund-4',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(await balanceOf(customerWallet)).toBe(customerBefore + 100_000);
  });

  it('takes deposits and withdrawals from the provider only with a bank reference, and keeps the bank and revenue out of reach', async () => {
    const bankBefore = await bankBalance();
    const noUtr = await call(as.admin!, 'PUT', `/wallets/add/${customerWallet}`, {
      amount: 10_000,
      description: 'Deposit',
      idempotencyKey: 'dep-1',
    });
    expect(noUtr.statusCode).toBe(400);
    expect(noUtr.json().message).toBe(
      'Type the bank reference (UTR) of the deposit or withdrawal: 6 to 35 letters, digits and dashes',
    );
    const deposit = await call(as.admin!, 'PUT', `/wallets/add/${customerWallet}`, {
      amount: 10_000,
      description: 'Deposit',
      reference: 'SBIN0000000002',
      idempotencyKey: 'dep-2',
    });
    expect(deposit.statusCode).toBe(200);
    expect(await bankBalance()).toBe(bankBefore - 10_000);
    const bank = await systemAccount(server.database.db, 'BANK');
    const revenue = await systemAccount(server.database.db, 'REVENUE');
    expect(
      (
        await call(as.admin!, 'PUT', `/wallets/add/${bank}`, {
          amount: 10_000,
          description: 'x',
          reference: 'SBIN0000000003',
          idempotencyKey: 'dep-3',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await call(as.admin!, 'PUT', `/wallets/add/${revenue}`, {
          amount: 10_000,
          description: 'x',
          reference: 'SBIN0000000004',
          idempotencyKey: 'dep-4',
        })
      ).statusCode,
    ).toBe(409);
    expect((await call(as.admin!, 'PUT', `/wallets/${revenue}`, { isActive: false })).statusCode).toBe(409);
    // the provider takes its revenue out to the bank
    const out = await call(as.admin!, 'PUT', `/wallets/deduct/${revenue}`, {
      amount: 10_000,
      description: 'Payout',
      reference: 'SBIN0000000005',
      idempotencyKey: 'dep-5',
    });
    expect(out.statusCode).toBe(200);
    expect(out.json().data.transaction).toMatchObject({ transferKind: 'WITHDRAWAL' });
    // the dealer sees neither account
    expect((await call(as.rfcadmin!, 'GET', `/wallets/${bank}`)).statusCode).toBe(404);
  });

  it('tells the Add Money and Deduct dialogs which sides the caller may use, by the same rule as the moves', async () => {
    const counterparts = async (api: Api, walletId: string, step: string) =>
      (await call(api, 'GET', `/wallets/${walletId}/counterparts?step=${step}`)).json();
    const rootWallet = await walletIdOf(await userIdOf('admin'));
    const revenue = await systemAccount(server.database.db, 'REVENUE');
    expect(await counterparts(as.admin!, dealerWallet, 'add')).toMatchObject({
      bank: true,
      wallet: { id: rootWallet },
      default: 'bank',
    });
    expect(await counterparts(as.rfcadmin!, customerWallet, 'add')).toMatchObject({
      bank: false,
      wallet: { id: dealerWallet, balance: await balanceOf(dealerWallet) },
      default: 'wallet',
    });
    expect(await counterparts(as.rfcadmin!, dealerWallet, 'add')).toMatchObject({ bank: false, wallet: null });
    expect(await counterparts(as.admin!, revenue, 'add')).toMatchObject({ bank: false, wallet: null });
    expect(await counterparts(as.admin!, revenue, 'deduct')).toMatchObject({ bank: true, wallet: null });
    expect((await call(as.dealer!, 'GET', `/wallets/${customerWallet}/counterparts?step=add`)).statusCode).toBe(403);
  });
});
