/**
 * The drizzle table of a resource declaration: the declaration is the source of its columns, so a
 * column is written once (docs/adding-an-entity.md). What the console has no field for (a password
 * hash, a materialised path, indexes beyond the unique and organisation ones) comes as extras.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
  type PgColumn,
  type PgColumnBuilderBase,
  type PgTable,
  type PgTableExtraConfigValue,
  type PgTableWithColumns,
} from 'drizzle-orm/pg-core';
import type { BuildColumns, BuildExtraConfigColumns, HasDefault, NotNull, $Type } from 'drizzle-orm';
import type {
  PgBigSerial53BuilderInitial,
  PgBooleanBuilderInitial,
  PgDoublePrecisionBuilderInitial,
  PgIntegerBuilderInitial,
  PgJsonbBuilderInitial,
  PgRealBuilderInitial,
  PgTextBuilderInitial,
  PgTimestampBuilderInitial,
  PgUUIDBuilderInitial,
} from 'drizzle-orm/pg-core';
import { columnOf, type Field, type ResourceDeclaration } from '../../resources/define.ts';
import { createdAt, id, updatedAt } from './columns.ts';

type Fields = Record<string, Field>;

/** The value a field holds in JSON (a jsonb column's type): dates are strings there. */
type JsonValueOf<F> = F extends { type: 'number' }
  ? number
  : F extends { type: 'boolean' }
    ? boolean
    : F extends { type: 'object'; fields: infer N extends Fields }
      ? { [K in keyof N]?: JsonValueOf<N[K]> } & Record<string, unknown>
      : F extends { type: 'array'; of: 'number' }
        ? number[]
        : F extends { type: 'array'; of: 'object'; item: infer N extends Fields }
          ? ({ [K in keyof N]?: JsonValueOf<N[K]> } & Record<string, unknown>)[]
          : F extends { type: 'array'; of: 'object' }
            ? Record<string, unknown>[]
            : F extends { type: 'array' }
              ? string[]
              : F extends { type: 'json'; default: infer V }
                ? V
                : F extends { type: 'json' | 'geometry' }
                  ? unknown
                  : string;

type BaseColumn<F> = F extends { type: 'number' }
  ? F extends { integer: true }
    ? PgIntegerBuilderInitial<''>
    : F extends { precision: 'single' }
      ? PgRealBuilderInitial<''>
      : PgDoublePrecisionBuilderInitial<''>
  : F extends { type: 'boolean' }
    ? PgBooleanBuilderInitial<''>
    : F extends { type: 'date' }
      ? PgTimestampBuilderInitial<''>
      : F extends { type: 'reference' }
        ? PgUUIDBuilderInitial<''>
        : F extends { type: 'array' | 'object' | 'json' | 'geometry' }
          ? $Type<PgJsonbBuilderInitial<''>, JsonValueOf<F>>
          : PgTextBuilderInitial<'', [string, ...string[]]>;

/** The organisation an `organisation`-scoped row belongs to: the server always sets it, unless unowned rows are shared. */
type IsOwner<D extends ResourceDeclaration, K> = K extends 'organisationId'
  ? D extends { scope: 'organisation' }
    ? D extends { sharedWhenUnowned: true }
      ? false
      : true
    : false
  : false;
type IsNotNull<D extends ResourceDeclaration, K, F> = F extends { nullable: true }
  ? false
  : F extends { required: true }
    ? true
    : F extends { default: unknown }
      ? true
      : IsOwner<D, K>;

type ColumnOf<D extends ResourceDeclaration, K, F> =
  IsNotNull<D, K, F> extends true
    ? F extends { default: unknown }
      ? HasDefault<NotNull<BaseColumn<F>>>
      : NotNull<BaseColumn<F>>
    : BaseColumn<F>;

type Timestamps = { createdAt: ReturnType<typeof createdAt>; updatedAt: ReturnType<typeof updatedAt> };
type HasTimestamps<D> = D extends { timestamps: false } ? false : true;
type IdColumn<D> = D extends { ids: 'serial' } ? PgBigSerial53BuilderInitial<''> : ReturnType<typeof id>;

/** A field has a column unless it is read through a reference (`via`) or is a password (hooks keep its hash). */
type StoredKey<K, F, D> = F extends { via: object }
  ? never
  : F extends { type: 'password' }
    ? never
    : HasTimestamps<D> extends true
      ? K extends keyof Timestamps
        ? never
        : K
      : K;

export type DeclaredColumns<D extends ResourceDeclaration> = { id: IdColumn<D> } & {
  [K in keyof D['fields'] as StoredKey<K, D['fields'][K], D>]: ColumnOf<D, K, D['fields'][K]>;
} & (HasTimestamps<D> extends true ? Timestamps : Record<never, never>);

type Merged<A, B> = { [K in keyof A | keyof B]: K extends keyof B ? B[K] : K extends keyof A ? A[K] : never };
type TableColumns<D extends ResourceDeclaration, X extends ColumnMap> = Merged<DeclaredColumns<D>, X>;
type ColumnMap = Record<string, PgColumnBuilderBase>;

