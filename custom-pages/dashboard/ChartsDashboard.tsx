/**
 * /dashboardv2 and /fleet-dashboard: charts over a chosen period, each leading to its report.
 * The period is kept in the address (?preset=thisWeek, or ?from=&to= yyyy-MM-dd) so a view can be
 * shared; the figures are read again when the live socket reports (at most every 10 s).
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { indianDayRange } from '../../core/format/date.ts';
import { Box, CircularProgress } from '@mui/material';
import { useCanAccess } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../src/layout/PageHeader.tsx';
import { PERIOD_PRESETS, type PeriodPresetName } from '../../resources/reports/define.ts';
import type { PresetName as PeriodPreset } from '../../resources/reports/period.ts';
import { useFigures, type Charts } from './data.ts';
import { FreshnessBar } from './Figures.tsx';
import { LiveRefresh } from './useLiveRefresh.ts';
import { PeriodPicker, periodOf, type ChosenPeriod } from './PeriodPicker.tsx';
import type { ChartKind } from './DashboardCharts.tsx';

const DashboardCharts = lazy(() => import('./DashboardCharts.tsx').then((m) => ({ default: m.DashboardCharts })));

/** The period in the address, or the default preset. */
function periodFromAddress(
  params: URLSearchParams,
  fallback: PeriodPreset,
): { preset: PeriodPresetName; period: ChosenPeriod } {
  const preset = params.get('preset') as PeriodPresetName | null;
  const from = params.get('from');
  const to = params.get('to');
  const start = from && indianDayRange(from);
  const end = to && indianDayRange(to);
  if (start && end) {
    return {
      preset: 'custom',
      period: { fromDay: from, toDay: to, filter: { from: start.from.toISOString(), to: end.to.toISOString() } },
    };
  }
  const chosen = preset && preset !== 'custom' && PERIOD_PRESETS.includes(preset) ? preset : fallback;
  return { preset: chosen, period: periodOf(chosen as PeriodPreset) };
}

function ChartsDashboard({ title, subtitle, kinds }: { title: string; subtitle: string; kinds: ChartKind[] }) {
  const [params, setParams] = useSearchParams();
  const { preset, period } = useMemo(() => periodFromAddress(params, 'thisWeek'), [params]);
  const charts = useFigures<Charts>(`/dashboard/charts?from=${period.fromDay}&to=${period.toDay}`);
  const [live, setLive] = useState(false);
  const { canAccess: canStatus } = useCanAccess({ resource: 'vehicle-status', action: 'access' });
  const { canAccess: canLive } = useCanAccess({ resource: 'live-tracking', action: 'access' });
  const choose = (next: PeriodPresetName, chosen: ChosenPeriod) => {
    setParams(next === 'custom' ? { from: chosen.fromDay, to: chosen.toDay } : { preset: next }, { replace: true });
  };
  return (
    <Box sx={{ pb: 3 }}>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={<FreshnessBar live={live} at={charts.at} error={null} reload={charts.reload} />}
      />
      {(canStatus || canLive) && <LiveRefresh reload={charts.reload} onConnected={setLive} />}
      <PeriodPicker value={preset} onChange={choose} />
      <FreshnessBar live={false} at={null} error={charts.error} reload={charts.reload} />
      {!charts.data && charts.loading && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress />
        </Box>
      )}
      {charts.data && (
        <Suspense
          fallback={
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
              <CircularProgress />
            </Box>
          }
        >
          <DashboardCharts charts={charts.data} kinds={kinds} filter={period.filter} />
        </Suspense>
      )}
    </Box>
  );
}

export function DashboardV2Page() {
  return (
    <ChartsDashboard
      title="menu.dashboardV2"
      subtitle="dashboard.subtitles.v2"
      kinds={['distance', 'alerts', 'utilisation']}
    />
  );
}

export function FleetDashboardPage() {
  return (
    <ChartsDashboard
      title="menu.fleetDashboard"
      subtitle="dashboard.subtitles.fleet"
      kinds={['offline', 'utilisation', 'fitments', 'alerts']}
    />
  );
}
