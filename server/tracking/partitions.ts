import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { query } from '../resources/sql.ts';
import { indianIsoDay } from '../../core/format/date.ts';

/**
 * Upkeep of the monthly partitions of `positions` (migration 0022): one partition per Asia/Kolkata
 * month, named positions_yyyy_mm, and positions_default for fixes outside them. On start and once
 * a day: the current and next MONTHS_AHEAD months are created when missing (rows that had already
 * landed in the default partition for such a month are moved into it), and with a retention of N
 * months, every month whose end is more than N months ago is dropped whole. docs/reports.md,
 * "Storage: partitions and retention", has the reasons.
 */
export const MONTHS_AHEAD = 2;
const DAY_MS = 86_400_000;
/** Any number: every process takes the same transaction-level lock, so two never create or drop at once. */
const LOCK_KEY = 140_022;
const NAME = /^positions_(\d{4})_(\d{2})$/;

/** A month as positions_yyyy_mm names it. */
interface Month {
  year: number;
  month: number;
}

const nameOf = ({ year, month }: Month) => `positions_${year}_${String(month).padStart(2, '0')}`;
const firstDay = ({ year, month }: Month) => `${year}-${String(month).padStart(2, '0')}-01`;
const plus = ({ year, month }: Month, months: number): Month => {
  const index = year * 12 + (month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
};

/** The Asia/Kolkata month an instant falls in. */
export function kolkataMonth(at: Date): Month {
  const [year, month] = indianIsoDay(at).split('-').map(Number) as [number, number];
  return { year, month };
}

/** The instant an Asia/Kolkata month starts, as SQL. */
const startOf = (month: Month) => sql`(${firstDay(month)}::date::timestamp at time zone 'Asia/Kolkata')`;

/** The month partitions that exist, by name. */
export async function monthPartitions(db: Db): Promise<string[]> {
  const rows = await query<{ name: string }>(
    db,
    sql`
    select c.relname as name from pg_inherits i
      join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
    where p.relname = 'positions' and p.relnamespace = 'public'::regnamespace order by c.relname`,
  );
  return rows.map((r) => r.name).filter((name) => NAME.test(name));
}

/**
 * Creates the partition of `month` unless it exists. Rows of that month already in the default
 * partition (it was missing when they arrived) are moved into the new table before it is attached:
 * PostgreSQL refuses a partition whose range the default partition still holds rows of.
 */
export async function createMonthPartition(db: Db, month: Month): Promise<boolean> {
  const name = nameOf(month);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
    const [exists] = await query<{ found: boolean }>(
      tx as unknown as Db,
      sql`select to_regclass(${`public.${name}`}) is not null as found`,
    );
    if (exists?.found) return false;
    // rows arriving for DEFAULT wait until the month is attached (other months' inserts go on):
    // one committed between the move and the attach would make the attach fail
    await tx.execute(sql`lock table positions_default in share row exclusive mode`);
    const table = sql.identifier(name);
    const from = startOf(month);
    const to = startOf(plus(month, 1));
    await tx.execute(sql`create table ${table} (like positions including defaults)`);
    await tx.execute(sql`with moved as (delete from positions_default where fix_time >= ${from} and fix_time < ${to} returning *)
      insert into ${table} select * from moved`);
    // bounds are constants in the DDL: worked out here as text with their offset
    const [bounds] = await query<{ from: string; to: string }>(
      tx as unknown as Db,
      sql`select ${from}::text as "from", ${to}::text as "to"`,
    );
    await tx.execute(
      sql`alter table positions attach partition ${table} for values from (${sql.raw(literal(bounds!.from))}) to (${sql.raw(literal(bounds!.to))})`,
    );
    return true;
  });
}

/** A timestamptz text as a SQL literal (it comes from the database, but quote it properly anyway). */
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** Creates the partitions of the current and next MONTHS_AHEAD months that are missing; answers the names created. */
export async function ensureMonthPartitions(db: Db, now = new Date()): Promise<string[]> {
  const created: string[] = [];
  const current = kolkataMonth(now);
  for (let ahead = 0; ahead <= MONTHS_AHEAD; ahead++) {
    const month = plus(current, ahead);
    if (await createMonthPartition(db, month)) created.push(nameOf(month));
  }
  return created;
}

/**
 * Retention: drops the month partitions whose whole month ended more than `months` months before
 * `now` (so at least `months` months of positions are always kept), and deletes the default
 * partition's rows older than that. 0 keeps everything. Answers the names dropped.
 */
export async function dropExpiredPartitions(db: Db, months: number, now = new Date()): Promise<string[]> {
  if (!months) return [];
  // the month `months` months back still ends after now - months: it is the first kept
  const keepFrom = plus(kolkataMonth(now), -months);
  const oldest = nameOf(keepFrom);
  const dropped: string[] = [];
  for (const name of await monthPartitions(db)) {
    if (name >= oldest) continue;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
      await tx.execute(sql`drop table if exists ${sql.identifier(name)}`);
    });
    dropped.push(name);
  }
  await db.execute(sql`delete from positions_default where fix_time < ${startOf(keepFrom)}`);
  return dropped;
}

/** Both steps, logged; a failure is logged and retried at the next run, never fatal. */
export async function maintainPartitions(
  db: Db,
  retentionMonths: number,
  log: FastifyInstance['log'],
  now = new Date(),
) {
  try {
    const created = await ensureMonthPartitions(db, now);
    const dropped = await dropExpiredPartitions(db, retentionMonths, now);
    if (created.length) log.info(`positions: created partitions ${created.join(', ')}`);
    if (dropped.length)
      log.info(`positions: dropped partitions past the ${retentionMonths}-month retention: ${dropped.join(', ')}`);
  } catch (error) {
    log.error({ err: error }, 'positions: partition upkeep failed; retried in a day');
  }
}

/** Runs the upkeep now and once a day while the app runs. */
export async function startPartitionMaintenance(app: FastifyInstance, db: Db, retentionMonths: number) {
  await maintainPartitions(db, retentionMonths, app.log);
  const timer = setInterval(() => void maintainPartitions(db, retentionMonths, app.log), DAY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
