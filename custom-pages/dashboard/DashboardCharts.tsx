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
import { dayPeriod, type Charts } from './data.ts';
import { useOpens, useReportLink } from './useOpens.ts';

export type ChartKind = 'distance' | 'utilisation' | 'alerts' | 'offline' | 'fitments';

const HEIGHT = 260;
/** A value axis from 0; up to 1 while every value is 0 (else the axis has no scale and its labels read "0.0..."). */
const fromZero = (values: (number | null)[], extra: Record<string, unknown> = {}) => ({
  min: 0,
  width: 48,
  ...(values.some((v) => (v ?? 0) > 0) ? {} : { max: 1 }),
  ...extra,
});
/** dd/MM of a yyyy-MM-dd day: short enough for a month of bars at 390 px. */
const dayLabel = (day: string) => formatDate(`${day}T12:00:00+05:30`).slice(0, 5);

/** A chart and, when the user may open it, a link to the page behind it. */
function ChartCard({
  kind,
  title,
  link,
  children,
}: {
  kind: ChartKind;
  title: string;
  link?: string;
  children: React.ReactNode;
}) {
  const translate = useTranslate();
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
        {children}
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
  const xAxis = [{ data: days, scaleType: 'band' as const, valueFormatter: dayLabel }];
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
        <BarChart
          height={HEIGHT}
          xAxis={xAxis}
          yAxis={[fromZero(distances)]}
          hideLegend
          skipAnimation
          onAxisClick={openDay('daily-run-summary')}
          series={[{ data: distances, label: translate('dashboard.charts.distance'), color: '#1976d2' }]}
        />
      </ChartCard>
    ),
    utilisation: () => (
      <ChartCard
        key="utilisation"
        kind="utilisation"
        title={translate('dashboard.charts.utilisation')}
        link={linkTo('daily-vehicle-operation-report', filter)}
      >
        <Typography variant="body2" color="text.secondary">
          {translate('dashboard.charts.fleetSize', { count: charts.vehicles })}
        </Typography>
        <LineChart
          height={HEIGHT}
          xAxis={xAxis}
          yAxis={[{ min: 0, max: 100, width: 40 }]}
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
      </ChartCard>
    ),
    offline: () => (
      <ChartCard
        key="offline"
        kind="offline"
        title={translate('dashboard.charts.offline')}
        link={linkTo('offline', filter)}
      >
        <Typography variant="body2" color="text.secondary">
          {translate('dashboard.charts.fleetSize', { count: charts.vehicles })}
        </Typography>
        <BarChart
          height={HEIGHT}
          xAxis={xAxis}
          yAxis={[{ min: 0, max: Math.max(1, charts.vehicles ?? 0), width: 40, tickMinStep: 1 }]}
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
          <BarChart
            height={HEIGHT}
            xAxis={xAxis}
            yAxis={[fromZero(fitments, { tickMinStep: 1 })]}
            hideLegend
            skipAnimation
            onAxisClick={opensFitments ? () => navigate('/fitment') : undefined}
            series={[{ data: fitments, label: translate('dashboard.charts.fitments'), color: '#ed6c02' }]}
          />
        </ChartCard>
      ),
    alerts: () => {
      const types = charts.alertsByType ?? [];
      return (
        <ChartCard
          key="alerts"
          kind="alerts"
          title={translate('dashboard.charts.alerts')}
          link={linkTo('alert', filter)}
        >
          {types.length === 0 && (
            <Typography color="text.secondary" sx={{ py: 2 }}>
              {translate('dashboard.noAlerts')}
            </Typography>
          )}
          {types.length > 0 && (
            <BarChart
              height={Math.max(HEIGHT, 36 * types.length + 40)}
              layout="horizontal"
              hideLegend
              skipAnimation
              yAxis={[
                {
                  data: types.map((t) => t.key),
                  scaleType: 'band',
                  width: 130,
                  valueFormatter: (type: string) => translate(`tracking.events.${type}`, { _: type }),
                },
              ]}
              xAxis={[{ min: 0, tickMinStep: 1 }]}
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
          )}
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
