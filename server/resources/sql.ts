import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { SERIAL_PATTERN } from '../http/params.ts';
import { columnOf, type Field, type ResourceDeclaration } from '../../resources/define.ts';

/** Runs a built statement on either driver and gives its rows. */
export async function query<T = Record<string, unknown>>(db: Db, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
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

/** Fields that are columns of the resource's own table (not read `via` a referenced row). */
export function columnFields(resource: ResourceDeclaration): [string, Field][] {
  return readableFields(resource).filter(([, field]) => !field.via);
}

/** A column as a record shows it: times leave as ISO 8601 text, the same from PGlite and node-postgres. */
export function shownColumn(field: Field, alias: string, column: string): SQL {
  return field.type === 'date' ? sql`to_json(${id(alias)}.${id(column)}) #>> '{}'` : sql`${id(alias)}.${id(column)}`;
}

/**
 * `select` list of a record: id, timestamps (unless the table has none) and every readable field
 * of the table under its own name; fields read `via` a reference are added by records.ts.
 */
export function recordColumns(resource: ResourceDeclaration, alias = 't'): SQL {
  const stamp = { type: 'date' } as const;
  const parts = [
    sql`${id(alias)}.${id('id')} as ${id('id')}`,
    ...(resource.timestamps === false
      ? []
      : [
          sql`${shownColumn(stamp, alias, 'created_at')} as ${id('createdAt')}`,
          sql`${shownColumn(stamp, alias, 'updated_at')} as ${id('updatedAt')}`,
        ]),
    // a declaration may list createdAt (to show or sort by it): it is already selected above
    ...columnFields(resource)
      .filter(([name]) => resource.timestamps === false || (name !== 'createdAt' && name !== 'updatedAt'))
      .map(([name, field]) => sql`${shownColumn(field, alias, columnOf(name, field))} as ${id(name)}`),
  ];
  return sql.join(parts, sql`, `);
}

/** A value as a typed SQL parameter for the field's column. */
export function param(field: Field, value: unknown): SQL {
  if (value === null || value === undefined) return sql`null`;
  switch (field.type) {
    case 'object':
    case 'array':
    case 'geometry':
    case 'json':
      return sql`${JSON.stringify(value)}::jsonb`;
    case 'date':
      return sql`${String(value)}::timestamptz`;
    case 'reference':
      return sql`${String(value)}::uuid`;
    case 'number':
      return field.integer ? sql`${Number(value)}::integer` : sql`${Number(value)}::double precision`;
    case 'boolean':
      return sql`${Boolean(value)}::boolean`;
    default:
      return sql`${String(value)}`;
  }
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A row id of the resource as a typed SQL parameter, or undefined when it cannot be one (a 404 or a 400 for the caller). */
export function rowId(resource: Pick<ResourceDeclaration, 'ids'>, value: unknown): SQL | undefined {
  if (resource.ids === 'serial') {
    const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
    return typeof text === 'string' && SERIAL_PATTERN.test(text) ? sql`${text}::bigint` : undefined;
  }
  return typeof value === 'string' && UUID_PATTERN.test(value) ? sql`${value}::uuid` : undefined;
}
