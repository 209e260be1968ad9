import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ADMIN_EMAIL, ADMIN_PASSWORD, signIn, startTestServer, type TestServer } from './harness.ts';
import { users } from '../../server/db/schema.ts';
import { wallets, walletTransactions } from '../../server/db/wallet-schema.ts';
import { credit, debit, InsufficientBalanceError } from '../../server/wallets/ledger.ts';

// PGlite by default; PostgreSQL (a real pool of 20 connections racing for the row) with TEST_DATABASE_URL
describe(`wallet ledger under 1,000 concurrent debits (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let server: TestServer;
  let walletId: string;
  let userId: string;

  beforeAll(async () => {
    server = await startTestServer({ demo: false });
    const [admin] = await server.database.db.select().from(users).limit(1);
    userId = admin!.id;
    const [wallet] = await server.database.db.insert(wallets).values({ userId, organisationId: admin!.organisationId }).returning();
    walletId = wallet!.id;
  }, 120_000);
  afterAll(async () => { await server?.close(); });

  it('never overdraws and the ledger sums to the balance', async () => {
    const { db } = server.database;
    // ₹3,000.00 in, then 1,000 debits of ₹5.00 (₹5,000.00 asked): exactly 600 can succeed
    await credit(db, { walletId, amountPaise: 300_000, description: 'Top-up', idempotencyKey: 'top-up-1', actorId: userId });
    const results = await Promise.allSettled(Array.from({ length: 1000 }, (_, i) => debit(db, {
      walletId, amountPaise: 500, description: `Debit ${i}`, idempotencyKey: `debit-${i}`, actorId: userId,
    })));
    const succeeded = results.filter((r) => r.status === 'fulfilled').length;
    const refusals = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as unknown);
    expect(succeeded).toBe(600);
    expect(refusals).toHaveLength(400);
    expect(refusals.every((reason) => reason instanceof InsufficientBalanceError && reason.statusCode === 409)).toBe(true);

    const [wallet] = await db.select().from(wallets).where(eq(wallets.id, walletId));
    expect(wallet!.balance).toBe(0);
    const [sums] = await db.select({
      total: sql<string>`coalesce(sum(case when ${walletTransactions.transactionType} = 'CREDIT' then ${walletTransactions.amount} else -${walletTransactions.amount} end), 0)`,
      minAfter: sql<number>`min(${walletTransactions.balanceAfter})`,
      count: sql<number>`count(*)::int`,
    }).from(walletTransactions).where(eq(walletTransactions.walletId, walletId));
    expect(Number(sums!.total)).toBe(wallet!.balance);
    expect(sums!.count).toBe(601);
    expect(Number(sums!.minAfter)).toBeGreaterThanOrEqual(0);
  }, 300_000);

  it('applies a retried key once, even when the retries race', async () => {
    const { db } = server.database;
    await credit(db, { walletId, amountPaise: 10_000, description: 'Top-up', idempotencyKey: 'top-up-2', actorId: userId });
    const retries = await Promise.all(Array.from({ length: 20 }, () => debit(db, {
      walletId, amountPaise: 2_500, description: 'Activation', idempotencyKey: 'same-key', actorId: userId,
    })));
    expect(new Set(retries.map((r) => r.id)).size).toBe(1);
    const [wallet] = await db.select().from(wallets).where(eq(wallets.id, walletId));
    expect(wallet!.balance).toBe(7_500);
  }, 120_000);

  it('answers 1,000 concurrent deduct calls through the API without overdrawing', async () => {
    const { db } = server.database;
    const token = (await signIn(server.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token.access.token;
    const [before] = await db.select().from(wallets).where(eq(wallets.id, walletId));
    await credit(db, { walletId, amountPaise: 100_000 - before!.balance, description: 'Top-up', idempotencyKey: 'top-up-3', actorId: userId });
    // ₹1,000.00 in the wallet, 1,000 calls of ₹2.50: 400 are paid
    const answers = await Promise.all(Array.from({ length: 1000 }, (_, i) => server.app.inject({
      method: 'PUT', url: `/api/wallets/deduct/${walletId}`, headers: { authorization: `Bearer ${token}`, 'idempotency-key': `api-${i}` },
      payload: { amount: 250, description: `API debit ${i}` },
    })));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(400);
    expect(statuses.filter((s) => s === 409)).toHaveLength(600);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe('Insufficient wallet balance: ₹2.50 more is needed (balance ₹0.00, amount ₹2.50)');
    const [after] = await db.select().from(wallets).where(eq(wallets.id, walletId));
    expect(after!.balance).toBe(0);
    const [sum] = await db.select({ total: sql<string>`sum(case when ${walletTransactions.transactionType} = 'CREDIT' then ${walletTransactions.amount} else -${walletTransactions.amount} end)` })
      .from(walletTransactions).where(eq(walletTransactions.walletId, walletId));
    expect(Number(sum!.total)).toBe(0);
  }, 300_000);

  it('keeps ledger rows immutable', async () => {
    const { db } = server.database;
    await expect(db.execute(sql`update wallet_transactions set amount = 1 where wallet_id = ${walletId}`)).rejects.toThrow();
    await expect(db.execute(sql`delete from wallet_transactions where wallet_id = ${walletId}`)).rejects.toThrow();
    await expect(db.execute(sql`update wallets set balance = -1 where id = ${walletId}`)).rejects.toThrow();
  });
});
