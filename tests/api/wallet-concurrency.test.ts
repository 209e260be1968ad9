import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { bearer, demoEmail, signIn, startTestServer, type TestServer } from './harness.ts';
import { call, demoWorld, type Api } from './resource-fixtures.ts';
import { users } from '../../server/db/schema.ts';
import { wallets, walletTransactions } from '../../server/db/wallet-schema.ts';
import type { Db } from '../../server/db/client.ts';
import { HttpError } from '../../server/http/errors.ts';
import {
  InsufficientBalanceError,
  systemAccount,
  transfer,
  type TransferRequest,
} from '../../server/wallets/ledger.ts';
import { findRenewableFitment, orderRenewal, payFromWallet, type RenewalOrder } from '../../server/renewals/orders.ts';
import { DEMO_FIRST_IMEI } from '../../server/seed/demo.ts';
import { indianIsoDay } from '../../core/format/date.ts';
import { ledgerProblems } from '../support/ledger.ts';
import { seededRandom } from '../support/random.ts';

// PGlite by default (one connection: every transaction waits its turn); PostgreSQL with
// TEST_DATABASE_URL, where a pool of 20 connections races for the same rows.
const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

let server: TestServer;
let db: Db;
let as: Record<string, Api>;
let orgs: Record<string, string>;
let bank: string;
let revenue: string;

const userIdOf = async (who: string) => (await signIn(server.app, demoEmail(who))).user.id;
const walletIdOf = async (userId: string) =>
  ((await call(as.superadmin!, 'GET', `/wallets?userId=${userId}`)).json() as { id: string }[])[0]!.id;
const balanceOf = async (walletId: string) =>
  (await db.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.id, walletId)))[0]!.balance;

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

/** Money in from the bank, as a deposit is: a transfer of its own, so the accounts still sum to zero. */
const deposit = (walletId: string, amountPaise: number, idempotencyKey: string, actorId: string) =>
  transfer(db, {
    fromId: bank,
    toId: walletId,
    amountPaise,
    kind: 'DEPOSIT',
    description: 'Top-up',
    reference: 'UTR-TOPUP-0001',
    idempotencyKey,
    actorId,
  });

beforeAll(async () => {
  server = await startTestServer();
  db = server.database.db;
  ({ as, orgs } = await demoWorld(server.app, ['superadmin', 'admin', 'rfcadmin', 'dealer']));
  bank = await systemAccount(db, 'BANK');
  revenue = await systemAccount(db, 'REVENUE');
}, 180_000);
afterAll(async () => {
  await server?.close();
});

