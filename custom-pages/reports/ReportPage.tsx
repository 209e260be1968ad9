/**
 * The one report page: any declared report (resources/reports/) as a header, the filter bar, the
 * chart, the list table with a column chooser and a totals row, pagination and the export menu.
 * The rows come through react-admin's list (ListBase) from the report's API.
 */
import { Children, isValidElement, lazy, Suspense, type ReactElement } from 'react';
import { useParams } from 'react-router-dom';
import { Box, Card, LinearProgress, Link, TableCell, TableFooter, TableRow, Typography } from '@mui/material';
import {
  DatagridBody,
  DatagridConfigurable,
  FunctionField,
  ListBase,
  Pagination,
  SelectColumnsButton,
  useListContext,
  useStore,
  useTranslate,
  type DatagridBodyProps,
} from 'react-admin';
import type { ReportColumn, ReportDeclaration } from '../../resources/reports/define.ts';
import { findReport } from '../../resources/reports/index.ts';
import { formatReportValue, placeLink, placeOf } from '../../resources/reports/format.ts';
import { PageHeader } from '../../src/layout/PageHeader.tsx';
import { ExportMenu } from '../../src/resources/ExportMenu.tsx';
import { PAGE_SIZES } from '../../src/resources/ResourceList.tsx';
import { StatusPage } from '../../src/pages/StatusPage.tsx';
import { ModulePage } from '../../src/pages/ModulePage.tsx';
import { REPORT_VIEW, waitsForVehicle, type ReportViewMeta, type Totals } from './api.ts';
import { ReportFilters } from './ReportFilters.tsx';
import { reportColumnPriorities } from '../../resources/column-priority.ts';
import { LeftOutColumns, useColumnFit } from '../../src/resources/ColumnFit.tsx';

const ReportChart = lazy(() => import('./ReportChart.tsx').then((m) => ({ default: m.ReportChart })));

type Row = Record<string, unknown>;

/** The column chooser's store key of a report. */
export const preferenceKey = (report: ReportDeclaration) => `reports.${report.slug}`;

/** The columns shown now, in the table's order (the column chooser's choice, else the declaration's visible ones). */
export function useVisibleColumns(report: ReportDeclaration): ReportColumn[] {
  const key = preferenceKey(report);
  const [omit] = useStore<string[] | undefined>(
    `preferences.${key}.omit`,
    report.columns.filter((c) => c.hidden).map((c) => c.name),
  );
  const [chosen] = useStore<string[] | undefined>(`preferences.${key}.columns`);
  if (chosen) return chosen.map((index) => report.columns[Number(index)]).filter((c): c is ReportColumn => Boolean(c));
  return report.columns.filter((c) => !(omit ?? []).includes(c.name));
}

function Cell({ column, row }: { column: ReportColumn; row: Row }) {
  const translate = useTranslate();
  const value = row[column.name];
  if (column.type === 'place') {
    const place = placeOf(value);
    return place ? (
      <Link href={placeLink(place)} target="_blank" rel="noopener noreferrer">
        {formatReportValue('place', value, translate)}
      </Link>
    ) : null;
  }
  return <>{formatReportValue(column.type, value, translate, column.labels)}</>;
}

/** The table's rows, then its totals row (over every matching row, not the page) in the footer, under the shown columns. */
function TotalsBody({
  report,
  totals,
  out = [],
  ...props
}: DatagridBodyProps & { report: ReportDeclaration; totals?: Totals; out?: readonly string[] }) {
  const translate = useTranslate();
  const shown = Children.toArray(props.children).filter(isValidElement) as ReactElement<{ source?: string }>[];
  // "Total" heads the first column in view (the others are under each row at this width)
  const first = shown.findIndex((child) => !out.includes(child.props.source ?? ''));
  const hasTotals = report.columns.some((c) => c.total);
  return (
    <>
      <DatagridBody {...props} />
      {hasTotals && (
        <TableFooter>
          <TableRow
            data-testid="report-totals"
            sx={{ '& td': { fontWeight: 600, color: 'text.primary', fontSize: '0.875rem' } }}
          >
            {props.expand ? <TableCell padding="none" /> : null}
            {shown.map((child, i) => {
              const column = report.columns.find((c) => c.name === child.props.source);
              const value =
                column?.total && totals
                  ? formatReportValue(
                      column.total === 'count' ? 'count' : column.type,
                      totals[column.name],
                      translate,
                      column.labels,
                    )
                  : '';
              const label = i === first ? translate('reports.total') : '';
              return (
                <TableCell key={child.props.source ?? i} className={`column-${child.props.source}`}>
                  {label && value ? `${label}: ${value}` : label || value}
                </TableCell>
              );
            })}
          </TableRow>
        </TableFooter>
      )}
    </>
  );
}

