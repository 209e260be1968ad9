/**
 * One statement per report answer. A report's rows (its source's SQL: the caller's scope, the
 * period, the pickers, the search) are run once, as a materialised CTE `r`, and everything an
 * answer needs is read from that: a page of rows, their count, the totals row and the chart. The
 * report page asks for all four in one call (GET <api>/view), so one view runs the scope once, not
 * once for the page, once for its count, once for the totals and once for the chart.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Caller } from '../auth/caller.ts';
import { id, query } from '../resources/sql.ts';
import type { ReportColumn, ReportDeclaration, ReportFilter } from '../../resources/reports/define.ts';

export interface ReportSource {
  declaration: ReportDeclaration;
  /** The permission id (or any one of several) the routes need; default report-<slug>. */
  permission?: string | string[];
  /** A select of the caller's rows matching the filter, its columns named exactly as the declaration's, plus `id`. */
  rows(caller: Caller, filter: ReportFilter): SQL;
  /**
   * The chart's rows (`key` and one number per declared series), read from the report's rows:
   * `rows` is a relation of them to select from (write `from ${rows} r`), never the scope again.
   */
  chart?(rows: SQL, caller: Caller, filter: ReportFilter): SQL;
}

/** A page of the rows: ordered by `orderBy` (over alias `r`), `limit` rows from `offset`. */
export interface ReportPage {
  orderBy: SQL;
  offset: number;
  limit: number;
}

/** What one statement reads from the rows; the count comes with a page. */
export interface ReportParts {
  page?: ReportPage;
  totals?: boolean;
  chart?: boolean;
}

export type Totals = Record<string, number | string | null>;
export type ChartRow = { key: string } & Record<string, number>;

export interface ReportAnswer {
  rows: Record<string, unknown>[];
  total: number;
  totals: Totals;
  chart: ChartRow[] | null;
}

const NUMERIC_TYPES = new Set(['number', 'count', 'distance', 'duration', 'speed', 'percent']);

const column = (name: string) => sql`r.${id(name)}`;

/** The totals row's expression of one column. */
function totalOf(c: ReportColumn): SQL {
  if (c.total === 'count') return sql`count(*)::integer`;
  const value = NUMERIC_TYPES.has(c.type) ? sql`${column(c.name)}::float8` : column(c.name);
  return sql`${sql.raw(c.total!)}(${value})`;
}

const toNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** The answer's own columns, beside a row's: no report column starts with two underscores. */
const ROW = '__row';
const TOTAL = '__total';
const CHART = '__chart';
const totalColumn = (name: string) => `__totals.${name}`;

const totalled = (declaration: ReportDeclaration) => declaration.columns.filter((c) => c.total);

/** Whether a source draws a chart: its declaration has one and the source can compute it. */
export const hasChart = (source: ReportSource) => Boolean(source.chart && source.declaration.chart);

/**
 * Runs one report statement and shapes its answer: `r` (the rows, materialised once), one row of
 * aggregates over it (count, totals, the chart as JSON) and the page's rows joined beside that row
 * (the aggregates' row alone when the page is empty). A page's rows keep their columns' own types,
 * so they read exactly as a plain select of the rows would.
 */
export async function runReport(
  db: Db,
  source: ReportSource,
  caller: Caller,
  filter: ReportFilter,
  parts: ReportParts,
): Promise<ReportAnswer> {
  const { declaration } = source;
  const columns = parts.totals ? totalled(declaration) : [];
  const aggregates: SQL[] = [sql`1 as "__one"`];
  if (parts.page) aggregates.push(sql`(select count(*)::integer from r) as ${id(TOTAL)}`);
  // one scalar subquery per total keeps each value in its column's own type (a text total stays text)
  for (const c of columns) aggregates.push(sql`(select ${totalOf(c)} from r) as ${id(totalColumn(c.name))}`);
  const chart = Boolean(parts.chart && hasChart(source));
  // nothing to read (a totals row of a report without totals): no query
  if (!parts.page && !columns.length && !chart) return { rows: [], total: 0, totals: {}, chart: null };
  if (chart)
    aggregates.push(
      sql`(select coalesce(json_agg(c), '[]'::json) from (${source.chart!(sql`r`, caller, filter)}) c) as ${id(CHART)}`,
    );
  const page = parts.page
    ? sql` left join lateral (select true as ${id(ROW)}, r.* from r order by ${parts.page.orderBy}
        limit ${parts.page.limit} offset ${parts.page.offset}) r on true order by ${parts.page.orderBy}`
    : sql``;
  const result = await query<Record<string, unknown>>(
    db,
    sql`with r as materialized (${source.rows(caller, filter)})
      select * from (select ${sql.join(aggregates, sql`, `)}) a${page}`,
  );
  const first = result[0] ?? {};
  const rows = result
    .filter((row) => row[ROW] === true)
    .map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => !key.startsWith('__'))));
  const totals: Totals = Object.fromEntries(
    columns.map((c) => {
      const value = (first[totalColumn(c.name)] ?? null) as number | string | null;
      return [c.name, NUMERIC_TYPES.has(c.type) || c.total === 'count' ? toNumber(value) : value];
    }),
  );
  let chartRows: ChartRow[] | null = null;
  if (chart) {
    const raw = first[CHART];
    const parsed = (typeof raw === 'string' ? JSON.parse(raw) : (raw ?? [])) as Record<string, unknown>[];
    const series = declaration.chart!.series.map((s) => s.name);
    chartRows = parsed.map(
      (r) => ({ key: String(r.key), ...Object.fromEntries(series.map((s) => [s, toNumber(r[s]) ?? 0])) }) as ChartRow,
    );
  }
  return { rows, total: Number(first[TOTAL] ?? 0), totals, chart: chartRows };
}
