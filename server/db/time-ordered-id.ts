import crypto from 'node:crypto';

/** Random bytes drawn a few thousand ids at a time: one call to the kernel per 4,096 ids. */
const POOL = 4096 * 10;
let pool = Buffer.alloc(0);
let used = POOL;

const hex = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/**
 * A UUID of version 7 (RFC 9562): the time in Unix milliseconds, then random bits. Rows of an
 * append-only table keyed by it go in at the right-hand edge of the primary key's index, pages the
 * database has in memory, where a random (version 4) key lands on any leaf of an index that
 * outgrows memory, which is read in and, once a checkpoint has passed, written whole to the WAL.
 */
export function timeOrderedId(ms = Date.now()): string {
  if (used === POOL) {
    pool = crypto.randomBytes(POOL);
    used = 0;
  }
  const r = used;
  used += 10;
  const time = Math.floor(ms).toString(16).padStart(12, '0').slice(-12);
  return (
    `${time.slice(0, 8)}-${time.slice(8)}-` +
    `7${hex[pool[r]!]!.slice(1)}${hex[pool[r + 1]!]!}-` +
    `${hex[0x80 | (pool[r + 2]! & 0x3f)]!}${hex[pool[r + 3]!]!}-` +
    `${hex[pool[r + 4]!]!}${hex[pool[r + 5]!]!}${hex[pool[r + 6]!]!}${hex[pool[r + 7]!]!}${hex[pool[r + 8]!]!}${hex[pool[r + 9]!]!}`
  );
}
