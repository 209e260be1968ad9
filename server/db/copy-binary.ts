/**
 * Rows in PostgreSQL's binary COPY format: one buffer for a whole batch, each value in its type's
 * wire form, so neither side turns numbers and times into text and back, nothing is escaped, and
 * the database takes the rows by COPY's multi-row insert instead of planning an INSERT … SELECT.
 * https://www.postgresql.org/docs/current/sql-copy.html#SQL-COPY-BINARY-FORMAT
 */

export type CopyType = 'uuid' | 'timestamptz' | 'float8' | 'float4' | 'int4' | 'bool' | 'text' | 'jsonb';

/** A column of a batch: its name, its type, and its values in row order (null for NULL). */
export interface CopyColumn {
  name: string;
  type: CopyType;
  values: readonly unknown[];
}

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
/** 2000-01-01T00:00:00Z, PostgreSQL's epoch for timestamps, in Unix milliseconds. */
const POSTGRES_EPOCH_MS = 946_684_800_000;
const TWO_32 = 2 ** 32;
const ZONED = /(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;

class Writer {
  buffer: Buffer<ArrayBuffer>;
  offset = 0;

  constructor(size: number) {
    this.buffer = Buffer.allocUnsafe(size);
  }

  ensure(bytes: number) {
    if (this.offset + bytes <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.offset + bytes));
    this.buffer.copy(grown, 0, 0, this.offset);
    this.buffer = grown;
  }

  int16(value: number) {
    this.ensure(2);
    this.offset = this.buffer.writeInt16BE(value, this.offset);
  }

  int32(value: number) {
    this.ensure(4);
    this.offset = this.buffer.writeInt32BE(value, this.offset);
  }

  /** A length-prefixed UTF-8 string, after `prefix` (jsonb's version byte). */
  text(value: string, prefix?: number) {
    const extra = prefix === undefined ? 0 : 1;
    this.ensure(4 + extra + value.length * 3);
    const start = this.offset + 4;
    if (prefix !== undefined) this.buffer[start] = prefix;
    const written = this.buffer.write(value, start + extra, 'utf8');
    this.buffer.writeInt32BE(written + extra, this.offset);
    this.offset = start + extra + written;
  }
}

function writeValue(w: Writer, type: CopyType, value: unknown, column: string) {
  if (value === null || value === undefined) return w.int32(-1);
  const b = () => w.buffer;
  switch (type) {
    case 'text':
      return w.text(String(value));
    case 'jsonb':
      return w.text(String(value), 1);
    case 'uuid': {
      const text = String(value);
      const hex = text.length === 36 ? text.replace(/-/g, '') : text;
      w.int32(16);
      w.ensure(16);
      // hex decoding stops at the first character that is not hex: fewer than 16 bytes is no uuid
      if (hex.length !== 32 || b().write(hex, w.offset, 16, 'hex') !== 16) throw new Error(`${column}: not a uuid`);
      w.offset += 16;
      return;
    }
    case 'timestamptz': {
      // an instant: a Date, or ISO 8601 with its offset (a string without one would be read in this
      // process's time zone, where the database read it in its own); milliseconds are kept
      const ms = value instanceof Date ? value.getTime() : ZONED.test(String(value)) ? Date.parse(String(value)) : NaN;
      if (!Number.isFinite(ms)) throw new Error(`${column}: not a time`);
      // microseconds since 2000 as a signed 64-bit integer, exact for any date a device sends
      const micros = (ms - POSTGRES_EPOCH_MS) * 1000;
      const high = Math.floor(micros / TWO_32);
      w.int32(8);
      w.int32(high);
      w.ensure(4);
      w.offset = b().writeUInt32BE(micros - high * TWO_32, w.offset);
      return;
    }
    case 'float8':
      w.int32(8);
      w.ensure(8);
      w.offset = b().writeDoubleBE(Number(value), w.offset);
      return;
    case 'float4': {
      const n = Number(value);
      const single = Math.fround(n);
      // as PostgreSQL's real refuses it: too large or too small to keep, not stored as Infinity or 0
      if ((Number.isFinite(n) && !Number.isFinite(single)) || (n !== 0 && single === 0))
        throw new Error(`${column}: out of range for real`);
      w.int32(4);
      w.ensure(4);
      w.offset = b().writeFloatBE(single, w.offset);
      return;
    }
    case 'int4': {
      const n = Number(value);
      if (!Number.isInteger(n)) throw new Error(`${column}: not an integer`);
      w.int32(4);
      w.int32(n);
      return;
    }
    case 'bool':
      w.int32(1);
      w.ensure(1);
      w.buffer[w.offset++] = value ? 1 : 0;
      return;
  }
}

/** The columns' rows as one binary COPY stream, header to trailer. */
export function binaryCopy(columns: readonly CopyColumn[]): Buffer<ArrayBuffer> {
  const rows = columns[0]?.values.length ?? 0;
  if (columns.some((c) => c.values.length !== rows)) throw new Error('binary COPY: columns of different lengths');
  const w = new Writer(64 + rows * columns.length * 16);
  w.ensure(SIGNATURE.length);
  w.offset += SIGNATURE.copy(w.buffer, w.offset);
  w.int32(0); // flags: no OIDs
  w.int32(0); // no header extension
  for (let row = 0; row < rows; row++) {
    w.int16(columns.length);
    for (const column of columns) writeValue(w, column.type, column.values[row], column.name);
  }
  w.int16(-1);
  return w.buffer.subarray(0, w.offset);
}