function ReportTable({ report }: { report: ReportDeclaration }) {
  const translate = useTranslate();
  const { isFetching, filterValues, meta } = useListContext();
  const totals = (meta as ReportViewMeta | undefined)?.totals;
  const visible = useVisibleColumns(report);
  const { boxRef, out, sx } = useColumnFit(
    reportColumnPriorities(report.columns).filter((c) => visible.some((v) => v.name === c.name)),
  );
  const leftOut = visible
    .filter((column) => out.includes(column.name))
    .map((column) => ({
      name: column.name,
      label: translate(column.label),
      render: (row: Row) => <Cell column={column} row={row} />,
    }));
  if (waitsForVehicle(report, filterValues)) {
    return (
      <Typography sx={{ p: 3 }} color="text.secondary" data-testid="report-choose-vehicle">
        {translate('reports.chooseVehicle')}
      </Typography>
    );
  }
  return (
    <>
      <LinearProgress sx={{ visibility: isFetching ? 'visible' : 'hidden' }} aria-hidden={!isFetching} />
      <Box ref={boxRef} sx={{ overflowX: 'auto', ...sx }}>
        <DatagridConfigurable
          preferenceKey={preferenceKey(report)}
          omit={report.columns.filter((c) => c.hidden).map((c) => c.name)}
          // a tap on a row opens what its columns leave out
          rowClick={leftOut.length > 0 ? 'expand' : false}
          bulkActionButtons={false}
          body={<TotalsBody report={report} totals={totals} out={out} />}
          expand={leftOut.length > 0 ? <LeftOutColumns columns={leftOut} /> : undefined}
          empty={
            <Typography sx={{ p: 3 }} color="text.secondary">
              {translate(report.emptyMessage ?? 'ra.navigation.no_results')}
            </Typography>
          }
        >
          {report.columns.map((column) => (
            <FunctionField
              key={column.name}
              source={column.name}
              label={column.label}
              sortable={Boolean(column.sortable)}
              render={(row: Row) => <Cell column={column} row={row} />}
            />
          ))}
        </DatagridConfigurable>
      </Box>
      <Pagination rowsPerPageOptions={PAGE_SIZES} />
    </>
  );
}

function Chart({ report }: { report: ReportDeclaration }) {
  // the chart comes with the rows, in the list's meta (api.ts); without them it has nothing to draw
  const { meta, error } = useListContext();
  const data = (meta as ReportViewMeta | undefined)?.chart;
  if (!report.chart || error || data === null) return null;
  return (
    <Card sx={{ mb: 2 }}>
      <Suspense fallback={<LinearProgress />}>
        {data ? <ReportChart chart={report.chart} rows={data} /> : <LinearProgress />}
      </Suspense>
    </Card>
  );
}

function Toolbar({ report }: { report: ReportDeclaration }) {
  const columns = useVisibleColumns(report);
  const { filterValues } = useListContext();
  // the export asks the report's API, which refuses a single-vehicle report without its vehicle: say so before asking
  const notYet = waitsForVehicle(report, filterValues) ? 'reports.chooseVehicleToExport' : undefined;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      <SelectColumnsButton preferenceKey={preferenceKey(report)} />
      <ExportMenu report={{ declaration: report, columns, notYet }} />
    </Box>
  );
}

/** A declared report's page. */
export function ReportPage({ report }: { report: ReportDeclaration }) {
  const translate = useTranslate();
  const [field, order] = report.defaultSort;
  // the list asks for the report's view: its rows, the totals and the chart in one call (api.ts). A single-vehicle
  // report's is not asked for until its vehicle is chosen (its API answers 400 without one): the table says to
  // choose one. The filter is the one of the list's query (react-admin's getList key).
  const queryOptions = {
    meta: REPORT_VIEW,
    enabled: (query: { queryKey: readonly unknown[] }) =>
      !waitsForVehicle(report, (query.queryKey[2] as { filter?: Record<string, unknown> } | undefined)?.filter ?? {}),
  };
  const defaults = report.noPeriod || report.defaultPreset === 'custom' ? {} : { preset: report.defaultPreset };
  return (
    <ListBase
      key={report.slug}
      resource={report.api.slice(1)}
      storeKey={`reports.${report.slug}`}
      perPage={10}
      sort={{ field, order }}
      filter={report.fixedFilter}
      filterDefaultValues={defaults}
      queryOptions={queryOptions}
      disableSyncWithLocation={false}
      // the page's module guard has checked the report's permission; the API checks every call
      disableAuthentication
    >
      <PageHeader
        title={report.title}
        subtitle={translate(`reports.subtitles.${report.slug}`, { _: '' }) || undefined}
        actions={<Toolbar report={report} />}
      />
      <Chart report={report} />
      <Card sx={{ minWidth: 0 }}>
        <ReportFilters report={report} />
        <ReportTable report={report} />
      </Card>
    </ListBase>
  );
}

/** /reports/:slug: the declared report of that slug behind its module's permission. */
export function ReportRoutePage() {
  const { slug } = useParams();
  const report = findReport(slug);
  if (!report) return <StatusPage kind="notFound" />;
  return (
    <ModulePage moduleId={`report-${report.slug}`}>
      <ReportPage report={report} />
    </ModulePage>
  );
}
