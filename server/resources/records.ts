import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Caller } from '../auth/caller.ts';
import { columnOf, type ResourceDeclaration } from '../../resources/define.ts';
import { findResource } from '../../resources/modules.ts';
import { id, query, recordColumns, UUID_PATTERN } from './sql.ts';
import { scopeCondition } from './scope.ts';
import type { ListQuery } from './list-query.ts';

export type ResourceRecord = Record<string, unknown> & { id: string; labels?: Record<string, string> };

const and = (parts: (SQL | undefined)[]) => {
  const present = parts.filter((p): p is SQL => Boolean(p));
  return present.length ? sql`where ${sql.join(present, sql` and `)}` : sql``;
};

/** One page of a collection and the number of rows matching, both within the caller's scope. */
export async function listRecords(db: Db, resource: ResourceDeclaration, caller: Caller, list: ListQuery) {
  const where = and([scopeCondition(resource, caller, 'read'), ...list.where]);
  const table = id(resource.table);
  const [rows, [count]] = await Promise.all([
    query<ResourceRecord>(db, sql`select ${recordColumns(resource)} from ${table} t ${where} order by ${list.orderBy} limit ${list.end - list.start + 1} offset ${list.start}`),
    query<{ total: number | string }>(db, sql`select count(*)::integer as total from ${table} t ${where}`),
  ]);
  await attachLabels(db, resource, rows);
  return { rows, total: Number(count?.total ?? 0) };
}

/** A row the caller may see (`read`) or change (`write`), or undefined. */
export async function findRecord(db: Db, resource: ResourceDeclaration, caller: Caller, recordId: string, mode: 'read' | 'write' = 'read') {
  if (!UUID_PATTERN.test(recordId)) return undefined;
  const where = and([sql`t.id = ${recordId}::uuid`, scopeCondition(resource, caller, mode)]);
  const [row] = await query<ResourceRecord>(db, sql`select ${recordColumns(resource)} from ${id(resource.table)} t ${where}`);
  if (row) await attachLabels(db, resource, [row]);
  return row;
}

/** The text that names a row of a resource: its label fields joined by a space. */
export function labelExpression(resource: ResourceDeclaration, alias = 'r'): SQL {
  const parts = resource.recordLabel.map((name) => sql`${id(alias)}.${id(columnOf(name, resource.fields[name]!))}::text`);
  return sql`concat_ws(' ', ${sql.join(parts, sql`, `)})`;
}

/**
 * Adds `labels: {field: text}` for every reference on the records, so a list or an export shows
 * names without one request per row and without read access to the referenced collection.
 */
export async function attachLabels(db: Db, resource: ResourceDeclaration, rows: ResourceRecord[]) {
  if (!rows.length) return;
  for (const row of rows) row.labels = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    if (field.type !== 'reference') continue;
    const target = findResource(field.reference);
    const ids = [...new Set(rows.map((r) => r[name]).filter((v): v is string => typeof v === 'string'))];
    if (!target || !ids.length) continue;
    const labels = await query<{ id: string; label: string }>(db, sql`select r.id, ${labelExpression(target)} as label from ${id(target.table)} r where r.id in (${sql.join(ids.map((v) => sql`${v}::uuid`), sql`, `)})`);
    const byId = new Map(labels.map((l) => [l.id, l.label]));
    for (const row of rows) {
      const value = row[name];
      if (typeof value === 'string' && byId.has(value)) row.labels![name] = byId.get(value)!;
    }
  }
}
