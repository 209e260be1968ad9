/**
 * The report framework: one declaration (resources/reports/<slug>.ts) and one source (an SQL
 * select of the caller's rows) make five routes: on the list contract GET <api> (a page) and
 * <api>/export (large pages); <api>/totals (the totals row over every matching row), <api>/chart,
 * and <api>/view (a page, its count, the totals and the chart: what the report page shows). Each
 * answer is one query that runs the rows once (view-query.ts). The filter (period, vehicles, group, search, the report's own filters) is parsed
 * and checked here, once, for every report. docs/reports.md describes the contract.
 */
import { reportResponses } from '../openapi/reports.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { requireCaller } from '../auth/caller.ts';
import { badRequest, type Said } from '../http/errors.ts';
import { nulCharacterPath } from '../http/nul-characters.ts';
import { id, UUID_PATTERN } from '../resources/sql.ts';
import { INTEGER_RANGE, isDateText, NUMBER_RANGE } from '../resources/validation.ts';
import { listQuerystring, MAX_EXPORT_PAGE, MAX_LIST_PAGE, sendList } from '../resources/routes.ts';
import { parseJson } from '../resources/list-query.ts';
import { MAX_REPORT_DAYS, type ReportDeclaration, type ReportFilter } from '../../resources/reports/define.ts';
import { isPresetName, periodDays, presetRange } from '../../resources/reports/period.ts';
import { said } from '../resources/messages.ts';
import { hasChart, runReport, type ReportSource } from './view-query.ts';

export type { ReportFilter } from '../../resources/reports/define.ts';
export type { ReportSource } from './view-query.ts';

/** Longest search text, and most vehicles one filter may name. */
const MAX_TEXT = 255;
const MAX_VEHICLES = 1000;

/** A 400 naming the filter key, by default as not valid; the message with the key's name in it. */
const invalid = (key: string, text: Said = said('api.list.filterKeyInvalid', { key })) =>
  badRequest(text, { [key]: text });

function instant(key: string, value: unknown): Date {
  if (!isDateText(value) || Number.isNaN(Date.parse(value))) throw invalid(key, said('api.reports.filterIso', { key }));
  return new Date(value);
}

const uuid = (key: string, value: unknown): string => {
  if (typeof value !== 'string' || !UUID_PATTERN.test(value)) throw invalid(key);
  return value.toLowerCase();
};

const BASE_KEYS = new Set(['from', 'to', 'preset', 'vehicleId', 'groupId', 'q']);

/**
 * The ?filter= of a report, checked: the period (from/to ISO instants, or a preset name; missing:
 * today in Asia/Kolkata; at most maxDays days), vehicles, group, search and the declared extra
 * filters. Anything else is refused with a 400 naming it.
 */
