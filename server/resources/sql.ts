import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { columnOf, type Field, type ResourceDeclaration } from '../../resources/define.ts';

/** Runs a built statement on either driver and gives its rows. */
export async function query<T = Record<string, unknown>>(db: Db, statement: SQL): Promise<T[]> {
  const result = await db.execute(statement) as unknown as { rows: T[] };
  return result.rows;
}

export const id = (name: string) => sql.identifier(name);

/** Fields stored in their own column and returned on records (a password is written, never read). */
export function storedFields(resource: ResourceDeclaration): [string, Field][] {
  return Object.entries(resource.fields);
}

export function readableFields(resource: ResourceDeclaration): [string, Field][] {
  return storedFields(resource).filter(([, f]) => f.type !== 'password');
}

/** `select` list of a record: id, timestamps and every readable field under its own name. */
export function recordColumns(resource: ResourceDeclaration, alias = 't'): SQL {
  // times leave as ISO 8601 text, the same from PGlite and node-postgres
  const iso = (column: string) => sql`to_json(${id(alias)}.${id(column)}) #>> '{}'`;
  const parts = [
    sql`${id(alias)}.${id('id')} as ${id('id')}`,
    sql`${iso('created_at')} as ${id('createdAt')}`,
    sql`${iso('updated_at')} as ${id('updatedAt')}`,
    // a declaration may list createdAt (to show or sort by it): it is already selected above
    ...readableFields(resource).filter(([name]) => name !== 'createdAt' && name !== 'updatedAt').map(([name, field]) => (field.type === 'date'
      ? sql`${iso(columnOf(name, field))} as ${id(name)}`
      : sql`${id(alias)}.${id(columnOf(name, field))} as ${id(name)}`)),
  ];
  return sql.join(parts, sql`, `);
}

/** A value as a typed SQL parameter for the field's column. */
export function param(field: Field, value: unknown): SQL {
  if (value === null || value === undefined) return sql`null`;
  switch (field.type) {
    case 'object': case 'array': case 'geometry': case 'json':
      return sql`${JSON.stringify(value)}::jsonb`;
    case 'date': return sql`${String(value)}::timestamptz`;
    case 'reference': return sql`${String(value)}::uuid`;
    case 'number': return field.integer ? sql`${Number(value)}::integer` : sql`${Number(value)}::double precision`;
    case 'boolean': return sql`${Boolean(value)}::boolean`;
    default: return sql`${String(value)}`;
  }
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
