/** The report's chart above the table (its own chunk: @mui/x-charts loads with it). */
import { Box, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { useTranslate } from 'react-admin';
import type { ReportChart as ChartDeclaration } from '../../resources/reports/define.ts';
import { formatChartKey, formatReportValue, shownNumber } from '../../resources/reports/format.ts';
import { categoryXAxis, DEFAULT_X_AXIS_HEIGHT, useLabelFit, valueYAxisWidth } from '../charts/axes.ts';
import type { ChartRow } from './api.ts';

export function ReportChart({ chart, rows }: { chart: ChartDeclaration; rows: ChartRow[] }) {
  const translate = useTranslate();
  const [measured, fit] = useLabelFit();
  const keys = rows.map((r) => formatChartKey(chart.keyType, r.key, translate, chart.keyLabels));
  // plotted in the unit the table shows (km, not the API's metres); the tooltip formats the row's own value as the table does
  const series = chart.series.map((s) => ({
    data: rows.map((r) => shownNumber(s.type, r[s.name]) ?? 0),
    label: translate(s.label),
    valueFormatter: (_: number | null, { dataIndex }: { dataIndex: number }) =>
      formatReportValue(s.type, rows[dataIndex]?.[s.name], translate),
  }));
  // counts have whole ticks: no 0.5 alerts; durations are plotted in hours, and their axis says so
  const hours = chart.series.every((s) => s.type === 'duration');
  const hoursLabel = (hours: number) => translate('reports.hoursAxis', { hours });
  const largest = Math.max(0, ...series.flatMap((s) => s.data));
  const yAxis = [
    {
      tickMinStep: chart.series.every((s) => s.type === 'count') ? 1 : undefined,
      width: valueYAxisWidth(fit, largest, hours ? hoursLabel : undefined),
      ...(hours ? { valueFormatter: hoursLabel } : {}),
    },
  ];
  // every key under its bar or point, turned when they would overlap (axes.ts)
  const fitted = categoryXAxis(fit, keys, yAxis[0]!.width);
  const xAxis = { data: keys, ...fitted.axis };
  // turned labels take their room below the plot, not out of it
  const plotHeight = 240 + xAxis.height - DEFAULT_X_AXIS_HEIGHT;
  return (
    <Box role="figure" aria-label={translate(chart.title)} sx={{ px: 2, pt: 2 }}>
      <Typography variant="subtitle1">{translate(chart.title)}</Typography>
      <Box ref={measured}>
        {!rows.length ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {translate('reports.noChartData')}
          </Typography>
        ) : chart.kind === 'pie' ? (
          <PieChart
            height={240}
            series={[
              {
                data: rows.map((r, i) => ({
                  id: r.key,
                  value: shownNumber(chart.series[0]!.type, r[chart.series[0]!.name]) ?? 0,
                  label: keys[i],
                })),
              },
            ]}
          />
        ) : chart.kind === 'line' ? (
          <LineChart
            height={plotHeight}
            margin={fitted.margin}
            xAxis={[{ ...xAxis, scaleType: 'point' }]}
            yAxis={yAxis}
            series={series}
            skipAnimation
          />
        ) : (
          <BarChart
            height={plotHeight}
            margin={fitted.margin}
            xAxis={[{ ...xAxis, scaleType: 'band', categoryGapRatio: keys.length < 4 ? 0.6 : 0.3 }]}
            yAxis={yAxis}
            series={series}
            skipAnimation
          />
        )}
      </Box>
    </Box>
  );
}
