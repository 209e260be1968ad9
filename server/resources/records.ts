import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import type { Caller } from '../auth/caller.ts';
import { columnOf, seenAsName, type ResourceDeclaration } from '../../resources/define.ts';
import { findResource } from '../../resources/modules.ts';
import { id, query, recordColumns, rowId, shownColumn } from './sql.ts';
import { scopeCondition } from './scope.ts';
import type { ListQuery } from './list-query.ts';
import { cappedCount, TOTAL_COLUMN, totalOf } from './totals.ts';

export type ResourceRecord = Record<string, unknown> & { id: string; labels?: Record<string, string> };

const and = (parts: (SQL | undefined)[]) => {
  const present = parts.filter((p): p is SQL => Boolean(p));
  return present.length ? sql`where ${sql.join(present, sql` and `)}` : sql``;
};

/** One page of a collection and the number of rows matching (capped, see totals.ts), both within the caller's scope, in one statement. */
export async function listRecords(
  db: Db,
  resource: ResourceDeclaration,
  caller: Caller,
  list: ListQuery,
  exactCountLimit: number,
) {
  const where = and([scopeCondition(resource, caller, 'read'), ...list.where]);
  const from = sql`${id(resource.table)} t`;
  const pageSize = list.end - list.start + 1;
  const columns = selectList(resource, pageSize);
  const rows = await query<ResourceRecord>(
    db,
    sql`select ${columns.select}, ${cappedCount(from, where, exactCountLimit)} as ${id(TOTAL_COLUMN)}
    from ${from}${columns.joins} ${where} order by ${list.orderBy} limit ${pageSize} offset ${list.start}`,
  );
  // an empty first page matched nothing: counting again would repeat the search (a q search finding nothing ran twice)
  const counted = rows.length ? Number(rows[0]![TOTAL_COLUMN]) : list.start === 0 ? 0 : undefined;
  const total = await totalOf(db, { from, where, limit: exactCountLimit, counted });
  for (const row of rows) delete row[TOTAL_COLUMN];
  return { rows: rows.map((row) => gatherLabels(resource, row)), ...total };
}

/** A row the caller may see (`read`) or change (`write`), or undefined. */
export async function findRecord(
  db: Db,
  resource: ResourceDeclaration,
  caller: Caller,
  recordId: string,
  mode: 'read' | 'write' = 'read',
) {
  const wanted = rowId(resource, recordId);
  if (!wanted) return undefined;
  const where = and([sql`t.id = ${wanted}`, scopeCondition(resource, caller, mode)]);
  const [row] = await query<ResourceRecord>(
    db,
    sql`select ${selectList(resource).select} from ${id(resource.table)} t ${where}`,
  );
  return row && gatherLabels(resource, row);
}

/** The text that names a referenced row in lists and exports: its label fields joined by a space. */
export function labelExpression(resource: ResourceDeclaration, alias = 'r'): SQL {
  const parts = (resource.displayLabel ?? resource.recordLabel).map(
    (name) => sql`${id(alias)}.${id(columnOf(name, resource.fields[name]!))}::text`,
  );
  return sql`concat_ws(' ', ${sql.join(parts, sql`, `)})`;
}

const LABEL_PREFIX = '__label_';
const SEEN_PREFIX = '__seen_';

interface Reference {
  name: string;
  column: string;
  target: ResourceDeclaration;
  seenAs: string | undefined;
}
const references = new WeakMap<ResourceDeclaration, Reference[]>();

function referenceFields(resource: ResourceDeclaration) {
  let found = references.get(resource);
  if (!found) {
    found = Object.entries(resource.fields).flatMap(([name, field]) => {
      const target = field.type === 'reference' ? findResource(field.reference) : undefined;
      return target ? [{ name, column: columnOf(name, field), target, seenAs: seenAsName(resource, name) }] : [];
    });
    references.set(resource, found);
  }
  return found;
}

/** The array fields whose items are ids of another resource's rows (a rule's users), with that resource. */
export function arrayReferences(resource: ResourceDeclaration) {
  return Object.entries(resource.fields).flatMap(([name, field]) => {
    const target = field.type === 'array' && field.reference ? findResource(field.reference) : undefined;
    return target ? [{ name, column: columnOf(name, field), target }] : [];
  });
}

/** The names of an array's referenced rows, in the array's order, joined by commas; rows gone or unknown are left out. */
function arrayLabel(column: string, target: ResourceDeclaration): SQL {
  return sql`(select string_agg(${labelExpression(target, 'r')}, ', ' order by x.n)
    from jsonb_array_elements_text(case when jsonb_typeof(t.${id(column)}) = 'array' then t.${id(column)} else '[]'::jsonb end)
      with ordinality x(v, n) join ${id(target.table)} r on r.id::text = x.v)`;
}

/** A declared field's name as an SQL string literal: names are identifiers, never input. */
function keyLiteral(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`${name} is no field name`);
  return `'${name}'::text`;
}

/** The referenced row as the spec's reads show it: its id and the fields that name it (`{id, name}`, `{id, tradeName, brandName}`). */
function seenObject(target: ResourceDeclaration, alias: string): SQL {
  const names = [...new Set([...target.recordLabel, ...(target.displayLabel ?? [])])];
  const pairs = names.map(
    (name) => sql`${sql.raw(keyLiteral(name))}, ${id(alias)}.${id(columnOf(name, target.fields[name]!))}`,
  );
  return sql`case when ${id(alias)}.id is null then null else json_build_object('id', ${id(alias)}.id, ${sql.join(pairs, sql`, `)}) end`;
}

