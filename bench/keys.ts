// raw_logs' primary key, random (version 4) against time-ordered (version 7) ids, once the table has
// outgrown memory: `npm run bench -- keys` (BENCH_KEYS_ROWS rows first, 5,000,000 by default).
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../server/db/client.ts';
import { createScratchDatabase } from '../server/db/scratch.ts';
import { copyRows } from '../server/db/copy.ts';
import { timeOrderedId } from '../server/db/time-ordered-id.ts';
import { RawLogRows } from '../server/gateway/batch-sql.ts';
import { query } from '../server/resources/sql.ts';
import { cpuSeconds } from './cpu.ts';
import { numberFromEnv } from './env.ts';

const ROWS = numberFromEnv('BENCH_KEYS_ROWS', 5_000_000);
const BATCHES = numberFromEnv('BENCH_KEYS_BATCHES', 500);
const BATCH = 200;
const ROUNDS = numberFromEnv('BENCH_ROUNDS', 2);
const KINDS = ['random', 'time-ordered'] as const;
type Kind = (typeof KINDS)[number];
const table = (kind: Kind) => (kind === 'random' ? 'keys_random' : 'keys_ordered');

/** raw_logs' columns, defaults and indexes, filled with `ROWS` rows keyed one way or the other. */
async function prepare(db: Db, kind: Kind) {
  const t = sql.raw(table(kind));
  await db.execute(sql`create table ${t} (like raw_logs including defaults)`);
  // ids as each kind makes them: a second of 2,000 frames at a time, from a day ago
  const id =
    kind === 'random'
      ? sql`gen_random_uuid()`
      : sql`encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing substring(int8send(((extract(epoch from now()) - 86400) * 1000)::bigint + g / 2) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid`;
  await db.execute(sql`insert into ${t} (id, imei, received_at, frame, parse_result)
    select ${id}, (868000000000000 + g % 2000)::text, now() - interval '1 day' + g * interval '500 microseconds',
      repeat('x', 160), 'OK' from generate_series(1, ${ROWS}) g`);
  for (const [name, columns] of [
    ['pkey', 'primary key (id)'],
    ['imei', '(imei, received_at)'],
    ['org', '(organisation_id, received_at)'],
    ['forward', '(tx, seq)'],
  ])
    await db.execute(
      sql.raw(
        name === 'pkey'
          ? `alter table ${table(kind)} add ${columns}`
          : `create index ${table(kind)}_${name} on ${table(kind)} ${columns}`,
      ),
    );
  await db.execute(sql`vacuum analyze ${t}`);
}

/** BATCHES transactions of BATCH rows by the gateway's binary COPY: backend CPU, WAL and blocks read per row. */
async function load(db: Db, kind: Kind) {
  await db.execute(sql`checkpoint`);
  const [{ pid, lsn }] = await query<{ pid: number; lsn: string }>(
    db,
    sql`select pg_backend_pid() as pid, pg_current_wal_lsn()::text as lsn`,
  );
  const reads = async () => {
    // a backend publishes its counters about once a second: now, before they are read
    await db.execute(sql`select pg_stat_force_next_flush()`);
    return Number(
      (
        await query<{ n: string }>(
          db,
          sql`select coalesce(sum(heap_blks_read + idx_blks_read), 0)::text as n from pg_statio_user_tables where relname = ${table(kind)}`,
        )
      )[0]!.n,
    );
  };
  const readBefore = await reads();
  const cpuBefore = cpuSeconds(pid)!;
  for (let b = 0; b < BATCHES; b++) {
    const rows = new RawLogRows();
    for (let i = 0; i < BATCH; i++) {
      const now = Date.now();
      rows.id.push(timeOrderedId(now));
      rows.imei.push(String(868000000000000 + ((b * BATCH + i) % 2000)));
      rows.deviceId.push(null);
      rows.organisationId.push(null);
      rows.receivedAt.push(new Date(now).toISOString());
      rows.frame.push('x'.repeat(160));
      rows.parseResult.push('OK');
      rows.message.push(null);
    }
    // the random kind leaves the id to the column's default, gen_random_uuid()
    const columns = rows.columns().filter((c) => kind === 'time-ordered' || c.name !== 'id');
    await db.transaction(async (tx) => copyRows(tx as unknown as Db, table(kind), columns));
  }
  const cpu = cpuSeconds(pid)! - cpuBefore;
  const [{ wal }] = await query<{ wal: string }>(
    db,
    sql`select pg_wal_lsn_diff(pg_current_wal_lsn(), ${lsn}::pg_lsn)::text as wal`,
  );
  const n = BATCHES * BATCH;
  return { cpuMicros: (cpu * 1e6) / n, walBytes: Number(wal) / n, blocksRead: ((await reads()) - readBefore) / n };
}

export async function keyFigures(print: (line: string) => void) {
  const scratch = await createScratchDatabase(
    process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    'waymark_bench_keys',
  );
  // one connection: the backend measured is the one that writes
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: null, pool: { api: 1, ingest: 1 } });
  try {
    for (const kind of KINDS) await prepare(database.db, kind);
    const [{ size }] = await query<{ size: string }>(
      database.db,
      sql`select pg_size_pretty(pg_relation_size('keys_random_pkey')) as size`,
    );
    print(
      `raw_logs' shape, ${ROWS} rows first (primary key ${size}), then ${BATCHES} transactions of ${BATCH} rows by binary COPY after a checkpoint`,
    );
    for (let round = 1; round <= ROUNDS; round++)
      for (const kind of KINDS) {
        const f = await load(database.db, kind);
        print(
          `  round ${round}, ${kind.padEnd(12)} ids: the writing backend's CPU ${f.cpuMicros.toFixed(1)} µs, WAL ${f.walBytes.toFixed(0)} bytes, ${f.blocksRead.toFixed(2)} blocks read from disk or the OS, per row`,
        );
      }
  } finally {
    await database.close();
    await scratch.drop();
  }
}
