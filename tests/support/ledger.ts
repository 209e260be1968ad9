import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { query } from '../../server/resources/sql.ts';

/**
 * What the double-entry ledger promises (docs/wallet.md), read from the database: every account
 * sums to zero with the others (deposits are the bank's negative balance); no account but the bank
 * is below zero; each account's balance is the sum of its legs; every transfer is two legs of the
 * same amount, a DEBIT and a CREDIT, each naming the other's account. Answers what is broken.
 */
export async function ledgerProblems(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const [total] = await query<{ sum: string | null }>(db, sql`select sum(balance)::text as sum from wallets`);
  if (Number(total?.sum ?? 0) !== 0) problems.push(`the accounts sum to ${total?.sum}, not 0`);
  for (const row of await query<{ id: string; kind: string; balance: number }>(
    db,
    sql`select id, kind, balance from wallets where balance < 0 and kind <> 'BANK'`,
  )) {
    problems.push(`${row.kind} ${row.id} is below zero: ${row.balance}`);
  }
  for (const row of await query<{ id: string; balance: number; legs: string }>(
    db,
    sql`select w.id, w.balance,
      coalesce(sum(case t.transaction_type when 'CREDIT' then t.amount else -t.amount end), 0)::text as legs
    from wallets w left join wallet_transactions t on t.wallet_id = w.id group by w.id, w.balance
    having w.balance <> coalesce(sum(case t.transaction_type when 'CREDIT' then t.amount else -t.amount end), 0)`,
  )) {
    problems.push(`account ${row.id} holds ${row.balance} but its legs sum to ${row.legs}`);
  }
  for (const row of await query<{ transferId: string }>(
    db,
    sql`select transfer_id as "transferId" from wallet_transactions group by transfer_id having count(*) <> 2
    union select t.transfer_id from wallet_transactions t where not exists (select 1 from wallet_transactions o where o.transfer_id = t.transfer_id
      and o.id <> t.id and o.wallet_id = t.counter_wallet_id and o.counter_wallet_id = t.wallet_id and o.amount = t.amount and o.transaction_type <> t.transaction_type)`,
  )) {
    problems.push(`transfer ${row.transferId} is not two matching legs`);
  }
  return problems;
}