export function parseReportFilter(declaration: ReportDeclaration, raw: unknown, now = Date.now()): ReportFilter {
  const parsed = parseJson(raw, 'filter') ?? {};
  if (typeof parsed !== 'object' || Array.isArray(parsed) || parsed === null)
    throw badRequest(said('api.list.filterInvalid'));
  const filter: Record<string, unknown> = Object.assign(
    Object.create(null) as Record<string, unknown>,
    parsed,
    declaration.fixedFilter ?? {},
  );
  const nulAt = nulCharacterPath(filter);
  if (nulAt !== undefined) throw invalid(nulAt);
  const extras = declaration.extraFilters ?? [];
  for (const key of Object.keys(filter)) {
    if (!BASE_KEYS.has(key) && !extras.some((e) => e.name === key))
      throw invalid(key, said('api.list.filterNotAllowed', { key }));
  }
  const given = (key: string) => filter[key] !== undefined && filter[key] !== null && filter[key] !== '';

  let from: Date;
  let to: Date;
  if (given('from') || given('to')) {
    if (!given('from') || !given('to')) throw invalid(given('from') ? 'to' : 'from', said('api.reports.periodBoth'));
    from = instant('from', filter.from);
    to = instant('to', filter.to);
  } else if (given('preset')) {
    if (!isPresetName(filter.preset)) throw invalid('preset', said('api.reports.presetInvalid'));
    ({ from, to } = presetRange(filter.preset, now));
  } else {
    ({ from, to } = presetRange('today', now));
  }
  if (!declaration.noPeriod) {
    if (to <= from) throw invalid('to', said('api.reports.endAfterStart'));
    const maxDays = declaration.maxDays ?? MAX_REPORT_DAYS;
    if (periodDays(from, to) > maxDays) throw invalid('to', said('api.reports.periodTooLong', { days: maxDays }));
  }

  let vehicleIds: string[] | null = null;
  if (given('vehicleId')) {
    const list = Array.isArray(filter.vehicleId) ? filter.vehicleId : [filter.vehicleId];
    if (list.length > MAX_VEHICLES)
      throw invalid('vehicleId', said('api.reports.tooManyVehicles', { max: MAX_VEHICLES }));
    vehicleIds = list.map((v) => uuid('vehicleId', v));
  }
  const groupId = given('groupId') ? uuid('groupId', filter.groupId) : null;
  let q: string | null = null;
  if (given('q')) {
    if (typeof filter.q !== 'string' || filter.q.length > MAX_TEXT) throw invalid('q');
    q = filter.q.trim() || null;
  }

  const extra: Record<string, string | number> = {};
  for (const declared of extras) {
    if (!given(declared.name)) continue;
    const value = filter[declared.name];
    if (declared.type === 'number') {
      const n = typeof value === 'number' || (typeof value === 'string' && value.trim() !== '') ? Number(value) : NaN;
      if (!Number.isFinite(n)) throw invalid(declared.name, said('api.reports.filterNumber', { key: declared.name }));
      const [min, max] = [declared.min ?? NUMBER_RANGE.min, declared.max ?? NUMBER_RANGE.max];
      if (n < min || n > max)
        throw invalid(declared.name, said('api.reports.filterRange', { key: declared.name, min, max }));
      extra[declared.name] = n;
    } else if (declared.type === 'choice') {
      if (typeof value !== 'string' || !(declared.choices ?? []).includes(value)) throw invalid(declared.name);
      extra[declared.name] = value;
    } else {
      if (typeof value !== 'string' || value.length > MAX_TEXT) throw invalid(declared.name);
      extra[declared.name] = value;
    }
  }
  return { from: from.toISOString(), to: to.toISOString(), vehicleIds, groupId, q, extra };
}

