import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { copyRows, type CopyColumn } from '../../server/db/copy.ts';
import { binaryCopy } from '../../server/db/copy-binary.ts';
import { pgCode } from '../../server/http/errors.ts';
import { query } from '../../server/resources/sql.ts';
import { startTestServer, type TestServer } from '../api/harness.ts';

/** Binary COPY (server/db/copy.ts) on whichever database the tests run: each type comes back as it was written. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ demo: false });
}, 120_000);
afterAll(async () => server?.close());

const COLUMNS: CopyColumn[] = [
  { name: 'u', type: 'uuid', values: ['0b7f3c1e-8a2d-4c5e-9f10-1234567890ab', null] },
  { name: 't', type: 'timestamptz', values: ['2026-11-28T16:05:07.123Z', '1999-12-31T23:59:59.999Z'] },
  { name: 'd', type: 'float8', values: [28.61393912345678, -77.2090212] },
  { name: 'r', type: 'float4', values: [45.67, null] },
  { name: 'i', type: 'int4', values: [12, -3] },
  { name: 'b', type: 'bool', values: [true, false] },
  { name: 'x', type: 'text', values: ['हिंदी "quoted"\tback\\slash\n', ''] },
  { name: 'j', type: 'jsonb', values: ['{"a":"\\"b\\"","n":[1,2.5,null]}', null] },
];

const create = sql`create temporary table copied (u uuid, t timestamptz, d float8, r real, i integer, b boolean, x text, j jsonb) on commit drop`;

describe('binary COPY', () => {
  it('writes every type the gateway uses, NULLs included, exactly', async () => {
    const rows = await server.database.db.transaction(async (tx) => {
      await tx.execute(create);
      await copyRows(tx, 'copied', COLUMNS);
      return query<Record<string, unknown>>(
        tx,
        sql`select u, to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as t, d, r::float8 as r, i, b, x, j::text as j from copied`,
      );
    });
    expect(rows).toEqual([
      {
        u: '0b7f3c1e-8a2d-4c5e-9f10-1234567890ab',
        t: '2026-11-28T16:05:07.123Z',
        d: 28.61393912345678,
        r: Math.fround(45.67),
        i: 12,
        b: true,
        x: 'हिंदी "quoted"\tback\\slash\n',
        j: '{"a": "\\"b\\"", "n": [1, 2.5, null]}',
      },
      { u: null, t: '1999-12-31T23:59:59.999Z', d: -77.2090212, r: null, i: -3, b: false, x: '', j: null },
    ]);
  });

  it('writes a batch whose text is longer in UTF-8 than in characters, and uuids in any case, with or without dashes', async () => {
    const texts = Array.from({ length: 300 }, (_, i) => `${'हिंदी'.repeat(i % 7)}${i}`);
    const ids = texts.map((_, i) => `0B7F3C1E8A2D4C5E9F10${String(i).padStart(12, '0')}`);
    const rows = await server.database.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table copied (u uuid, x text) on commit drop`);
      await copyRows(tx, 'copied', [
        {
          name: 'u',
          type: 'uuid',
          // upper case with the dashes, lower case without
          values: ids.map((id, i) =>
            i % 2
              ? `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`
              : id.toLowerCase(),
          ),
        },
        { name: 'x', type: 'text', values: texts },
      ]);
      return query<{ u: string; x: string }>(tx, sql`select u::text as u, x from copied`);
    });
    expect(rows.map((r) => r.x)).toEqual(texts);
    expect(rows.slice(0, 2).map((r) => r.u)).toEqual([
      '0b7f3c1e-8a2d-4c5e-9f10-000000000000',
      '0b7f3c1e-8a2d-4c5e-9f10-000000000001',
    ]);
  });

  it("refuses a row the table refuses with the database's own error code, and writes none of the batch", async () => {
    const failed = await server.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`create temporary table copied (u uuid not null) on commit drop`);
        await copyRows(tx, 'copied', [COLUMNS[0]!]);
      })
      .catch((error: unknown) => error);
    expect(pgCode(failed)).toBe('23502');
  });

  it('refuses to run outside a transaction', async () => {
    await expect(copyRows(server.database.db, 'raw_logs', COLUMNS)).rejects.toThrow('only inside a transaction');
  });

  it('refuses values that are not of their column before anything is sent', () => {
    expect(() => binaryCopy([{ name: 'u', type: 'uuid', values: ['not-a-uuid'] }])).toThrow('u: not a uuid');
    expect(() => binaryCopy([{ name: 'u', type: 'uuid', values: ['0b7f3c1e-8a2d-4c5e-9f10-1234567890zz'] }])).toThrow(
      'u: not a uuid',
    );
    expect(() => binaryCopy([{ name: 'i', type: 'int4', values: [1.5] }])).toThrow('i: not an integer');
    expect(() => binaryCopy([{ name: 't', type: 'timestamptz', values: ['yesterday'] }])).toThrow('t: not a time');
    // no offset: which zone it meant is not known here
    expect(() => binaryCopy([{ name: 't', type: 'timestamptz', values: ['2026-11-28 10:00:00'] }])).toThrow(
      't: not a time',
    );
    expect(() => binaryCopy([{ name: 'r', type: 'float4', values: [1e39] }])).toThrow('r: out of range for real');
    expect(() => binaryCopy([{ name: 'r', type: 'float4', values: [1e-50] }])).toThrow('r: out of range for real');
    expect(() =>
      binaryCopy([
        { name: 'a', type: 'text', values: ['x'] },
        { name: 'b', type: 'text', values: [] },
      ]),
    ).toThrow('columns of different lengths');
  });
});
