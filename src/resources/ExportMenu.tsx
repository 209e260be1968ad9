import { useState } from 'react';
import { Box, Button, LinearProgress, Menu, MenuItem, Snackbar, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useCanAccess, useDataProvider, useListContext, useNotify, useTranslate } from 'react-admin';
import type { ResourceDeclaration } from '../../resources/define.ts';
import type { ReportColumn, ReportDeclaration } from '../../resources/reports/define.ts';
import { formatReportValue } from '../../resources/reports/format.ts';
import type { ExportPage } from '../../providers/dataProvider.ts';
import { columnLabel, displayValue, type RecordLike } from '../../resources/display.ts';
import { download, exportFileName, exporters, type ExportFormat } from './exporters.ts';

/** Rows per export request; the server allows up to 5000. */
export const EXPORT_PAGE = 5000;

type ExportingProvider = {
  getExportPage(resource: string, page: ExportPage): Promise<{ data: RecordLike[]; total: number }>;
};

/**
 * Every row of an export, page by page. A full page always asks for the next, and an empty one
 * ends it; a short page ends it once the total is reached. A large set's total is the server's
 * estimate (X-Total-Estimated), which may be low (full pages go on past it) or high (one more ask
 * finds the end), and a server may answer fewer rows than asked (the total says more follow).
 */
export async function fetchExportRows(
  provider: ExportingProvider,
  collection: string,
  query: Omit<ExportPage, 'start' | 'end'>,
  onProgress: (done: number, total: number) => void,
) {
  const rows: RecordLike[] = [];
  for (;;) {
    const page = await provider.getExportPage(collection, {
      ...query,
      start: rows.length,
      end: rows.length + EXPORT_PAGE - 1,
    });
    rows.push(...page.data);
    onProgress(rows.length, Math.max(page.total, rows.length));
    if (!page.data.length || (page.data.length < EXPORT_PAGE && rows.length >= page.total)) return rows;
  }
}

/** A report's export: its API, the columns shown now, and the filters the page always adds (the SOS report's type). */
export interface ReportExport {
  declaration: ReportDeclaration;
  columns: ReportColumn[];
  /**
   * Why the report cannot be exported as its filters stand (the message key the user is shown
   * instead of any request): a single-vehicle report with no vehicle chosen, which its API refuses.
   */
  notYet?: string;
}

/**
 * Export menu of the list table: every row matching the current search and filters (not only the
 * page), with the visible columns, as PDF, CSV or Excel; a progress bar while pages arrive. A
 * declared entity's list passes its resource; a report page its report (the same path).
 */
export function ExportMenu({ resource, report }: { resource?: ResourceDeclaration; report?: ReportExport }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider() as unknown as ExportingProvider;
  const { sort, filterValues: shownFilter, total } = useListContext();
  // a report's export is its module's export action (export-report-<slug>)
  const { canAccess } = useCanAccess(
    report
      ? { resource: `export-report-${report.declaration.slug}`, action: 'access' }
      : { resource: resource!.name, action: 'export' },
  );
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  if (!canAccess || (resource && !resource.permissions.export)) return null;
  const collection = report ? report.declaration.api.slice(1) : resource!.name;
  const filterValues = report ? { ...shownFilter, ...report.declaration.fixedFilter } : shownFilter;
  const fileName = report ? report.declaration.slug : resource!.name;
  const toTable = (rows: RecordLike[]) =>
    report
      ? {
          title: translate(report.declaration.title),
          headers: report.columns.map((c) => translate(c.label)),
          rows: rows.map((row) =>
            report.columns.map((c) => formatReportValue(c.type, row[c.name], translate, c.labels)),
          ),
        }
      : {
          title: translate(resource!.title),
          headers: resource!.list.map((name) => columnLabel(resource!, name, translate)),
          rows: rows.map((row) => resource!.list.map((name) => displayValue(resource!, name, row, translate))),
        };

  const run = async (format: ExportFormat) => {
    setAnchor(null);
    if (report?.notYet) {
      notify(report.notYet, { type: 'warning' });
      return;
    }
    setProgress({ done: 0, total: total ?? 0 });
    try {
      const rows = await fetchExportRows(dataProvider, collection, { sort, filter: filterValues }, (done, of) =>
        setProgress({ done, total: of }),
      );
      if (!rows.length) {
        notify('list.exportEmpty', { type: 'info' });
        return;
      }
      const blob = await exporters[format](toTable(rows));
      download(blob, exportFileName(fileName, format));
    } catch (error) {
      if (format === 'xlsx') console.error('Error exporting data to XLS', error);
      const message =
        (error as { body?: { message?: string }; message?: string }).body?.message ?? (error as Error).message;
      notify('list.exportFailed', { type: 'error', messageArgs: { message } });
    } finally {
      setProgress(null);
    }
  };

  return (
    <>
      <Button
        size="small"
        startIcon={<DownloadIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        disabled={Boolean(progress)}
      >
        {translate('list.export')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => run('pdf')}>{translate('list.exportPdf')}</MenuItem>
        <MenuItem onClick={() => run('csv')}>{translate('list.exportCsv')}</MenuItem>
        <MenuItem onClick={() => run('xlsx')}>{translate('list.exportExcel')}</MenuItem>
      </Menu>
      <Snackbar open={Boolean(progress)} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
        <Box
          role="progressbar"
          aria-label={translate('list.export')}
          sx={{ bgcolor: 'background.paper', p: 2, borderRadius: 1, boxShadow: 3, minWidth: 280 }}
        >
          <Typography variant="body2" gutterBottom>
            {translate('list.exporting', { done: progress?.done ?? 0, total: progress?.total ?? 0 })}
          </Typography>
          <LinearProgress
            variant={progress?.total ? 'determinate' : 'indeterminate'}
            value={progress?.total ? (100 * progress.done) / progress.total : 0}
          />
        </Box>
      </Snackbar>
    </>
  );
}