describe(`wallet ledger under 1,000 concurrent debits (${database})`, () => {
  let walletId: string;
  let userId: string;

  beforeAll(async () => {
    // a wallet of its own, in an organisation that pays for nothing else: the counts below are exact
    const [maker] = await db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('manufacturer')));
    userId = maker!.id;
    const [wallet] = await db.insert(wallets).values({ userId, organisationId: maker!.organisationId }).returning();
    walletId = wallet!.id;
  });

  it('never overdraws and the ledger sums to the balance', async () => {
    // ₹3,000.00 in, then 1,000 transfers of ₹5.00 into revenue (₹5,000.00 asked): exactly 600 can succeed
    await deposit(walletId, 300_000, 'top-up-1', userId);
    const revenueBefore = await balanceOf(revenue);
    const results = await Promise.allSettled(
      Array.from({ length: 1000 }, (_, i) =>
        transfer(db, {
          fromId: walletId,
          toId: revenue,
          amountPaise: 500,
          kind: 'ACTIVATION',
          description: `Debit ${i}`,
          idempotencyKey: `debit-${i}`,
          actorId: userId,
        }),
      ),
    );
    const succeeded = results.filter((r) => r.status === 'fulfilled').length;
    const refusals = results
      .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
      .map((r) => r.reason as unknown);
    expect(succeeded).toBe(600);
    expect(refusals).toHaveLength(400);
    expect(
      refusals.filter((reason) => !(reason instanceof InsufficientBalanceError && reason.statusCode === 409)),
    ).toEqual([]);

    expect(await balanceOf(walletId)).toBe(0);
    expect(await balanceOf(revenue)).toBe(revenueBefore + 300_000);
    const [sums] = await db
      .select({
        total: sql<string>`coalesce(sum(case when ${walletTransactions.transactionType} = 'CREDIT' then ${walletTransactions.amount} else -${walletTransactions.amount} end), 0)`,
        minAfter: sql<number>`min(${walletTransactions.balanceAfter})`,
        count: sql<number>`count(*)::int`,
      })
      .from(walletTransactions)
      .where(eq(walletTransactions.walletId, walletId));
    expect(Number(sums!.total)).toBe(0);
    expect(sums!.count).toBe(601);
    expect(Number(sums!.minAfter)).toBeGreaterThanOrEqual(0);
    expect(await ledgerProblems(db)).toEqual([]);
  }, 300_000);

  it('applies a retried key once, even when the retries race', async () => {
    await deposit(walletId, 10_000, 'top-up-2', userId);
    const retries = await Promise.all(
      Array.from({ length: 20 }, () =>
        transfer(db, {
          fromId: walletId,
          toId: revenue,
          amountPaise: 2_500,
          kind: 'ACTIVATION',
          description: 'Activation',
          idempotencyKey: 'same-key',
          actorId: userId,
        }),
      ),
    );
    expect(new Set(retries.map((r) => r.id)).size).toBe(1);
    expect(new Set(retries.map((r) => r.debit.id)).size).toBe(1);
    expect(await balanceOf(walletId)).toBe(7_500);
    expect(
      await db.select().from(walletTransactions).where(eq(walletTransactions.idempotencyKey, 'same-key')),
    ).toHaveLength(2);
  }, 120_000);

  it('answers 1,000 concurrent deduct calls through the API without overdrawing', async () => {
    await deposit(walletId, 100_000 - (await balanceOf(walletId)), 'top-up-3', userId);
    const bankBefore = await balanceOf(bank);
    // ₹1,000.00 in the wallet, 1,000 withdrawals of ₹2.50 to the bank by the provider's administrator: 400 are paid
    const answers = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        server.app.inject({
          method: 'PUT',
          url: `/api/wallets/deduct/${walletId}`,
          headers: { ...bearer(as.admin!.token), 'idempotency-key': `api-${i}` },
          payload: { amount: 250, description: `API debit ${i}`, reference: `NEFT-${String(i).padStart(6, '0')}` },
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(400);
    expect(statuses.filter((s) => s === 409)).toHaveLength(600);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(
      'Insufficient wallet balance: ₹2.50 more is needed (balance ₹0.00, amount ₹2.50)',
    );
    expect(answers.find((a) => a.statusCode === 200)!.json().data.transaction).toMatchObject({
      transactionType: 'DEBIT',
      transferKind: 'WITHDRAWAL',
      amount: 250,
    });
    expect(await balanceOf(walletId)).toBe(0);
    expect(await balanceOf(bank)).toBe(bankBefore + 100_000);
    const [sum] = await db
      .select({
        total: sql<string>`sum(case when ${walletTransactions.transactionType} = 'CREDIT' then ${walletTransactions.amount} else -${walletTransactions.amount} end)`,
      })
      .from(walletTransactions)
      .where(eq(walletTransactions.walletId, walletId));
    expect(Number(sum!.total)).toBe(0);
    expect(await ledgerProblems(db)).toEqual([]);
  }, 300_000);

  it('keeps ledger rows immutable', async () => {
    await expect(
      db.execute(sql`update wallet_transactions set amount = 1 where wallet_id = ${walletId}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from wallet_transactions where wallet_id = ${walletId}`)).rejects.toThrow();
    await expect(db.execute(sql`update wallets set balance = -1 where id = ${walletId}`)).rejects.toThrow();
    expect(await ledgerProblems(db)).toEqual([]);
  });
});

/** One request of the mixed run, and where its money must come from if it is answered 200/201. */
type Operation =
  | {
      kind: 'api';
      api: Api;
      step: 'add' | 'deduct';
      walletId: string;
      key: string;
      payer: string;
      body: Record<string, unknown>;
    }
  | { kind: 'debit'; key: string; payer: string; request: TransferRequest }
  | { kind: 'fitment'; imei: string; registrationNumber: string; days: 365 | 730 }
  | { kind: 'renewal'; imei: string; registrationNumber: string; days: 365 | 730; order?: RenewalOrder };

