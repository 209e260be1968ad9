import { sql, type SQL } from 'drizzle-orm';
import { columnOf, type Field, type ResourceDeclaration } from '../../resources/define.ts';
import { badRequest } from '../http/errors.ts';
import { id, param, UUID_PATTERN } from './sql.ts';

/** Filters a resource adds beyond its declared fields (users by role name, devices by excluded statuses). */
export type ExtraFilters = Record<string, (value: unknown) => SQL>;

/** A filter's list of choices, as a JSON array or `A,B` in a query parameter; 400 for any other value. */
export function choiceList(key: string, value: unknown, choices: readonly string[]): string[] {
  const values = (Array.isArray(value) ? value : String(value).split(',')).map(String);
  if (!values.every((v) => choices.includes(v))) throw badRequest(`The filter ${key} is not valid`);
  return values;
}

/** `column in (...)` (or `not in`) over a choice list; an empty list matches everything or nothing as logic says. */
export function choiceCondition(column: SQL, values: string[], negate = false): SQL {
  if (!values.length) return negate ? sql`true` : sql`false`;
  const list = sql.join(values.map((v) => sql`${v}`), sql`, `);
  return negate ? sql`${column} not in (${list})` : sql`${column} in (${list})`;
}

export interface ListQuery {
  where: SQL[];
  orderBy: SQL;
  start: number;
  end: number;
}

function parseJson(raw: unknown, name: string): unknown {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw badRequest(`The ${name} parameter is not valid`);
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest(`The ${name} parameter is not valid`);
  }
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A filter value converted for the field's column, or a 400 that names the filter. */
function filterValue(key: string, field: Field | undefined, value: unknown): unknown {
  if (value === null) return null;
  const invalid = () => badRequest(`The filter ${key} is not valid`);
  if (field?.type === 'reference' || key === 'id') {
    if (typeof value !== 'string' || !UUID_PATTERN.test(value)) throw invalid();
    return value;
  }
  switch (field?.type) {
    case 'number': {
      const n = Number(value);
      if (!Number.isFinite(n)) throw invalid();
      return n;
    }
    case 'boolean':
      if (value === true || value === 'true') return true;
      if (value === false || value === 'false') return false;
      throw invalid();
    case 'date':
      if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) throw invalid();
      return value;
    default:
      if (typeof value !== 'string' && typeof value !== 'number') throw invalid();
      return String(value);
  }
}

const idField: Field = { type: 'reference', reference: '' };

/**
 * The ra-data-simple-rest query (sort, range, filter) checked against the declaration: only
 * filterable fields filter, only sortable ones sort, `q` searches the searchable ones. Plain query
 * parameters naming a filterable field (and `_id`) filter too, as the spec's calls use them.
 */
export function parseListQuery(
  resource: ResourceDeclaration,
  query: Record<string, unknown>,
  options: { maxPage: number; extraFilters?: ExtraFilters },
): ListQuery {
  const col = (name: string) => sql`${id('t')}.${id(name === 'id' ? 'id' : columnOf(name, resource.fields[name]!))}`;

  const filter = parseJson(query.filter, 'filter') ?? {};
  if (typeof filter !== 'object' || Array.isArray(filter) || filter === null) throw badRequest('The filter parameter is not valid');
  const filters: Record<string, unknown> = { ...(filter as Record<string, unknown>) };
  for (const [key, value] of Object.entries(query)) {
    if (key === '_id') filters.id = value;
    else if (resource.fields[key]?.filterable || options.extraFilters?.[key]) filters[key] ??= value;
  }

  const where: SQL[] = [];
  for (const [key, raw] of Object.entries(filters)) {
    if (raw === undefined || raw === '') continue;
    if (key === 'q') {
      const searchable = Object.entries(resource.fields).filter(([, f]) => f.searchable);
      if (typeof raw !== 'string' || !searchable.length) throw badRequest('The filter q is not valid');
      const pattern = `%${escapeLike(raw.trim())}%`;
      where.push(sql`(${sql.join(searchable.map(([name]) => sql`${col(name)} ilike ${pattern}`), sql` or `)})`);
      continue;
    }
    const extra = options.extraFilters?.[key];
    if (extra) {
      where.push(extra(raw));
      continue;
    }
    const [, base, op] = /^(.*?)(_gte|_lte|_ne)?$/.exec(key)!;
    const field = base === 'id' ? idField : resource.fields[base!];
    if (!field || (base !== 'id' && !field.filterable)) throw badRequest(`Filtering by ${key} is not allowed`);
    const target = col(base!);
    if (Array.isArray(raw)) {
      if (op) throw badRequest(`The filter ${key} is not valid`);
      if (!raw.length) {
        where.push(sql`false`);
        continue;
      }
      where.push(sql`${target} in (${sql.join(raw.map((v) => param(field, filterValue(key, field, v))), sql`, `)})`);
      continue;
    }
    const value = filterValue(key, field, raw);
    if (value === null) where.push(op === '_ne' ? sql`${target} is not null` : sql`${target} is null`);
    else if (op === '_gte') where.push(sql`${target} >= ${param(field, value)}`);
    else if (op === '_lte') where.push(sql`${target} <= ${param(field, value)}`);
    else if (op === '_ne') where.push(sql`${target} is distinct from ${param(field, value)}`);
    else where.push(sql`${target} = ${param(field, value)}`);
  }

  const sort = parseJson(query.sort, 'sort') ?? resource.defaultSort;
  if (!Array.isArray(sort) || typeof sort[0] !== 'string') throw badRequest('The sort parameter is not valid');
  const [sortField, rawOrder] = sort as [string, unknown];
  const sortable = sortField === 'id' || sortField === 'createdAt' || resource.fields[sortField]?.sortable;
  if (!sortable) throw badRequest(`Sorting by ${sortField} is not allowed`);
  const direction = String(rawOrder ?? 'ASC').toUpperCase() === 'DESC' ? sql`desc` : sql`asc`;
  const sortColumn = sortField === 'createdAt' ? sql`${id('t')}.${id('created_at')}` : col(sortField);
  // id breaks ties so that pages never repeat or skip a row; the default null order lets an index serve the sort
  const orderBy = sql`${sortColumn} ${direction}, ${id('t')}.${id('id')} ${direction}`;

  const range = parseJson(query.range, 'range') ?? [0, 9];
  if (!Array.isArray(range) || range.length !== 2 || !range.every((n) => Number.isInteger(n) && n >= 0) || range[1] < range[0]) {
    throw badRequest('The range parameter is not valid');
  }
  const start = range[0] as number;
  const end = Math.min(range[1] as number, start + options.maxPage - 1);
  return { where, orderBy, start, end };
}
