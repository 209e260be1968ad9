import { sql, type SQL } from 'drizzle-orm';
import { columnOf, type Field, type ResourceDeclaration } from '../../resources/define.ts';
import { resources } from '../../resources/modules.ts';
import { badRequest } from '../http/errors.ts';
import { nulCharacterPath } from '../http/nul-characters.ts';
import { id, param, rowId, UUID_PATTERN } from './sql.ts';
import { INTEGER_RANGE, isDateText, NUMBER_RANGE } from './validation.ts';
import { said } from './messages.ts';

/** Longest text a filter compares or searches; no declared text field is longer. */
const MAX_FILTER_TEXT = 255;
/** Most values one filter may list (`{"id": [...]}`), well below PostgreSQL's limit of parameters. */
const MAX_FILTER_VALUES = 1000;

/** Filters a resource adds beyond its declared fields (users by role name, devices by excluded statuses). */
export type ExtraFilters = Record<string, (value: unknown) => SQL>;

/** A filter's list of choices, as a JSON array or `A,B` in a query parameter; 400 for any other value. */
export function choiceList(key: string, value: unknown, choices: readonly string[]): string[] {
  const values = (Array.isArray(value) ? value : String(value).split(',')).map(String);
  if (!values.every((v) => choices.includes(v))) throw badRequest(said('api.list.filterKeyInvalid', { key }));
  return values;
}

/** `column in (...)` (or `not in`) over a choice list; an empty list matches everything or nothing as logic says. */
export function choiceCondition(column: SQL, values: string[], negate = false): SQL {
  if (!values.length) return negate ? sql`true` : sql`false`;
  const list = sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
  return negate ? sql`${column} not in (${list})` : sql`${column} in (${list})`;
}

export interface ListQuery {
  where: SQL[];
  orderBy: SQL;
  start: number;
  end: number;
}

/** A JSON query parameter (filter, sort, range), or a 400 naming it. */
export function parseJson(raw: unknown, name: string): unknown {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw badRequest(said('api.list.parameterInvalid', { name }));
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest(said('api.list.parameterInvalid', { name }));
  }
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A filter value converted for the field's column, or a 400 that names the filter. */
function filterValue(key: string, field: Field | undefined, value: unknown): unknown {
  if (value === null) return null;
  const invalid = () =>
    badRequest(said('api.list.filterKeyInvalid', { key }), { [key]: said('api.list.filterKeyInvalid', { key }) });
  if (field?.type === 'reference') {
    if (typeof value !== 'string' || !UUID_PATTERN.test(value)) throw invalid();
    return value;
  }
  switch (field?.type) {
    case 'number': {
      const n = typeof value === 'number' || (typeof value === 'string' && value.trim() !== '') ? Number(value) : NaN;
      const range = field.integer ? INTEGER_RANGE : NUMBER_RANGE;
      if (!Number.isFinite(n) || n < range.min || n > range.max || (field.integer && !Number.isInteger(n)))
        throw invalid();
      return n;
    }
    case 'boolean':
      if (value === true || value === 'true') return true;
      if (value === false || value === 'false') return false;
      throw invalid();
    case 'date':
      if (!isDateText(value)) throw invalid();
      return value;
    default:
      if (typeof value === 'number' && Number.isFinite(value)) return String(value);
      if (typeof value !== 'string' || value.length > MAX_FILTER_TEXT || value.includes('\u0000')) throw invalid();
      return value;
  }
}