/**
 * Pages longer than this read the referenced rows through joins (a hash join each for an export
 * page of 5,000); shorter ones through a subquery per reference, since planning a six-table join
 * took four times as long as running it (a vehicle list page: 4.5 ms against 1.4 ms), while a
 * subquery on a primary key plans in microseconds.
 */
const JOINED_PAGE = 100;

/** How a page reads its references: an expression over the referenced row, and the joins it needs. */
function referencing(resource: ResourceDeclaration, pageSize: number) {
  const refs = referenceFields(resource);
  const joined = pageSize > JOINED_PAGE;
  const over = (ref: Reference, build: (alias: string) => SQL) =>
    joined
      ? build(`l${refs.indexOf(ref)}`)
      : sql`(select ${build('r')} from ${id(ref.target.table)} r where r.id = t.${id(ref.column)})`;
  const joins = joined
    ? sql.join(
        refs.map(
          ({ column, target }, i) =>
            sql` left join ${id(target.table)} ${id(`l${i}`)} on ${id(`l${i}`)}.id = t.${id(column)}`,
        ),
        sql``,
      )
    : sql``;
  return { refs, over, joins };
}

/**
 * The label of each reference, in the same statement as the rows: `labels: {field: text}` lets a
 * list or an export show names without a request per row and without read access to the
 * referenced collection; beside the id, the referenced row as an object (`role: {id, name}`).
 * A reference shown both ways reads its row once, as `[label, object]`: each subquery of a page
 * is planned on every request, and planning was most of a short page's database time.
 * Then the fields read `via` a reference (an alert's imei).
 */
function labelColumns(resource: ResourceDeclaration, pageSize = 1): { columns: SQL; joins: SQL } {
  const { refs, over, joins } = referencing(resource, pageSize);
  const parts =
    resource.labels === false
      ? []
      : refs.map((ref) =>
          ref.seenAs
            ? sql`, ${over(ref, (alias) => sql`json_build_array(${labelExpression(ref.target, alias)}, ${seenObject(ref.target, alias)})`)} as ${id(SEEN_PREFIX + ref.name)}`
            : // '' without a referenced row, from a subquery as from a join
              sql`, coalesce(${over(ref, (alias) => labelExpression(ref.target, alias))}, '') as ${id(LABEL_PREFIX + ref.name)}`,
        );
  if (resource.labels !== false)
    for (const { name, column, target } of arrayReferences(resource))
      parts.push(sql`, coalesce(${arrayLabel(column, target)}, '') as ${id(LABEL_PREFIX + name)}`);
  for (const [name, field] of Object.entries(resource.fields)) {
    if (!field.via) continue;
    const ref = refs.find((r) => r.name === field.via!.reference);
    const target = ref?.target.fields[field.via.field];
    if (!ref || !target)
      throw new Error(
        `${resource.name}.${name} is read via ${field.via.reference}.${field.via.field}, which is no declared reference field`,
      );
    parts.push(
      sql`, ${over(ref, (alias) => shownColumn(target, alias, columnOf(field.via!.field, target)))} as ${id(name)}`,
    );
  }
  return { columns: sql.join(parts, sql``), joins };
}

const dialect = new PgDialect();
const selectLists = new WeakMap<ResourceDeclaration, Map<boolean, { select: SQL; joins: SQL }>>();

/**
 * A record's columns and labels, and the joins they need, built once per resource and page shape
 * as SQL text: they name no value, and building them again took a tenth of a list request's time
 * in the server.
 */
function selectList(resource: ResourceDeclaration, pageSize = 1): { select: SQL; joins: SQL } {
  const joined = pageSize > JOINED_PAGE;
  let shapes = selectLists.get(resource);
  if (!shapes) selectLists.set(resource, (shapes = new Map()));
  let found = shapes.get(joined);
  if (!found) {
    const labels = labelColumns(resource, pageSize);
    const text = (part: SQL) => {
      const built = dialect.sqlToQuery(part);
      if (built.params.length) throw new Error(`${resource.name}: a select list names no value`);
      return sql.raw(built.sql);
    };
    found = { select: text(sql`${recordColumns(resource)}${labels.columns}`), joins: text(labels.joins) };
    shapes.set(joined, found);
  }
  return found;
}

const labelled = new WeakMap<ResourceDeclaration, { name: string; seenAs: string | undefined }[]>();

/** The fields a row carries a label for, and the name of the object beside those shown as one. */
function labelledFields(resource: ResourceDeclaration) {
  let found = labelled.get(resource);
  if (!found) {
    found = [
      ...referenceFields(resource).map(({ name, seenAs }) => ({ name, seenAs })),
      ...arrayReferences(resource).map(({ name }) => ({ name, seenAs: undefined })),
    ];
    labelled.set(resource, found);
  }
  return found;
}

function gatherLabels(resource: ResourceDeclaration, row: ResourceRecord): ResourceRecord {
  if (resource.labels === false) return row;
  const labels: Record<string, string> = {};
  for (const { name, seenAs } of labelledFields(resource)) {
    if (seenAs) {
      // [label, object] of the referenced row, or null without one (node-postgres parses json, PGlite too)
      const read = row[SEEN_PREFIX + name];
      delete row[SEEN_PREFIX + name];
      const pair = (typeof read === 'string' ? JSON.parse(read) : read) as [string, unknown] | null;
      labels[name] = pair?.[0] ?? '';
      row[seenAs] = pair?.[1] ?? null;
      continue;
    }
    const value = row[LABEL_PREFIX + name];
    delete row[LABEL_PREFIX + name];
    if (typeof value === 'string') labels[name] = value;
  }
  row.labels = labels;
  return row;
}
