/**
 * The dashboards' charts (@mui/x-charts), a chunk of its own: loaded only when a charts dashboard
 * opens. A click on a day or an alert type opens the report behind it for that day or type.
 */
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { Box, Card, CardContent, Link as MuiLink, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { formatDate } from '../../core/format/date.ts';
import {
  categoryXAxis,
  categoryYAxisWidth,
  DEFAULT_X_AXIS_HEIGHT,
  levelXAxis,
  useLabelFit,
  valueYAxisWidth,
  type LabelFit,
} from '../charts/axes.ts';
import { dayPeriod, type Charts } from './data.ts';
import { useOpens, useReportLink } from './useOpens.ts';

export type ChartKind = 'distance' | 'utilisation' | 'alerts' | 'offline' | 'fitments';

const HEIGHT = 260;
/**
 * A value axis from 0, as wide as its numbers; up to 1 while every value is 0 (else the axis has no scale and
 * its labels read "0.0...").
 */
const fromZero = (fit: LabelFit, values: (number | null)[], extra: Record<string, unknown> = {}) => ({
  min: 0,
  width: valueYAxisWidth(fit, Math.max(1, ...values.map((v) => v ?? 0))),
  ...(values.some((v) => (v ?? 0) > 0) ? {} : { max: 1 }),
  ...extra,
});
/** dd/MM of a yyyy-MM-dd day: short enough for a month of bars at 390 px. */
const dayLabel = (day: string) => formatDate(`${day}T12:00:00+05:30`).slice(0, 5);

/** A chart, drawn by `children` to the card's width, and, when the user may open it, a link to the page behind it. */
function ChartCard({
  kind,
  title,
  link,
  children,
}: {
  kind: ChartKind;
  title: string;
  link?: string;
  children: (fit: LabelFit) => React.ReactNode;
}) {
  const translate = useTranslate();
  const [measured, fit] = useLabelFit();
  return (
    <Card component="section" aria-label={title} data-testid={`chart-${kind}`} sx={{ minWidth: 0 }}>
      <CardContent>
        <Box
          sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}
        >
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {link && (
            <MuiLink component={Link} to={link} variant="body2" data-testid={`open-${kind}`}>
              {translate('dashboard.openReport')}
            </MuiLink>
          )}
        </Box>
        <Box ref={measured}>{children(fit)}</Box>
      </CardContent>
    </Card>
  );
}

