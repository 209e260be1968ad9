import { useEffect, useMemo, useRef } from 'react';
import { Box, Card, CardActionArea, Typography } from '@mui/material';
import { useRefresh, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ResourceList } from '../../src/resources/ResourceList.tsx';
import vehicleStatuses from '../../resources/vehicle-statuses.ts';
import { VEHICLE_STATES, type VehicleState } from '../../resources/tracking.ts';
import { STATE_COLOURS } from '../../src/map/stateColours.ts';
import { useLiveFleet } from '../../src/live/useLiveFleet.ts';

/** The table is read again at most this often while vehicles report. */
const REFRESH_MS = 1000;

/** Counts by state from the live feed: they change the moment a frame is stored. */
function StateCounts({ counts }: { counts: Record<VehicleState | 'total', number> | null }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const open = (state: VehicleState | 'total') =>
    navigate(
      state === 'total'
        ? '/vehicle-status'
        : `/vehicle-status?filter=${encodeURIComponent(JSON.stringify({ status: state }))}`,
    );
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))', gap: 1, mb: 2 }}
      role="list"
      aria-label={translate('menu.vehicleStatus')}
    >
      {(['total', ...VEHICLE_STATES] as const).map((state) => (
        <Card
          key={state}
          role="listitem"
          sx={{ borderTop: 4, borderColor: state === 'total' ? 'primary.main' : STATE_COLOURS[state] }}
        >
          <CardActionArea onClick={() => open(state)} sx={{ p: 1.5 }}>
            <Typography variant="h5" component="p" data-testid={`count-${state}`} aria-busy={!counts}>
              {counts ? counts[state] : '–'}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate(`tracking.states.${state}`)}
            </Typography>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}

/** Re-reads the table while the live feed reports movement, at most once a REFRESH_MS. */
function RefreshOnUpdates({ version }: { version: number }) {
  const refresh = useRefresh();
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (!version || timer.current) return;
    const wait = Math.max(0, REFRESH_MS - (Date.now() - last.current));
    timer.current = setTimeout(() => {
      timer.current = null;
      last.current = Date.now();
      refresh();
    }, wait);
  }, [version, refresh]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return null;
}

/** How often the counts follow the live fleet: a glance at totals needs no more. */
const COUNTS_REFRESH_MS = 1000;

/** The counts by state, live; the one part of the page that follows the socket, so the table is not drawn again on every move. */
function LiveCounts() {
  const fleet = useLiveFleet(undefined, undefined, { refreshMs: COUNTS_REFRESH_MS });
  // until the first snapshot arrives the counts are unknown, not zero
  const counts = useMemo(() => {
    if (!fleet.loaded) return null;
    const result = { total: fleet.vehicles.size, running: 0, idle: 0, stopped: 0, offline: 0, noData: 0 };
    for (const vehicle of fleet.vehicles.values()) result[vehicle.status] += 1;
    return result;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fleet.version]);
  return (
    <>
      <Box sx={{ mt: 2 }}>
        <StateCounts counts={counts} />
      </Box>
      <RefreshOnUpdates version={fleet.version} />
    </>
  );
}

/** The first screen after sign-in: counts by state, then every visible vehicle with its actions. */
export function VehicleStatusPage() {
  return (
    <>
      <LiveCounts />
      <ResourceList resource={vehicleStatuses} />
    </>
  );
}