interface Outcome {
  operation: Operation;
  status: number;
  transferId?: string;
  key?: string;
  payer?: string;
  amount?: number;
  detail?: string;
}

describe(`1,000 concurrent mixed wallet operations (${database})`, () => {
  it('keeps the ledger whole and applies every answered request exactly once', async () => {
    const random = seededRandom(Number(process.env.WAYMARK_SEED ?? 24));
    const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const shuffle = <T>(items: T[]) => {
      for (let i = items.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [items[i], items[j]] = [items[j]!, items[i]!];
      }
      return items;
    };

    const dealerWallet = await walletIdOf(await userIdOf('rfcadmin'));
    const customerId = await userIdOf('customer');
    const sunriseWallet = await walletIdOf(customerId);
    const sunrise = orgs['Sunrise Logistics']!;

    // the dealer's own stock, fitted below for the demo customer (her phone: no new account, no password hash)
    const FITMENTS = 40;
    const made = await Promise.all(
      Array.from({ length: FITMENTS }, (_, i) =>
        call(as.superadmin!, 'POST', '/device', {
          imei: `86834707200${String(i).padStart(4, '0')}`,
          status: 'ALLOCATED',
          organisationId: orgs['Metro Auto Dealers'],
        }),
      ),
    );
    expect(made.filter((r) => r.statusCode !== 201).map((r) => r.body)).toEqual([]);
    // the six demo fitments of Sunrise, renewed from Sunrise's wallet
    const demoFitments = Array.from({ length: 6 }, (_, i) => ({
      imei: (BigInt(DEMO_FIRST_IMEI) + BigInt(i)).toString(),
      registrationNumber: `UP78${String.fromCharCode(65 + i)}T${4321 + i}`,
    }));

    // enough in both wallets that most of the crowd is paid; the rest is refused for a short balance
    for (const [walletId, amount] of [
      [dealerWallet, 10_000_000],
      [sunriseWallet, 25_000_000],
    ] as const) {
      const funded = await call(as.admin!, 'PUT', `/wallets/add/${walletId}`, {
        amount,
        description: 'Float',
        reference: `UTR-FLOAT-${amount}`,
        idempotencyKey: `float-${walletId}`,
      });
      expect(funded.statusCode, funded.body).toBe(200);
    }

    const operations: Operation[] = [];
    const keyed: Extract<Operation, { key: string }>[] = [];
    const keyedOperation = (operation: Extract<Operation, { key: string }>) => {
      operations.push(operation);
      keyed.push(operation);
    };
    // 200 transfers between the dealer's wallet and Sunrise's, both ways, by the dealer's administrator
    for (let i = 0; i < 200; i++) {
      const step = i % 2 ? 'add' : 'deduct';
      keyedOperation({
        kind: 'api',
        api: as.rfcadmin!,
        step,
        walletId: sunriseWallet,
        key: `mixed-transfer-${i}`,
        payer: step === 'add' ? dealerWallet : sunriseWallet,
        body: { amount: between(1_000, 60_000), description: `Transfer ${i}`, idempotencyKey: `mixed-transfer-${i}` },
      });
    }
    // 120 deposits and withdrawals by the provider's administrator, each with its UTR
    for (let i = 0; i < 120; i++) {
      const step = i % 8 < 5 ? 'add' : 'deduct';
      const walletId = pick([dealerWallet, sunriseWallet]);
      keyedOperation({
        kind: 'api',
        api: as.admin!,
        step,
        walletId,
        key: `mixed-bank-${i}`,
        payer: step === 'add' ? bank : walletId,
        body: {
          amount: step === 'add' ? between(10_000, 500_000) : between(1_000, 200_000),
          description: `${step === 'add' ? 'Deposit' : 'Withdrawal'} ${i}`,
          reference: `UTR-MIXED-${String(i).padStart(4, '0')}`,
          idempotencyKey: `mixed-bank-${i}`,
        },
      });
    }
    // 240 direct debits into revenue, one in ten more than the wallet ever holds (refused, and nothing written)
    for (let i = 0; i < 240; i++) {
      const payer = pick([dealerWallet, sunriseWallet]);
      keyedOperation({
        kind: 'debit',
        key: `mixed-debit-${i}`,
        payer,
        request: {
          fromId: payer,
          toId: revenue,
          amountPaise: i % 10 ? between(500, 150_000) : between(60_000_000, 90_000_000),
          kind: 'ACTIVATION',
          description: `Direct debit ${i}`,
          idempotencyKey: `mixed-debit-${i}`,
          actorId: null,
        },
      });
    }
    // 40 activations paid by the dealer, 30 renewals paid by Sunrise (several racing for one fitment)
    for (let i = 0; i < FITMENTS; i++) {
      operations.push({
        kind: 'fitment',
        imei: `86834707200${String(i).padStart(4, '0')}`,
        registrationNumber: `UP78MX${String(i).padStart(4, '0')}`,
        days: pick([365, 730] as const),
      });
    }
    for (let i = 0; i < 30; i++)
      operations.push({ kind: 'renewal', ...pick(demoFitments), days: pick([365, 730] as const) });
    // five orders made before and paid twice at once (a double click): once each
    const doubleClicked: RenewalOrder[] = [];
    for (const fitment of demoFitments.slice(0, 5)) {
      const order = await orderRenewal(
        db,
        (await findRenewableFitment(db, fitment.registrationNumber, fitment.imei))!,
        730,
        'upi',
        customerId,
      );
      doubleClicked.push(order);
      operations.push(
        { kind: 'renewal', ...fitment, days: 730, order },
        { kind: 'renewal', ...fitment, days: 730, order },
      );
    }
    // and 360 retries: 180 of the keyed requests sent twice more, with the same key and body, in the same crowd
    const retried = shuffle([...keyed]).slice(0, 180);
    for (const operation of retried) operations.push(operation, operation);
    expect(operations).toHaveLength(1000);
    shuffle(operations);

    const today = indianIsoDay();
    const fitmentForm = (operation: Extract<Operation, { kind: 'fitment' }>) => ({
      vehicle: {
        category: 'TRUCK',
        registrationNumber: operation.registrationNumber,
        engineNo: `ENG${operation.imei.slice(-4)}`,
        chassisNo: `CHS${operation.imei.slice(-4)}`,
        regDate: '2025-06-01',
        rto: 'Kanpur Nagar-UP78',
        rtoCode: 'UP_UP78',
        make: 'Tata',
        model: 'Ace',
      },
      device: { imei: operation.imei, panicButtonCount: 2 },
      customer: {
        firstName: 'Priya',
        lastName: 'Singh',
        email: demoEmail('customer'),
        phone: '9876543210',
        address: '14/112 Civil Lines\nKanpur',
      },
      fitmentDate: today,
      durationInDays: operation.days,
      deviceActivate: true,
    });
    const refused = (operation: Operation, error: unknown): Outcome =>
      error instanceof HttpError
        ? { operation, status: error.statusCode, detail: error.message }
        : { operation, status: 500, detail: error instanceof Error ? error.stack : String(error) };

    const run = async (operation: Operation): Promise<Outcome> => {
      switch (operation.kind) {
        case 'api': {
          const answer = await operation.api.app.inject({
            method: 'PUT',
            url: `/api/wallets/${operation.step}/${operation.walletId}`,
            headers: bearer(operation.api.token),
            payload: operation.body,
          });
          const body = answer.json();
          return {
            operation,
            status: answer.statusCode,
            transferId: body.data?.transaction?.transferId,
            key: operation.key,
            payer: operation.payer,
            amount: operation.body.amount as number,
            detail: body.message,
          };
        }
        case 'debit':
          try {
            const moved = await transfer(db, operation.request);
            return {
              operation,
              status: 200,
              transferId: moved.id,
              key: operation.key,
              payer: operation.payer,
              amount: operation.request.amountPaise,
            };
          } catch (error) {
            return refused(operation, error);
          }
        case 'fitment': {
          const answer = await call(as.dealer!, 'POST', '/fitment', fitmentForm(operation));
          const body = answer.json();
          return {
            operation,
            status: answer.statusCode,
            key: body.id && `activation:${body.id}`,
            payer: dealerWallet,
            amount: operation.days === 365 ? 150_000 : 270_000,
            detail: body.message,
          };
        }
        case 'renewal':
          try {
            const fitment = await findRenewableFitment(db, operation.registrationNumber, operation.imei);
            const order = operation.order ?? (await orderRenewal(db, fitment!, operation.days, 'wallet', customerId));
            const paid = await payFromWallet(db, order, { userId: customerId, organisationId: sunrise });
            return {
              operation,
              status: 200,
              key: `renewal:${paid.id}`,
              payer: sunriseWallet,
              amount: paid.amountPaise,
            };
          } catch (error) {
            return refused(operation, error);
          }
      }
    };

    const transfersBefore = new Set(
      (await db.select({ id: walletTransactions.transferId }).from(walletTransactions)).map((r) => r.id),
    );
    const outcomes = await Promise.all(
      operations.map((operation) => run(operation).catch((error: unknown) => refused(operation, error))),
    );

    // no answer is a server error, and the ledger is whole
    expect(outcomes.filter((o) => o.status >= 500).map((o) => `${o.operation.kind} ${o.status} ${o.detail}`)).toEqual(
      [],
    );
    expect(await ledgerProblems(db)).toEqual([]);
    // the refusals are the ones the rules allow: a short wallet, an order already paid
    const allowed = /^(Insufficient wallet balance: .* more is needed|This renewal order is already confirmed)/;
    expect(
      outcomes
        .filter((o) => o.status >= 300 && !(o.status === 409 && allowed.test(o.detail ?? '')))
        .map((o) => `${o.operation.kind} ${o.status} ${o.detail}`),
    ).toEqual([]);

    // every request answered 200/201 is in the ledger once: one DEBIT leg with its key, on the account that pays, of its amount
    const legs = (
      await db.select().from(walletTransactions).where(eq(walletTransactions.transactionType, 'DEBIT'))
    ).filter((leg) => !transfersBefore.has(leg.transferId));
    const byKey = groupBy(legs, (leg) => leg.idempotencyKey);
    const answered = outcomes.filter((o) => o.status === 200 || o.status === 201);
    const problems: string[] = [];
    for (const o of answered) {
      const found = byKey.get(o.key!) ?? [];
      if (found.length !== 1) problems.push(`${o.key} is in the ledger ${found.length} times`);
      else if (found[0]!.walletId !== o.payer || found[0]!.amount !== o.amount)
        problems.push(`${o.key} moved ${found[0]!.amount} from ${found[0]!.walletId}, not ${o.amount} from ${o.payer}`);
      else if (o.transferId && found[0]!.transferId !== o.transferId)
        problems.push(`${o.key} answered transfer ${o.transferId}, the ledger has ${found[0]!.transferId}`);
    }
    expect(problems).toEqual([]);
    // and nothing moved that was not answered: each new transfer is one answered key
    const answeredKeys = new Set(answered.map((o) => o.key!));
    expect(legs.map((leg) => leg.idempotencyKey).filter((key) => !answeredKeys.has(key))).toEqual([]);
    expect(legs).toHaveLength(answeredKeys.size);
    // retries of one key answered the same transfer
    const answersByKey = groupBy(
      answered.filter((o) => o.operation.kind === 'api' || o.operation.kind === 'debit'),
      (o) => o.key!,
    );
    expect(
      [...answersByKey].filter(([, same]) => new Set(same.map((o) => o.transferId)).size !== 1).map(([key]) => key),
    ).toEqual([]);
    const retriedKeys = new Set(retried.map((o) => o.key));
    expect([...answersByKey].filter(([key, same]) => retriedKeys.has(key) && same.length > 1).length).toBeGreaterThan(
      100,
    );
    // a doubly paid order was paid once
    for (const order of doubleClicked) {
      const paid = outcomes
        .filter((o) => o.operation.kind === 'renewal' && o.operation.order === order)
        .sort((a, b) => a.status - b.status);
      expect(paid.map((o) => [o.status, o.detail])).toEqual([
        [200, undefined],
        [409, 'This renewal order is already confirmed; nothing was changed.'],
      ]);
    }
    // the run did something of every kind
    const counts = Object.fromEntries(
      ['api', 'debit', 'fitment', 'renewal'].map((kind) => [
        kind,
        answered.filter((o) => o.operation.kind === kind).length,
      ]),
    );
    for (const kind of ['api', 'debit', 'fitment', 'renewal']) expect(counts[kind], kind).toBeGreaterThan(0);
  }, 600_000);
});