/** One chart per kind asked for, over the days of `charts`; `filter` is the period as report links carry it. */
export function DashboardCharts({
  charts,
  kinds,
  filter,
}: {
  charts: Charts;
  kinds: ChartKind[];
  filter: Record<string, string>;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const days = charts.days.map((d) => d.key);
  const dayLabels = days.map(dayLabel);
  /** The days under a chart whose value axis is `valueAxis`, turned when they would overlap; the chart's height and margin. */
  const byDay = <Axis extends { width: number }>(fit: LabelFit, valueAxis: Axis) => {
    const fitted = categoryXAxis(fit, dayLabels, valueAxis.width);
    const axis = { data: days, scaleType: 'band' as const, valueFormatter: dayLabel, ...fitted.axis };
    return {
      xAxis: [axis],
      yAxis: [valueAxis],
      height: HEIGHT + axis.height - DEFAULT_X_AXIS_HEIGHT,
      margin: fitted.margin,
    };
  };
  const distances = charts.days.map((d) => Math.round((d.distanceMeters ?? 0) / 100) / 10);
  const fitments = charts.days.map((d) => d.fitments ?? 0);
  // a chart opens the page behind it only for a user who may open that page
  const links = {
    'daily-run-summary': useReportLink('daily-run-summary'),
    'daily-vehicle-operation-report': useReportLink('daily-vehicle-operation-report'),
    offline: useReportLink('offline'),
    alert: useReportLink('alert'),
  };
  type Slug = keyof typeof links;
  const opensFitments = useOpens('fitment');
  const linkTo = (slug: Slug, period: Record<string, string>) => links[slug](period);
  const openDay = (slug: Slug) =>
    linkTo(slug, filter)
      ? (_event: unknown, axis: { dataIndex?: number } | null) => {
          const day = axis?.dataIndex === undefined ? undefined : days[axis.dataIndex];
          const period = day && dayPeriod(day);
          const to = period && links[slug](period);
          if (to) navigate(to);
        }
      : undefined;
  const byKind: Record<ChartKind, () => React.ReactNode> = {
    distance: () => (
      <ChartCard
        key="distance"
        kind="distance"
        title={translate('dashboard.charts.distance')}
        link={linkTo('daily-run-summary', filter)}
      >
        {(fit) => (
          <BarChart
            {...byDay(fit, fromZero(fit, distances))}
            hideLegend
            skipAnimation
            onAxisClick={openDay('daily-run-summary')}
            series={[{ data: distances, label: translate('dashboard.charts.distance'), color: '#1976d2' }]}
          />
        )}
      </ChartCard>
    ),
    utilisation: () => (
      <ChartCard
        key="utilisation"
        kind="utilisation"
        title={translate('dashboard.charts.utilisation')}
        link={linkTo('daily-vehicle-operation-report', filter)}
      >
        {(fit) => (
          <>
            <Typography variant="body2" color="text.secondary">
              {translate('dashboard.charts.fleetSize', { count: charts.vehicles })}
            </Typography>
            <LineChart
              {...byDay(fit, { min: 0, max: 100, width: valueYAxisWidth(fit, 100) })}
              hideLegend
              skipAnimation
              onAxisClick={openDay('daily-vehicle-operation-report')}
              series={[
                {
                  data: charts.days.map((d) => d.utilisation ?? null),
                  label: translate('dashboard.charts.utilisation'),
                  color: '#2e7d32',
                  area: true,
                  connectNulls: true,
                },
              ]}
            />
          </>
        )}
      </ChartCard>
    ),
    offline: () => (
      <ChartCard
        key="offline"
        kind="offline"
        title={translate('dashboard.charts.offline')}
        link={linkTo('offline', filter)}
      >
        {(fit) => (
          <>
            <Typography variant="body2" color="text.secondary">
              {translate('dashboard.charts.fleetSize', { count: charts.vehicles })}
            </Typography>
            <BarChart
              {...byDay(fit, {
                min: 0,
                max: Math.max(1, charts.vehicles ?? 0),
                width: valueYAxisWidth(fit, Math.max(1, charts.vehicles ?? 0)),
                tickMinStep: 1,
              })}
              hideLegend
              skipAnimation
              onAxisClick={openDay('offline')}
              series={[
                {
                  data: charts.days.map((d) => d.offlineVehicles ?? 0),
                  label: translate('dashboard.charts.offline'),
                  color: '#757575',
                },
              ]}
            />
          </>
        )}
      </ChartCard>
    ),
    fitments: () =>
      charts.days.some((d) => d.fitments !== undefined) && (
        <ChartCard
          key="fitments"
          kind="fitments"
          title={translate('dashboard.charts.fitments')}
          link={opensFitments ? '/fitment' : undefined}
        >
          {(fit) => (
            <BarChart
              {...byDay(fit, fromZero(fit, fitments, { tickMinStep: 1 }))}
              hideLegend
              skipAnimation
              onAxisClick={opensFitments ? () => navigate('/fitment') : undefined}
              series={[{ data: fitments, label: translate('dashboard.charts.fitments'), color: '#ed6c02' }]}
            />
          )}
        </ChartCard>
      ),
    alerts: () => {
      const types = charts.alertsByType ?? [];
      const typeName = (type: string) => translate(`tracking.events.${type}`, { _: type });
      return (
        <ChartCard
          key="alerts"
          kind="alerts"
          title={translate('dashboard.charts.alerts')}
          link={linkTo('alert', filter)}
        >
          {(fit) =>
            types.length === 0 ? (
              <Typography color="text.secondary" sx={{ py: 2 }}>
                {translate('dashboard.noAlerts')}
              </Typography>
            ) : (
              <BarChart
                height={Math.max(HEIGHT, 36 * types.length + 40) + levelXAxis(fit).height - DEFAULT_X_AXIS_HEIGHT}
                layout="horizontal"
                hideLegend
                skipAnimation
                yAxis={[
                  {
                    data: types.map((t) => t.key),
                    scaleType: 'band',
                    // the names in full, but no more than 40% of a phone's card
                    width: categoryYAxisWidth(
                      fit,
                      types.map((t) => typeName(t.key)),
                      fit.width ? fit.width * 0.4 : 130,
                    ),
                    valueFormatter: typeName,
                  },
                ]}
                // the counts under the bars: an axis as high as its numbers (axes.ts)
                xAxis={[{ min: 0, tickMinStep: 1, ...levelXAxis(fit) }]}
                onAxisClick={
                  linkTo('alert', filter)
                    ? (_e, axis) => {
                        const type = axis?.dataIndex === undefined ? undefined : types[axis.dataIndex]?.key;
                        const to = type && links.alert({ ...filter, type });
                        if (to) navigate(to);
                      }
                    : undefined
                }
                series={[
                  { data: types.map((t) => t.count), label: translate('dashboard.charts.alerts'), color: '#d32f2f' },
                ]}
              />
            )
          }
        </ChartCard>
      );
    },
  };
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}>
      {kinds.filter((kind) => kind === 'fitments' || charts.vehicles !== null).map((kind) => byKind[kind]())}
    </Box>
  );
}
