import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { entityKind } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from './client.ts';
import { binaryCopy, type CopyColumn } from './copy-binary.ts';

export type { CopyColumn } from './copy-binary.ts';

interface PgliteTransaction {
  query(query: string, params?: unknown[], options?: { blob?: Blob }): Promise<unknown>;
}

/**
 * Appends rows to `table` by binary COPY inside the drizzle transaction `tx`, on either driver:
 * node-postgres streams the buffer as COPY FROM STDIN (pg-copy-streams), PGlite reads it as the
 * query's blob. drizzle has no COPY, so this reaches the transaction's own connection; it fails
 * loudly if a drizzle upgrade moves it. A refused row fails the whole COPY with the database's
 * error (its code intact), as an INSERT would.
 */
export async function copyRows(tx: Db, table: string, columns: readonly CopyColumn[]): Promise<void> {
  if (!columns[0]?.values.length) return;
  const data = binaryCopy(columns);
  const target = `${table} (${columns.map((c) => `"${c.name}"`).join(', ')})`;
  // outside a transaction node-postgres's client is the pool, which would check out a connection
  // for the COPY and never give it back
  const kind = (tx.constructor as unknown as Record<symbol, unknown>)[entityKind];
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  if (kind === 'NodePgTransaction' && client) {
    await pipeline(
      Readable.from([data]),
      (client as PoolClient).query(copyFrom(`copy ${target} from stdin with (format binary)`)),
    );
    return;
  }
  if (kind === 'PgliteTransaction' && client) {
    const blob = new Blob([data]);
    await (client as PgliteTransaction).query(`copy ${target} from '/dev/blob' with (format binary)`, [], { blob });
    return;
  }
  throw new Error('copyRows: only inside a transaction');
}