/** `v.id in (...)` and `v.group_id = ...` for the vehicles (alias `v` unless told) the filter names; `true` when it names none. */
export function vehicleCondition(filter: ReportFilter, vehicle: SQL = sql`v`): SQL {
  const parts: SQL[] = [];
  if (filter.vehicleIds) {
    parts.push(
      filter.vehicleIds.length
        ? sql`${vehicle}.id in (${sql.join(
            filter.vehicleIds.map((v) => sql`${v}::uuid`),
            sql`, `,
          )})`
        : sql`false`,
    );
  }
  if (filter.groupId) parts.push(sql`${vehicle}.group_id = ${filter.groupId}::uuid`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The search box: any of the given text expressions contains `q` (case-insensitive); `true` without a search. */
export function searchCondition(filter: ReportFilter, columns: SQL[]): SQL {
  if (!filter.q || !columns.length) return sql`true`;
  const pattern = `%${escapeLike(filter.q)}%`;
  return sql`(${sql.join(
    columns.map((c) => sql`${c} ilike ${pattern}`),
    sql` or `,
  )})`;
}

/** An instant as the API sends it: ISO text. */
export const isoText = (expression: SQL): SQL => sql`to_json(${expression}) #>> '{}'`;

const column = (name: string) => sql`r.${id(name)}`;

function parseSortAndRange(declaration: ReportDeclaration, requestQuery: Record<string, unknown>, maxPage: number) {
  const sort = parseJson(requestQuery.sort, 'sort') ?? declaration.defaultSort;
  if (!Array.isArray(sort) || typeof sort[0] !== 'string') throw badRequest(said('api.list.sortInvalid'));
  const [field, rawOrder] = sort as [string, unknown];
  if (!declaration.columns.some((c) => c.name === field && c.sortable))
    throw badRequest(said('api.list.sortNotAllowed', { field }));
  const direction = String(rawOrder ?? 'ASC').toUpperCase() === 'DESC' ? sql`desc` : sql`asc`;
  // id breaks ties so that pages never repeat or skip a row
  const orderBy = sql`${column(field)} ${direction} nulls last, r.id ${direction}`;
  const range = parseJson(requestQuery.range, 'range') ?? [0, 9];
  const bound = (n: unknown) => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= INTEGER_RANGE.max;
  if (!Array.isArray(range) || range.length !== 2 || !range.every(bound) || range[1] < range[0])
    throw badRequest(said('api.list.rangeInvalid'));
  const start = range[0] as number;
  return { orderBy, start, end: Math.min(range[1] as number, start + maxPage - 1) };
}

/** A report's routes; they read from the replica when there is one (server/db/replica.ts). */
export function registerReport(app: FastifyInstance, source: ReportSource) {
  const { declaration } = source;
  const permission = source.permission ?? `report-${declaration.slug}`;
  // a report's export is its Reports module's export action (export-report-<slug>), as the console
  // asks; a page outside the Reports menu (duty-report) has no export action of its own
  const exportPermission = (Array.isArray(permission) ? permission : [permission])
    .filter((p) => p.startsWith('report-'))
    .map((p) => `export-${p}`);
  const tags = ['reports'];
  const filterOnly = { type: 'object', properties: { filter: listQuerystring.properties.filter } };
  type Request = FastifyRequest<{ Querystring: Record<string, unknown> }>;

  const list = (maxPage: number) => async (request: Request, reply: FastifyReply) => {
    const caller = await requireCaller(request);
    const filter = parseReportFilter(declaration, request.query.filter);
    const { orderBy, start, end } = parseSortAndRange(declaration, request.query, maxPage);
    const page = { orderBy, offset: start, limit: end - start + 1 };
    const { rows, total } = await app.reads.run(request, (readDb) =>
      runReport(readDb, source, caller, filter, { page }),
    );
    return sendList(reply, { name: declaration.slug }, start, rows as never[], total);
  };

  app.get(
    declaration.api,
    {
      config: { permission },
      schema: {
        tags,
        summary: `The ${declaration.slug} report: a page of rows; filter from, to (or preset), vehicleId, groupId, q`,
        querystring: listQuerystring,
        response: reportResponses.list(declaration),
      },
    },
    list(MAX_LIST_PAGE),
  );

  app.get(
    `${declaration.api}/export`,
    {
      config: { permission: exportPermission },
      schema: {
        tags,
        summary: `The ${declaration.slug} report's rows for an export, up to ${MAX_EXPORT_PAGE} per request`,
        querystring: listQuerystring,
        response: reportResponses.list(declaration),
      },
    },
    list(MAX_EXPORT_PAGE),
  );

  app.get(
    `${declaration.api}/view`,
    {
      config: { permission },
      schema: {
        tags,
        summary: `The ${declaration.slug} report as its page shows it: a page of rows, their count, the totals row and the chart, from one query`,
        querystring: listQuerystring,
        response: reportResponses.view(declaration),
      },
    },
    async (request: Request) => {
      const caller = await requireCaller(request);
      const filter = parseReportFilter(declaration, request.query.filter);
      const { orderBy, start, end } = parseSortAndRange(declaration, request.query, MAX_LIST_PAGE);
      const page = { orderBy, offset: start, limit: end - start + 1 };
      const data = await app.reads.run(request, (readDb) =>
        runReport(readDb, source, caller, filter, { page, totals: true, chart: true }),
      );
      return { success: true, data };
    },
  );

  app.get(
    `${declaration.api}/totals`,
    {
      config: { permission },
      schema: {
        tags,
        summary: `The ${declaration.slug} report's totals row over every row matching the filter`,
        querystring: filterOnly,
        response: reportResponses.totals(declaration),
      },
    },
    async (request: Request) => {
      const caller = await requireCaller(request);
      const filter = parseReportFilter(declaration, request.query.filter);
      const { totals: data } = await app.reads.run(request, (readDb) =>
        runReport(readDb, source, caller, filter, { totals: true }),
      );
      return { success: true, data };
    },
  );

  if (hasChart(source)) {
    app.get(
      `${declaration.api}/chart`,
      {
        config: { permission },
        schema: {
          tags,
          summary: `The ${declaration.slug} report's chart: one row per key with its numbers`,
          querystring: filterOnly,
          response: reportResponses.chart(declaration),
        },
      },
      async (request: Request) => {
        const caller = await requireCaller(request);
        const filter = parseReportFilter(declaration, request.query.filter);
        const { chart } = await app.reads.run(request, (readDb) =>
          runReport(readDb, source, caller, filter, { chart: true }),
        );
        return { success: true, data: chart };
      },
    );
  }
}
