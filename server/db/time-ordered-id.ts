import crypto from 'node:crypto';

/**
 * A UUID of version 7 (RFC 9562): the time in Unix milliseconds, then random bits (a version 4
 * UUID's, whose variant bits are already RFC 9562's). Rows of an append-only table keyed by it go
 * in at the right-hand edge of the primary key's index, pages the database has in memory, where a
 * random key lands on any leaf of an index that outgrows memory: often a page to read and, once a
 * checkpoint has passed, a whole page to write to the WAL.
 */
export function timeOrderedId(ms = Date.now()): string {
  const time = Math.floor(ms).toString(16).padStart(12, '0');
  // xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx: the time replaces the first twelve digits, 7 the 4
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${crypto.randomUUID().slice(15)}`;
}
