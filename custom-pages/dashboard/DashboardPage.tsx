/**
 * /dashboard: the fleet now (vehicles by state) and today (distance, running time, alerts, the
 * furthest vehicles), devices, fitments and stock for the roles that hold those modules. A figure
 * opens the list or report behind it with the matching filter when the user may open that page (the
 * routes' own check), else it is plain text; the figures are read again when the live socket reports
 * (at most every 10 s).
 */
import { useState } from 'react';
import {
  Box,
  Card,
  Chip,
  Link as MuiLink,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useCanAccess, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../src/layout/PageHeader.tsx';
import { STATE_COLOURS } from '../../src/map/stateColours.ts';
import { formatClock } from '../../core/format/duration.ts';
import { VEHICLE_STATES } from '../../resources/tracking.ts';
import { DEVICE_STATUSES } from '../../resources/entities/device.ts';
import { ITEM_STATUSES } from '../../resources/entities/item.ts';
import { ACTIVATION_STATUSES } from '../../resources/entities/fitment.ts';
import { useFigures, withFilter, type FitmentCounts, type StockCounts, type Summary } from './data.ts';
import { FigureSection, FreshnessBar, km, type Figure } from './Figures.tsx';
import { LiveRefresh } from './useLiveRefresh.ts';
import { useOpens, useReportLink } from './useOpens.ts';

const TODAY = { preset: 'today' };

/** A link where the user may go, else the same text without one. */
function OptionalLink({ to, children }: { to: string | undefined; children: React.ReactNode }) {
  return to ? (
    <MuiLink component={Link} to={to}>
      {children}
    </MuiLink>
  ) : (
    <Typography variant="body2" component="span">
      {children}
    </Typography>
  );
}

function TopVehicles({ rows }: { rows: NonNullable<Summary['today']>['topVehicles'] }) {
  const translate = useTranslate();
  const runSummary = useReportLink('daily-run-summary');
  return (
    <Card variant="outlined" sx={{ mt: 1, overflowX: 'auto' }}>
      <Typography variant="subtitle1" component="h3" sx={{ px: 2, pt: 1.5 }}>
        {translate('dashboard.cards.topVehicles')}
      </Typography>
      {rows.length === 0 && (
        <Typography color="text.secondary" sx={{ px: 2, py: 1.5 }}>
          {translate('dashboard.noTrips')}
        </Typography>
      )}
      {rows.length > 0 && (
        <Table size="small" aria-label={translate('dashboard.cards.topVehicles')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('dashboard.columns.vehicle')}</TableCell>
              <TableCell align="right">{translate('dashboard.columns.distance')}</TableCell>
              <TableCell align="right">{translate('dashboard.columns.running')}</TableCell>
              <TableCell align="right">{translate('dashboard.columns.maxSpeed')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.vehicleId}>
                <TableCell>
                  <OptionalLink to={runSummary({ ...TODAY, vehicleId: row.vehicleId })}>
                    {row.registrationNumber}
                  </OptionalLink>
                  <Typography variant="body2" color="text.secondary" component="span" sx={{ ml: 1 }}>
                    {row.name}
                  </Typography>
                </TableCell>
                <TableCell align="right">{translate('dashboard.km', { value: km(row.distanceMeters) })}</TableCell>
                <TableCell align="right">{formatClock(row.runningSeconds)}</TableCell>
                <TableCell align="right">{translate('dashboard.kmh', { value: Math.round(row.maxSpeed) })}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}

/** Fitments by activation status: today, this month and all, each a link to the fitment list with that status. */
function FitmentSection() {
  const translate = useTranslate();
  const counts = useFigures<FitmentCounts>('/erp/fitment-counts');
  const figures: Figure[] = (['today', 'thisMonth', 'total'] as const).map((period) => ({
    key: `fitments-${period}`,
    label: translate(`dashboard.fitmentPeriods.${period}`),
    value: counts.data ? counts.data[period].total : null,
    to: '/fitment',
  }));
  return (
    <FigureSection title={translate('dashboard.cards.fitments')} figures={figures}>
      {counts.data && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
          {ACTIVATION_STATUSES.map((status) => (
            <Chip
              key={status}
              component={Link}
              to={withFilter('/fitment', { activationStatus: status })}
              clickable
              data-testid={`fitments-${status}`}
              label={`${translate(`fitment.statuses.${status}`)}: ${counts.data!.total[status]}`}
            />
          ))}
        </Box>
      )}
    </FigureSection>
  );
}

function StockSection() {
  const translate = useTranslate();
  const counts = useFigures<StockCounts>('/erp/stock-counts');
  if (!counts.data?.items) return null;
  const items = counts.data.items;
  return (
    <FigureSection
      title={translate('dashboard.cards.stock')}
      figures={ITEM_STATUSES.map((status) => ({
        key: `items-${status}`,
        label: translate(`dashboard.itemStatuses.${status}`),
        value: items[status],
        to: withFilter('/item', { status }),
      }))}
    />
  );
}

export function DashboardPage() {
  const translate = useTranslate();
  const summary = useFigures<Summary>('/dashboard/summary');
  const [live, setLive] = useState(false);
  // the live socket admits vehicle status and live tracking users; the fitment and item figures are their modules'
  const { canAccess: canStatus } = useCanAccess({ resource: 'vehicle-status', action: 'access' });
  const { canAccess: canLive } = useCanAccess({ resource: 'live-tracking', action: 'access' });
  const { canAccess: canFitment } = useCanAccess({ resource: 'fitment', action: 'access' });
  const { canAccess: canItems } = useCanAccess({ resource: 'management-item', action: 'access' });
  // the pages the figures open; a figure whose page the role lacks is shown without a link
  const opensStatus = canStatus === true;
  const opensDevices = useOpens('management-device');
  const runSummary = useReportLink('daily-run-summary');
  const operation = useReportLink('daily-vehicle-operation-report');
  const alerts = useReportLink('alert');
  const data = summary.data;
  const today = data?.today;
  // the server answers the fleet's figures only to a role that sees the fleet; others get none of them
  const showsFleet = data ? data.vehicles !== null : canStatus === true || canLive === true;

  const vehicles: Figure[] = (['total', ...VEHICLE_STATES] as const).map((state) => ({
    key: `vehicles-${state}`,
    label: translate(`tracking.states.${state}`),
    value: data?.vehicles ? data.vehicles[state] : null,
    to: !opensStatus
      ? undefined
      : state === 'total'
        ? '/vehicle-status'
        : withFilter('/vehicle-status', { status: state }),
    colour: state === 'total' ? undefined : STATE_COLOURS[state],
  }));
  const todayFigures: Figure[] = [
    {
      key: 'distance-today',
      label: translate('dashboard.cards.distanceToday'),
      value: today ? translate('dashboard.km', { value: km(today.distanceMeters) }) : null,
      to: runSummary(TODAY),
    },
    {
      key: 'running-today',
      label: translate('dashboard.cards.runningToday'),
      value: today ? formatClock(today.runningSeconds) : null,
      to: runSummary(TODAY),
    },
    {
      key: 'reporting-today',
      label: translate('dashboard.cards.reportingToday'),
      value: today ? today.reportingVehicles : null,
      to: operation(TODAY),
    },
    {
      key: 'alerts-today',
      label: translate('dashboard.cards.alertsToday'),
      value: today ? today.alerts : null,
      to: alerts(TODAY),
      colour: 'error.main',
    },
  ];

  return (
    <Box sx={{ pb: 3 }}>
      <PageHeader
        title="menu.dashboard"
        subtitle="dashboard.subtitles.dashboard"
        actions={<FreshnessBar live={live} at={summary.at} error={null} reload={summary.reload} />}
      />
      <FreshnessBar live={false} at={null} error={summary.error} reload={summary.reload} />
      {(canStatus || canLive) && <LiveRefresh reload={summary.reload} onConnected={setLive} />}
      {showsFleet && (
        <>
          <FigureSection title={translate('dashboard.cards.vehicles')} figures={vehicles} min={130} />
          <FigureSection title={translate('dashboard.cards.today')} figures={todayFigures} min={170}>
            {today && today.alertsByType.length > 0 && (
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
                {today.alertsByType.map((a) => {
                  const label = `${translate(`tracking.events.${a.key}`, { _: a.key })}: ${a.count}`;
                  const to = alerts({ ...TODAY, type: a.key });
                  return to ? (
                    <Chip key={a.key} size="small" component={Link} clickable to={to} label={label} />
                  ) : (
                    <Chip key={a.key} size="small" label={label} />
                  );
                })}
              </Box>
            )}
            {today && <TopVehicles rows={today.topVehicles} />}
          </FigureSection>
        </>
      )}
      {data?.devices && (
        <FigureSection
          title={translate('dashboard.cards.devices')}
          figures={(['total', ...DEVICE_STATUSES] as const).map((status) => ({
            key: `devices-${status}`,
            label: translate(`dashboard.deviceStatuses.${status}`),
            value: data.devices![status],
            to: !opensDevices
              ? undefined
              : status === 'total'
                ? '/management/device'
                : withFilter('/management/device', { status }),
          }))}
        />
      )}
      {canFitment && <FitmentSection />}
      {canItems && <StockSection />}
    </Box>
  );
}
