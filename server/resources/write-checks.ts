import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Caller } from '../auth/caller.ts';
import type { Said } from '../http/errors.ts';
import { columnOf, type ResourceDeclaration } from '../../resources/define.ts';
import { findResource } from '../../resources/modules.ts';
import { id, param, query, rowId } from './sql.ts';
import { andInScope } from './scope.ts';
import { arrayReferences } from './records.ts';
import { said, saidLabel } from './messages.ts';

type Body = Record<string, unknown>;

/** Unique values already taken by another row, as field errors. */
export async function uniqueErrors(db: Db, resource: ResourceDeclaration, body: Body, exceptId?: string) {
  const errors: Record<string, Said> = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    if (!field.unique || body[name] === undefined || body[name] === null) continue;
    const column = sql`${id('t')}.${id(columnOf(name, field))}`;
    const match =
      field.type === 'email'
        ? sql`lower(${column}) = lower(${String(body[name])})`
        : sql`${column} = ${param(field, body[name])}`;
    const others = exceptId ? sql` and t.id <> ${exceptId}::uuid` : sql``;
    const [taken] = await query(db, sql`select 1 from ${id(resource.table)} t where ${match}${others} limit 1`);
    if (taken) errors[name] = said('validation.unique', { label: saidLabel(resource, name) });
  }
  return errors;
}

/** References to rows the caller cannot see are refused as if the row did not exist. */
export async function referenceErrors(db: Db, resource: ResourceDeclaration, caller: Caller, body: Body) {
  const errors: Record<string, Said> = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    if (field.type !== 'reference' || typeof body[name] !== 'string' || name === 'organisationId') continue;
    const target = findResource(field.reference);
    if (!target) continue;
    const [found] = await query(
      db,
      sql`select 1 from ${id(target.table)} t where t.id = ${body[name] as string}::uuid${andInScope(target, caller, 'read')}`,
    );
    if (!found) errors[name] = said('validation.notFound', { label: saidLabel(resource, name) });
  }
  for (const { name, target } of arrayReferences(resource)) {
    const wanted = [...new Set(Array.isArray(body[name]) ? (body[name] as unknown[]) : [])];
    const ids = wanted.map((v) => rowId(target, v)).filter((v): v is SQL => Boolean(v));
    if (!wanted.length) continue;
    // every one must be a row the caller sees
    const found = ids.length
      ? await query(
          db,
          sql`select t.id from ${id(target.table)} t where t.id in (${sql.join(ids, sql`, `)})${andInScope(target, caller, 'read')}`,
        )
      : [];
    if (found.length !== wanted.length)
      errors[name] = said('validation.itemNotFound', { label: saidLabel(resource, name) });
  }
  return errors;
}
