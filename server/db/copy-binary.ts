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
    // room for the longest UTF-8 it could be, or, near the end, for what it is
    if (this.offset + 4 + extra + value.length * 3 > this.buffer.length)
      this.ensure(4 + extra + Buffer.byteLength(value, 'utf8'));
    const start = this.offset + 4;
    if (prefix !== undefined) this.buffer[start] = prefix;
    const written = this.buffer.write(value, start + extra, 'utf8');
    this.buffer.writeInt32BE(written + extra, this.offset);
    this.offset = start + extra + written;
  }
}

/** A hex digit's value, or -1. */
function hexDigit(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  const lower = code | 32;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}

/**
 * A uuid's 16 bytes into `out`, from its 32 hex digits, bare or with the four dashes where the
 * usual form has them (what timeOrderedId and the database write); false if it is neither.
 */
function uuidBytes(text: string, out: Buffer, at: number): boolean {
  const dashed = text.length === 36;
  if (!dashed && text.length !== 32) return false;
  let i = 0;
  for (let byte = 0; byte < 16; byte++) {
    if (dashed && (i === 8 || i === 13 || i === 18 || i === 23)) {
      if (text.charCodeAt(i) !== 45) return false;
      i++;
    }
    const high = hexDigit(text.charCodeAt(i));
    const low = hexDigit(text.charCodeAt(i + 1));
    if (high < 0 || low < 0) return false;
    out[at + byte] = (high << 4) | low;
    i += 2;
  }
  return true;
}

/** Bytes enough for the rows when their text is ASCII (fixed-size values counted at 8): one allocation for a batch of it. */
function sizeOf(columns: readonly CopyColumn[], rows: number): number {
  let size = 64 + rows * 2;
  for (const column of columns) {
    if (column.type === 'text' || column.type === 'jsonb') {
      size += rows * 5;
      for (const value of column.values) if (typeof value === 'string') size += value.length;
    } else size += rows * (4 + (column.type === 'uuid' ? 16 : column.type === 'bool' ? 1 : 8));
  }
  return size;
}

function writeValue(w: Writer, type: CopyType, value: unknown, column: string) {
  if (value === null || value === undefined) return w.int32(-1);
  switch (type) {
    case 'text':
      return w.text(String(value));
    case 'jsonb':
      return w.text(String(value), 1);
    case 'uuid': {
      w.int32(16);
      w.ensure(16);
      if (!uuidBytes(String(value), w.buffer, w.offset)) throw new Error(`${column}: not a uuid`);
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
      w.offset = w.buffer.writeUInt32BE(micros - high * TWO_32, w.offset);
      return;
    }
    case 'float8':
      w.int32(8);
      w.ensure(8);
      w.offset = w.buffer.writeDoubleBE(Number(value), w.offset);
      return;
    case 'float4': {
      const n = Number(value);
      const single = Math.fround(n);
      // as PostgreSQL's real refuses it: too large or too small to keep, not stored as Infinity or 0
      if ((Number.isFinite(n) && !Number.isFinite(single)) || (n !== 0 && single === 0))
        throw new Error(`${column}: out of range for real`);
      w.int32(4);
      w.ensure(4);
      w.offset = w.buffer.writeFloatBE(single, w.offset);
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
  const w = new Writer(sizeOf(columns, rows));
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