/** A row id in a filter (`{"id": [...]}`, `_id`): a uuid, or a serial of the history tables. */
function idCondition(
  resource: ResourceDeclaration,
  key: string,
  target: SQL,
  raw: unknown,
  op: string | undefined,
): SQL {
  const invalid = () =>
    badRequest(said('api.list.filterKeyInvalid', { key }), { [key]: said('api.list.filterKeyInvalid', { key }) });
  const one = (value: unknown) =>
    rowId(resource, value) ??
    (() => {
      throw invalid();
    })();
  if (Array.isArray(raw)) {
    if (op || raw.length > MAX_FILTER_VALUES) throw invalid();
    return raw.length ? sql`${target} in (${sql.join(raw.map(one), sql`, `)})` : sql`false`;
  }
  if (raw === null) return op === '_ne' ? sql`${target} is not null` : sql`${target} is null`;
  if (op === '_gte') return sql`${target} >= ${one(raw)}`;
  if (op === '_lte') return sql`${target} <= ${one(raw)}`;
  if (op === '_ne') return sql`${target} is distinct from ${one(raw)}`;
  return sql`${target} = ${one(raw)}`;
}

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

  // own keys only: "__proto__", "constructor" or "toString" name no field and no extra filter;
  // a field read via a reference is no column of the table and filters or sorts nothing
  const fieldOf = (name: string) =>
    Object.hasOwn(resource.fields, name) && !resource.fields[name]!.via ? resource.fields[name] : undefined;
  const extraOf = (name: string) =>
    options.extraFilters && Object.hasOwn(options.extraFilters, name) ? options.extraFilters[name] : undefined;

  const filter = parseJson(query.filter, 'filter') ?? {};
  if (typeof filter !== 'object' || Array.isArray(filter) || filter === null)
    throw badRequest(said('api.list.filterInvalid'));
  const filters: Record<string, unknown> = Object.assign(Object.create(null) as Record<string, unknown>, filter);
  for (const [key, value] of Object.entries(query)) {
    if (key === '_id') filters.id = value;
    else if (fieldOf(key)?.filterable || extraOf(key)) filters[key] ??= value;
  }
  const nulAt = nulCharacterPath(filters);
  if (nulAt !== undefined)
    throw badRequest(said('api.list.filterKeyInvalid', { key: nulAt }), { [nulAt]: said('api.list.nul') });

  const where: SQL[] = [];
  for (const [key, raw] of Object.entries(filters)) {
    if (raw === undefined || raw === '') continue;
    if (key === 'q') {
      const searchable = Object.entries(resource.fields).filter(([, f]) => f.searchable && !f.via);
      if (typeof raw !== 'string' || raw.length > MAX_FILTER_TEXT || !searchable.length)
        throw badRequest(said('api.list.filterKeyInvalid', { key: 'q' }), {
          q: said('api.list.filterKeyInvalid', { key: 'q' }),
        });
      const pattern = `%${escapeLike(raw.trim())}%`;
      where.push(
        sql`(${sql.join(
          searchable.map(([name]) => sql`${col(name)} ilike ${pattern}`),
          sql` or `,
        )})`,
      );
      continue;
    }
    const extra = extraOf(key);
    if (extra) {
      where.push(extra(raw));
      continue;
    }
    const [, base, op] = /^(.*?)(_gte|_lte|_ne)?$/.exec(key)!;
    if (base === 'id') {
      where.push(idCondition(resource, key, col('id'), raw, op));
      continue;
    }
    const field = fieldOf(base!);
    if (!field?.filterable) throw badRequest(said('api.list.filterNotAllowed', { key }));
    const target = col(base!);
    if (Array.isArray(raw)) {
      if (op || raw.length > MAX_FILTER_VALUES)
        throw badRequest(said('api.list.filterKeyInvalid', { key }), {
          [key]: said('api.list.filterKeyInvalid', { key }),
        });
      if (!raw.length) {
        where.push(sql`false`);
        continue;
      }
      where.push(
        sql`${target} in (${sql.join(
          raw.map((v) => param(field, filterValue(key, field, v))),
          sql`, `,
        )})`,
      );
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
  if (!Array.isArray(sort) || typeof sort[0] !== 'string') throw badRequest(said('api.list.sortInvalid'));
  const [sortField, rawOrder] = sort as [string, unknown];
  // every declared table has created_at (records.ts reads it); a list of positions or alerts may not
  const sortable =
    sortField === 'id' ||
    (sortField === 'createdAt' && resources.includes(resource) && resource.timestamps !== false) ||
    fieldOf(sortField)?.sortable;
  if (!sortable) throw badRequest(said('api.list.sortNotAllowed', { field: sortField }));
  const direction = String(rawOrder ?? 'ASC').toUpperCase() === 'DESC' ? sql`desc` : sql`asc`;
  const sortColumn = sortField === 'createdAt' ? sql`${id('t')}.${id('created_at')}` : col(sortField);
  // id breaks ties so that pages never repeat or skip a row; the default null order lets an index serve the sort
  const orderBy = sql`${sortColumn} ${direction}, ${id('t')}.${id('id')} ${direction}`;

  const range = parseJson(query.range, 'range') ?? [0, resource.referenceList ? options.maxPage - 1 : 9];
  const rangeBound = (n: unknown) => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= INTEGER_RANGE.max;
  if (!Array.isArray(range) || range.length !== 2 || !range.every(rangeBound) || range[1] < range[0]) {
    throw badRequest(said('api.list.rangeInvalid'));
  }
  const start = range[0] as number;
  const end = Math.min(range[1] as number, start + options.maxPage - 1);
  return { where, orderBy, start, end };
}