export interface TableExtras<D extends ResourceDeclaration, X extends ColumnMap> {
  /** Columns that are no field of the declaration (or a different id: the partitioned positions'). */
  columns?: X;
  /** Indexes, checks and keys beyond the derived ones. */
  constraints?: (t: BuildExtraConfigColumns<D['table'], TableColumns<D, X>, 'pg'>) => PgTableExtraConfigValue[];
  /** false: no `<table>_org_idx` on organisation_id (an index of `constraints` already starts with it). */
  organisationIndex?: false;
  /** Names of unique field indexes where the `<table>_<column without _id>_idx` rule does not hold. */
  uniqueIndexNames?: Partial<Record<keyof D['fields'] & string, string>>;
}

export type DeclaredTable<
  D extends ResourceDeclaration,
  X extends ColumnMap = Record<never, never>,
> = PgTableWithColumns<{
  name: D['table'];
  schema: undefined;
  columns: Extract<BuildColumns<D['table'], TableColumns<D, X>, 'pg'>, Record<string, PgColumn>>;
  dialect: 'pg';
}>;

/** The tables derived so far, by resource name: what reference fields point at. */
const tablesByResource = new Map<string, PgTable & { id: AnyPgColumn }>();

function idOf(resource: string): AnyPgColumn {
  const table = tablesByResource.get(resource);
  if (!table) throw new Error(`No table is derived for the resource '${resource}' (server/db/declared.ts)`);
  return table.id;
}

/** The table derived for a resource, if one was. */
export const derivedTable = (resource: string): PgTable | undefined => tablesByResource.get(resource);

const isOwner = (declaration: ResourceDeclaration, name: string) =>
  name === 'organisationId' && declaration.scope === 'organisation' && !declaration.sharedWhenUnowned;

/** The column of one field, or none (a `via` field, a password). Its rules are docs/adding-an-entity.md's table. */
function columnFor(declaration: ResourceDeclaration, name: string, field: Field) {
  if (field.via || field.type === 'password') return undefined;
  const column = columnOf(name, field);
  const notNull =
    !field.nullable && (field.required === true || field.default !== undefined || isOwner(declaration, name));
  const finish = <B extends { notNull(): { default(value: unknown): unknown } }>(builder: B) => {
    if (!notNull) return builder;
    const required = builder.notNull();
    return field.default === undefined ? required : required.default(field.default);
  };
  switch (field.type) {
    case 'number':
      return finish(
        field.integer ? integer(column) : field.precision === 'single' ? real(column) : doublePrecision(column),
      );
    case 'boolean':
      return finish(boolean(column));
    case 'date': {
      const stamp = timestamp(column, { withTimezone: true });
      return field.default === 'now' && notNull ? stamp.notNull().defaultNow() : finish(stamp);
    }
    case 'reference': {
      // a tree's parent (organisations, admin divisions) has no foreign key, as those tables were made
      if (field.reference === declaration.name || field.foreignKey === false) return finish(uuid(column));
      const target = field.reference;
      return finish(uuid(column).references(() => idOf(target), field.onDelete ? { onDelete: field.onDelete } : {}));
    }
    case 'array':
    case 'object':
    case 'json':
    case 'geometry':
      return finish(jsonb(column));
    default:
      return finish(text(column));
  }
}

/** The derived columns of a declaration: id, one per stored field, then created_at and updated_at. */
function declaredColumns(declaration: ResourceDeclaration): Record<string, unknown> {
  const columns: Record<string, unknown> = {
    id: declaration.ids === 'serial' ? bigserial('id', { mode: 'number' }).primaryKey() : id(),
  };
  for (const [name, field] of Object.entries(declaration.fields)) {
    const column = columnFor(declaration, name, field);
    if (column) columns[name] = column;
  }
  if (declaration.timestamps !== false) Object.assign(columns, { createdAt: createdAt(), updatedAt: updatedAt() });
  return columns;
}

/** The indexes every declaration gets: one unique index per unique field (e-mails compared lower-cased) and the organisation's. */
function declaredIndexes(
  declaration: ResourceDeclaration,
  names: Partial<Record<string, string>>,
  withOrganisation: boolean,
) {
  return (t: Record<string, AnyPgColumn>): PgTableExtraConfigValue[] => {
    const indexes: PgTableExtraConfigValue[] = [];
    for (const [name, field] of Object.entries(declaration.fields)) {
      if (!field.unique || !t[name]) continue;
      const indexName = names[name] ?? `${declaration.table}_${columnOf(name, field).replace(/_id$/, '')}_idx`;
      indexes.push(uniqueIndex(indexName).on(field.type === 'email' ? sql`lower(${t[name]})` : t[name]));
    }
    if (withOrganisation && declaration.scope === 'organisation' && t.organisationId) {
      indexes.push(index(`${declaration.table}_org_idx`).on(t.organisationId));
    }
    return indexes;
  };
}

/** The drizzle table of a declaration, typed from its fields; `extras` adds what is not a field. */
export function tableOf<const D extends ResourceDeclaration, const X extends ColumnMap = Record<never, never>>(
  declaration: D,
  extras: TableExtras<D, X> = {},
): DeclaredTable<D, X> {
  const derived = declaredIndexes(declaration, extras.uniqueIndexNames ?? {}, extras.organisationIndex !== false);
  const columns = { ...declaredColumns(declaration), ...extras.columns } as unknown as TableColumns<D, X>;
  const table = pgTable(declaration.table, columns, (t) => [
    ...derived(t as unknown as Record<string, AnyPgColumn>),
    ...(extras.constraints?.(t) ?? []),
  ]);
  tablesByResource.set(declaration.name, table as unknown as PgTable & { id: AnyPgColumn });
  return table as unknown as DeclaredTable<D, X>;
}
