import type { ReportColumnType, ReportDeclaration } from '../../resources/reports/define.ts';
import { envelope, errors, listOf } from './shared.ts';
import { sampleText } from './samples.ts';

/**
 * The OpenAPI answers of a declared report's routes (server/reports/framework.ts), derived from its
 * declaration: a row has its columns, the totals row the totalled ones, the chart its series.
 */

type Schema = Record<string, unknown>;

const NUMERIC = new Set<ReportColumnType>(['number', 'count', 'distance', 'duration', 'speed', 'percent']);

function columnSchema(type: ReportColumnType): Schema {
  if (NUMERIC.has(type)) return { type: ['number', 'null'] };
  if (type === 'place') return { description: '"latitude,longitude", or an object with both' };
  return { type: ['string', 'null'] };
}

const SAMPLES: Record<ReportColumnType, unknown> = {
  text: 'UP32AB1234',
  number: 12,
  count: 3,
  distance: 42500,
  duration: 5400,
  speed: 42,
  date: '2026-11-27',
  month: '2026-11',
  datetime: '2026-11-27T04:45:00.000Z',
  percent: 37.5,
  place: '26.846700,80.946200',
};

const sampleOfColumn = (name: string, type: ReportColumnType) => (type === 'text' ? sampleText(name) : SAMPLES[type]);

function rowSchema(report: ReportDeclaration): Schema {
  return {
    type: 'object',
    properties: Object.fromEntries(report.columns.map((c) => [c.name, columnSchema(c.type)])),
    additionalProperties: true,
  };
}

const rowExample = (report: ReportDeclaration) =>
  Object.fromEntries(report.columns.map((c) => [c.name, sampleOfColumn(c.name, c.type)]));

function totalsSchema(report: ReportDeclaration): Schema {
  const totalled = report.columns.filter((c) => c.total);
  return {
    type: 'object',
    properties: Object.fromEntries(totalled.map((c) => [c.name, columnSchema(c.total === 'count' ? 'count' : c.type)])),
    additionalProperties: true,
  };
}

const totalsExample = (report: ReportDeclaration) =>
  Object.fromEntries(
    report.columns
      .filter((c) => c.total)
      .map((c) => [c.name, sampleOfColumn(c.name, c.total === 'count' ? 'count' : c.type)]),
  );

function chartSchema(report: ReportDeclaration): Schema {
  const series = report.chart?.series ?? [];
  return {
    type: 'array',
    items: {
      type: 'object',
      required: ['key'],
      properties: { key: { type: 'string' }, ...Object.fromEntries(series.map((s) => [s.name, { type: 'number' }])) },
    },
  };
}

function chartExample(report: ReportDeclaration) {
  const key = { date: '2026-11-27', month: '2026-11', text: 'OVERSPEED' }[report.chart?.keyType ?? 'text'];
  return [{ key, ...Object.fromEntries((report.chart?.series ?? []).map((s) => [s.name, SAMPLES[s.type] ?? 1])) }];
}

const failures = errors(400, 401, 403, 429);

/** The responses of each route of a report. */
export const reportResponses = {
  list: (report: ReportDeclaration) => ({
    200: listOf(rowSchema(report), rowExample(report), report.slug),
    ...failures,
  }),
  view: (report: ReportDeclaration) => ({
    200: envelope(
      {
        type: 'object',
        properties: {
          rows: { type: 'array', items: rowSchema(report) },
          total: { type: 'integer' },
          totals: totalsSchema(report),
          chart: report.chart ? { ...chartSchema(report), type: ['array', 'null'] } : { type: 'null' },
        },
      },
      {
        rows: [rowExample(report)],
        total: 1,
        totals: totalsExample(report),
        chart: report.chart ? chartExample(report) : null,
      },
    ),
    ...failures,
  }),
  totals: (report: ReportDeclaration) => ({ 200: envelope(totalsSchema(report), totalsExample(report)), ...failures }),
  chart: (report: ReportDeclaration) => ({ 200: envelope(chartSchema(report), chartExample(report)), ...failures }),
};
