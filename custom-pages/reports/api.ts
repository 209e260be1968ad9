/** The report page's calls beside the list: the totals row and the chart, for the filter shown. */
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../providers/httpClient.ts';
import type { ReportDeclaration } from '../../resources/reports/define.ts';

/** The filter the page sends: what the user chose plus the report's fixed filters (the SOS report's type). */
export const requestFilter = (report: ReportDeclaration, filterValues: Record<string, unknown>) => ({
  ...filterValues,
  ...report.fixedFilter,
});

function useReportCall<T>(
  report: ReportDeclaration,
  part: 'totals' | 'chart',
  filterValues: Record<string, unknown>,
  enabled = true,
) {
  const filter = JSON.stringify(requestFilter(report, filterValues));
  return useQuery({
    queryKey: ['report', report.api, part, filter],
    queryFn: async () =>
      (await apiCall<{ data: T }>(`${report.api}/${part}?filter=${encodeURIComponent(filter)}`)).data,
    enabled,
    retry: false,
  });
}

/** A single-vehicle report (custom trip) asks nothing until its one vehicle is chosen. */
export const waitsForVehicle = (report: ReportDeclaration, filterValues: Record<string, unknown>) =>
  report.pickers.vehicle === 'single' && !filterValues.vehicleId;

export type Totals = Record<string, number | string | null>;
export type ChartRow = { key: string } & Record<string, number>;

export const useTotals = (report: ReportDeclaration, filterValues: Record<string, unknown>) =>
  useReportCall<Totals>(
    report,
    'totals',
    filterValues,
    report.columns.some((c) => c.total) && !waitsForVehicle(report, filterValues),
  );

export const useChart = (report: ReportDeclaration, filterValues: Record<string, unknown>) =>
  useReportCall<ChartRow[]>(
    report,
    'chart',
    filterValues,
    Boolean(report.chart) && !waitsForVehicle(report, filterValues),
  );
