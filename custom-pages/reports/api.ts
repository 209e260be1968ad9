/**
 * What the report page reads beside its rows. The page's list asks for its report's view
 * (`meta: REPORT_VIEW`, providers/dataProvider.ts): the server answers the page, its count, the
 * totals row and the chart from one query, and the totals and the chart come in the list's meta.
 */
import type { ReportDeclaration } from '../../resources/reports/define.ts';
import { REPORT_VIEW, type ReportViewMeta } from '../../providers/dataProvider.ts';

export { REPORT_VIEW };
export type { ReportViewMeta };
export type Totals = ReportViewMeta['totals'];
export type ChartRow = NonNullable<ReportViewMeta['chart']>[number];

/** A single-vehicle report (custom trip) asks nothing until its one vehicle is chosen. */
export const waitsForVehicle = (report: ReportDeclaration, filterValues: Record<string, unknown>) =>
  report.pickers.vehicle === 'single' && !filterValues.vehicleId;
