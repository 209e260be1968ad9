import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { query } from './sql.ts';

// Above config.exactCountLimit matching rows a list's total is the planner's estimate, and the
// answer says so (TOTAL_ESTIMATED_HEADER in core/list-contract.ts).

export interface Total {
  total: number;
  /** The total is the planner's estimate of a set larger than the exact-count limit. */
  estimated: boolean;
}

/** The column a page query carries its capped count in, so rows and total come in one statement. */
export const TOTAL_COLUMN = '__total';

/** Counts at most `limit` + 1 matching rows: enough to know the set is larger than the limit. */
export function cappedCount(from: SQL, where: SQL, limit: number): SQL {
  return sql`(select count(*)::integer from (select 1 from ${from} ${where} limit ${limit + 1}) capped)`;
}

/** The planner's row estimate for a set: no row is read. */
async function estimate(db: Db, from: SQL, where: SQL): Promise<number> {
  const [plan] = await query<{ 'QUERY PLAN': unknown }>(db, sql`explain (format json) select 1 from ${from} ${where}`);
  const doc = plan?.['QUERY PLAN'];
  const parsed = (typeof doc === 'string' ? JSON.parse(doc) : doc) as { Plan?: { 'Plan Rows'?: number } }[];
  return Math.round(parsed[0]?.Plan?.['Plan Rows'] ?? 0);
}

/**
 * The total for a page: the capped count that came with its rows (or a count of its own when the
 * page was empty), and an estimate where the cap was reached. An estimate is never below the limit.
 */
export async function totalOf(
  db: Db,
  { from, where, limit, counted }: { from: SQL; where: SQL; limit: number; counted: number | undefined },
): Promise<Total> {
  let count = counted;
  if (count === undefined) {
    const [row] = await query<{ total: number | string }>(db, sql`select ${cappedCount(from, where, limit)} as total`);
    count = Number(row?.total ?? 0);
  }
  if (count <= limit) return { total: count, estimated: false };
  return { total: Math.max(limit + 1, await estimate(db, from, where)), estimated: true };
}
