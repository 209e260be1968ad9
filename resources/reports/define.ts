/**
 * A report declared once, as plain data, read by the console (the report page: period, pickers,
 * column chooser, totals row, chart, exports) and by the server (sort whitelist, totals). No React,
 * no server imports. docs/reports.md describes each report.
 */

/** How a column's raw value (as the API sends it) is shown and exported. */
export type ReportColumnType =
  /** plain text */
  | 'text'
  /** a number as is; 'count' a whole number */
  | 'number'
  | 'count'
  /** metres, shown in km with 1 decimal */
  | 'distance'
  /** seconds, shown as hh:mm */
  | 'duration'
  /** km/h */
  | 'speed'
  /** a yyyy-MM-dd day, shown dd/MM/yyyy */
  | 'date'
  /** a yyyy-MM month, shown MM/yyyy */
  | 'month'
  /** an ISO instant, shown dd/MM/yyyy HH:mm:ss in Asia/Kolkata */
  | 'datetime'
  /** 0 to 100 */
  | 'percent'
  /** "latitude,longitude" (or an object with both), shown as coordinates with a map link */
  | 'place';

export interface ReportColumn {
  /** The key in each row of the API's answer. */
  name: string;
  /** i18n key of the header. */
  label: string;
  type: ReportColumnType;
  sortable?: boolean;
  /** The totals row: how the column adds up over every row matching the filter (server-side). */
  total?: 'sum' | 'max' | 'min' | 'avg' | 'count';
  /** How much the column matters on a narrow table (resources/column-priority.ts): 1 always in view, then 2, then 3. */
  priority?: 1 | 2 | 3;
  /** Hidden until chosen in the column chooser. */
  hidden?: boolean;
  /** i18n prefix translating a text column's values (`prefix.VALUE`), as an alert's type. */
  labels?: string;
}

export type PeriodPresetName = 'today' | 'yesterday' | 'thisWeek' | 'lastWeek' | 'thisMonth' | 'lastMonth' | 'custom';
export const PERIOD_PRESETS: readonly PeriodPresetName[] = [
  'today',
  'yesterday',
  'thisWeek',
  'lastWeek',
  'thisMonth',
  'lastMonth',
  'custom',
];

/** A filter of the report beyond the period and the vehicle and group pickers. */
export interface ReportExtraFilter {
  name: string;
  label: string;
  type: 'choice' | 'number' | 'text';
  choices?: readonly string[];
  /** i18n prefix of the choices' labels (`prefix.VALUE`). */
  choiceLabels?: string;
  /** A number filter's bounds (inclusive); a number outside them is refused with a 400. */
  min?: number;
  max?: number;
}

export interface ReportChart {
  kind: 'bar' | 'line' | 'pie';
  /** i18n key of the chart's title. */
  title: string;
  /** The series: keys of each chart row (besides `key`, the x value or slice name). */
  series: { name: string; label: string; type: ReportColumnType }[];
  /** How `key` reads: a day (yyyy-MM-dd), a month (yyyy-MM) or a label (an alert type...). */
  keyType: 'date' | 'month' | 'text';
  /** i18n prefix translating text keys (`prefix.KEY`). */
  keyLabels?: string;
}

export interface ReportDeclaration {
  /** The page is /reports/<slug>; the module (permission id) report-<slug>. */
  slug: string;
  /** The list endpoint, without /api: GET <api>, <api>/export, <api>/totals, <api>/chart. */
  api: string;
  /** i18n key of the title. */
  title: string;
  columns: ReportColumn[];
  defaultSort: [string, 'ASC' | 'DESC'];
  defaultPreset: PeriodPresetName;
  /** Which pickers the filter bar offers; `single`: exactly one vehicle, asked for before any row loads (the server answers 400 without it). */
  pickers: { vehicle: boolean | 'single'; group: boolean };
  extraFilters?: ReportExtraFilter[];
  chart?: ReportChart;
  /** Longest period accepted, in days (default MAX_REPORT_DAYS). */
  maxDays?: number;
  /** i18n key of the message when no row matches. */
  emptyMessage?: string;
  /** Filters every request of the page carries, not offered in the filter bar (the SOS report: type SOS on the alert API). */
  fixedFilter?: Record<string, string>;
  /** The report describes the present, not a period (offline vehicles): no period buttons; the server ignores from/to. */
  noPeriod?: boolean;
}

/** Longest period a report accepts unless its declaration says otherwise. */
export const MAX_REPORT_DAYS = 92;

/** The parsed filter every report source receives (server/reports/framework.ts builds it from ?filter=). */
export interface ReportFilter {
  /** ISO instants; [from, to). */
  from: string;
  to: string;
  vehicleIds: string[] | null;
  groupId: string | null;
  q: string | null;
  /** The declaration's extra filters, validated. */
  extra: Record<string, string | number>;
}

export const defineReport = (report: ReportDeclaration): ReportDeclaration => report;
