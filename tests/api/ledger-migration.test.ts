import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../server/resources/sql.ts';
import { databaseBefore } from '../support/migrations.ts';
import { ledgerProblems } from '../support/ledger.ts';

/**
 * Migration 0029 on a database an older Waymark left: one-sided ledger rows and prices saved as 0
 * with an organisation's other settings. On PGlite, and on PostgreSQL too with TEST_DATABASE_URL.
 */
describe('migration 0029 on a database that already holds wallets', () => {
  it('turns every earlier movement into a transfer with the bank or revenue, so the accounts sum to zero, and makes saved zeros inherit', async () => {
    const database = await databaseBefore(29);
    try {
      const { db } = database;
      const [root] = await query<{ id: string }>(
        db,
        sql`insert into organisations (path, trade_name, brand_name) values ('/', 'Provider', 'Provider') returning id`,
      );
      await query(db, sql`update organisations set path = '/' || id || '/' where id = ${root!.id}::uuid`);
      const [dealer] = await query<{ id: string }>(
        db,
        sql`insert into organisations (parent_id, path, trade_name, brand_name, attributes)
        values (${root!.id}::uuid, 'x', 'Dealer', 'Dealer', ${JSON.stringify({ settings: { priceOneYearPaise: 0, priceTwoYearsPaise: 270000, idleMinutes: 7 } })}::jsonb) returning id`,
      );
      await query(
        db,
        sql`update organisations set path = '/' || ${root!.id} || '/' || id || '/' where id = ${dealer!.id}::uuid`,
      );
      const [role] = await query<{ id: string }>(db, sql`insert into roles (name) values ('OLD_ROLE') returning id`);
      const [user] = await query<{ id: string }>(
        db,
        sql`insert into users (first_name, password_hash, role_id, organisation_id)
        values ('Deepak', 'x', ${role!.id}::uuid, ${dealer!.id}::uuid) returning id`,
      );
      const [wallet] = await query<{ id: string }>(
        db,
        sql`insert into wallets (user_id, organisation_id, balance) values (${user!.id}::uuid, ${dealer!.id}::uuid, 330000) returning id`,
      );
      // top-up ₹5,000, an activation ₹1,500, a correction ₹200, then a renewal ₹100 and a top-up ₹100: ₹3,300 left
      const legacy = [
        ['CREDIT', 500_000, 500_000, 'Top-up', 'UTR 1', '2026-01-01T10:00:00Z'],
        [
          'DEBIT',
          150_000,
          350_000,
          'Activation',
          'fitment:0b6c9c1e-0000-4000-8000-000000000001',
          '2026-01-02T10:00:00Z',
        ],
        ['DEBIT', 20_000, 330_000, 'Correction', 'Ticket 9', '2026-01-03T10:00:00Z'],
        ['DEBIT', 10_000, 320_000, 'Renewal', 'RNW-ABCDEFGH', '2026-01-04T10:00:00Z'],
        ['CREDIT', 10_000, 330_000, 'Top-up', null, '2026-01-05T10:00:00Z'],
      ] as const;
      for (const [i, [type, amount, after, description, reference, at]] of legacy.entries()) {
        await query(
          db,
          sql`insert into wallet_transactions (wallet_id, transaction_type, amount, balance_after, description, reference, idempotency_key, created_at)
          values (${wallet!.id}::uuid, ${type}, ${amount}, ${after}, ${description}, ${reference}, ${`old-${i}`}, ${at}::timestamptz)`,
        );
      }

      await database.upgrade();

      expect(await ledgerProblems(db)).toEqual([]);
      const accounts = Object.fromEntries(
        (await query<{ kind: string; balance: number }>(db, sql`select kind, balance from wallets`)).map((a) => [
          a.kind,
          a.balance,
        ]),
      );
      // the bank paid in ₹5,100 and took back ₹200; revenue holds the activation and the renewal
      expect(accounts).toEqual({ WALLET: 330_000, BANK: -490_000, REVENUE: 160_000 });
      const legs = await query<{ kind: string; type: string; balanceAfter: number }>(
        db,
        sql`select t.transfer_kind as kind, t.transaction_type as type, t.balance_after as "balanceAfter"
        from wallet_transactions t join wallets w on w.id = t.wallet_id where w.kind = 'BANK' order by t.created_at`,
      );
      expect(legs).toEqual([
        { kind: 'DEPOSIT', type: 'DEBIT', balanceAfter: -500_000 },
        { kind: 'WITHDRAWAL', type: 'CREDIT', balanceAfter: -480_000 },
        { kind: 'DEPOSIT', type: 'DEBIT', balanceAfter: -490_000 },
      ]);
      // the rows stay immutable, and the wallet stays in its organisation
      await expect(db.execute(sql`update wallet_transactions set amount = 1`)).rejects.toThrow();
      await expect(
        db.execute(sql`update wallets set organisation_id = ${root!.id}::uuid where id = ${wallet!.id}::uuid`),
      ).rejects.toThrow();
      // the dealer's saved 0 is "the parent's price" now; its real price and other settings stay; the provider's are explicit and free
      const settings = Object.fromEntries(
        (
          await query<{ id: string; settings: Record<string, unknown> }>(
            db,
            sql`select id, attributes -> 'settings' as settings from organisations`,
          )
        ).map((o) => [o.id, o.settings]),
      );
      expect(settings[dealer!.id]).toEqual({ priceTwoYearsPaise: 270000, idleMinutes: 7 });
      expect(settings[root!.id]).toEqual({ priceOneYearPaise: 0, priceTwoYearsPaise: 0 });
    } finally {
      await database.close();
    }
  }, 120_000);
});
