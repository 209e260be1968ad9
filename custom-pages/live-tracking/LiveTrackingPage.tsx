import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  Box,
  Card,
  Chip,
  FormControlLabel,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import { useNotify, useTranslate } from 'react-admin';
import { BaseMap } from '../../src/map/BaseMap.tsx';
import { VehicleLayer, type VehiclePoint } from '../../src/map/VehicleLayer.tsx';
import { STATE_COLOURS } from '../../src/map/stateColours.ts';
import {
  useLiveEvents,
  useLiveFleet,
  useLiveValue,
  type LiveAlert,
  type LiveVehicle,
} from '../../src/live/useLiveFleet.ts';
import { apiCall } from '../../providers/httpClient.ts';
import { Telemetry, type TrackedVehicle } from './Telemetry.tsx';
import { playAlarm } from '../../src/live/alarm.ts';
import { ShareButton } from '../../src/live/ShareButton.tsx';
import { LiveViewport } from '../../src/live/LiveViewport.tsx';
import { FitPlaces, FollowPlace } from '../../src/map/MapCamera.tsx';
import { GeofenceLayer } from '../../src/map/GeofenceLayer.tsx';
import { placesOf, RoutePath } from '../../src/map/RoutePath.tsx';
import { PageHeader } from '../../src/layout/PageHeader.tsx';

const LIST_LIMIT = 200;
const TRAIL_POINTS = 300;

/** The list re-renders at most this often: with thousands of vehicles, every update would be too many. */
const LIST_REFRESH_MS = 2000;

/** The searchable vehicle list beside the map. */
const VehicleList = memo(function VehicleList({
  search,
  selectedId,
  onSelect,
}: {
  search: string;
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const translate = useTranslate();
  const { vehicles, version } = useLiveFleet(undefined, undefined, { refreshMs: LIST_REFRESH_MS });
  const matching = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return [...vehicles.values()].filter(
      (v) => !needle || v.registrationNumber.toLowerCase().includes(needle) || v.name.toLowerCase().includes(needle),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version, search, vehicles]);
  return (
    <List dense sx={{ overflow: 'auto', flex: 1 }} aria-label={translate('tracking.live.search')}>
      {matching.slice(0, LIST_LIMIT).map((v) => (
        <ListItemButton key={v.vehicleId} selected={v.vehicleId === selectedId} onClick={() => onSelect(v.vehicleId)}>
          <Box
            sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: STATE_COLOURS[v.status], mr: 1, flexShrink: 0 }}
          />
          <ListItemText
            primary={v.registrationNumber}
            secondary={`${translate(`tracking.states.${v.status}`)} · ${Math.round(v.speed)} km/h`}
          />
        </ListItemButton>
      ))}
      {matching.length > LIST_LIMIT && (
        <Typography variant="caption" sx={{ px: 2 }} color="text.secondary">
          {translate('tracking.live.more', { count: matching.length - LIST_LIMIT })}
        </Typography>
      )}
    </List>
  );
});

/** The fleet on the map: the one part of the page that follows every move (once per animation frame). */
function LiveVehicles({ selectedId, onSelect }: { selectedId: string | null; onSelect: (id: string) => void }) {
  const { vehicles, version } = useLiveFleet();
  const points = useMemo<VehiclePoint[]>(
    () =>
      [...vehicles.values()]
        .filter((v) => v.latitude !== null && v.longitude !== null)
        .map((v) => ({
          id: v.vehicleId,
          latitude: v.latitude!,
          longitude: v.longitude!,
          heading: v.heading,
          status: v.status,
          label: v.registrationNumber,
        })),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [version],
  );
  return <VehicleLayer points={points} selectedId={selectedId} onSelect={onSelect} version={version} />;
}

/**
 * Live tracking: every visible vehicle on a canvas map (clustered when zoomed out), a searchable
 * list, the selected vehicle's telemetry, its trail and follow mode, and a sound and a message on SOS.
 */
export function LiveTrackingPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('vehicleId');
  const [search, setSearch] = useState('');
  const [follow, setFollow] = useState(true);
  const [details, setDetails] = useState<(TrackedVehicle & { health?: Record<string, unknown> | null }) | null>(null);
  const [trail, setTrail] = useState<{ vehicleId: string | null; points: [number, number][] }>({
    vehicleId: null,
    points: [],
  });
  const selectedRef = useRef(selectedId);
  useEffect(() => {
    selectedRef.current = selectedId;
  }, [selectedId]);
  const [fullscreen, setFullscreen] = useState(false);
  const frame = useRef<HTMLDivElement>(null);

  const onAlert = useCallback(
    (alert: LiveAlert, vehicle: LiveVehicle | undefined) => {
      const name = vehicle?.registrationNumber ?? '';
      if (alert.type === 'SOS') {
        playAlarm();
        notify(translate('tracking.live.sos', { vehicle: name }), { type: 'error', autoHideDuration: 15_000 });
      } else if (alert.vehicleId === selectedId) {
        notify(translate('tracking.live.alert', { vehicle: name, type: translate(`tracking.events.${alert.type}`) }), {
          type: 'warning',
        });
      }
    },
    [notify, translate, selectedId],
  );
  // the trail: where the selected vehicle has been since it was chosen
  const onUpdate = useCallback(
    (update: { positions: { vehicleId: string; latitude: number | null; longitude: number | null }[] }) => {
      const id = selectedRef.current;
      const moved = update.positions.find((p) => p.vehicleId === id && p.latitude !== null && p.longitude !== null);
      if (!id || !moved) return;
      const point: [number, number] = [moved.latitude!, moved.longitude!];
      setTrail((previous) =>
        previous.vehicleId === id
          ? { vehicleId: id, points: [...previous.points.slice(-TRAIL_POINTS + 1), point] }
          : { vehicleId: id, points: [point] },
      );
    },
    [],
  );
  useLiveEvents(onAlert, onUpdate);
  // the page itself re-renders only when these change, not on every move of every vehicle
  const connected = useLiveValue((fleet) => fleet.connected);
  const count = useLiveValue((fleet) => fleet.vehicles.size);
  const vehicles = useLiveValue((fleet) => fleet.vehicles);
  const selected = useLiveValue((fleet) => (selectedId ? fleet.vehicles.get(selectedId) : undefined));

  // framed once, from the snapshot: worked out again only when a new snapshot replaces the fleet
  const fleetPlaces = useMemo(
    () =>
      placesOf(
        [...vehicles.values()].filter(
          (v): v is LiveVehicle & { latitude: number; longitude: number } =>
            v.latitude !== null && v.longitude !== null,
        ),
      ),
    [vehicles],
  );
  const select = useCallback((id: string) => setParams({ vehicleId: id }, { replace: true }), [setParams]);

  // the selected vehicle's full record, again whenever it moves (at most every two seconds)
  const lastLoad = useRef(0);
  const selectedFix = selected?.fixTime;
  useEffect(() => {
    if (!selectedId) return;
    const wait = Math.max(0, 2000 - (Date.now() - lastLoad.current));
    const timer = setTimeout(() => {
      lastLoad.current = Date.now();
      apiCall<{ data: TrackedVehicle & { health?: Record<string, unknown> | null } }>(
        `/vehicle/position/track?vehicleId=${selectedId}`,
      ).then(
        (answer) => setDetails(answer.data),
        () => setDetails(null),
      );
    }, wait);
    return () => clearTimeout(timer);
  }, [selectedId, selectedFix]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === frame.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frame.current?.requestFullscreen();
  };

  const followPosition =
    follow && selected && selected.latitude !== null && selected.longitude !== null
      ? ([selected.latitude, selected.longitude] as [number, number])
      : null;

  return (
    // on a phone the map comes first, full width, with the list and the telemetry below it
    <Box
      ref={frame}
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', md: 'row' },
        gap: 1,
        mt: 1,
        bgcolor: 'background.default',
        height: fullscreen ? '100vh' : { xs: 'auto', md: 'calc(100vh - 120px)' },
        overflow: fullscreen ? 'auto' : undefined,
      }}
    >
      <PageHeader title="menu.liveTracking" appBarOnly />
      <Card
        sx={{
          width: { xs: 'auto', md: 260 },
          maxHeight: { xs: '45vh', md: 'none' },
          display: 'flex',
          flexDirection: 'column',
          flexShrink: 0,
        }}
      >
        <Box sx={{ p: 1 }}>
          <TextField
            size="small"
            fullWidth
            label={translate('tracking.live.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
            <Chip
              size="small"
              color={connected ? 'success' : 'default'}
              label={translate(connected ? 'tracking.vehicleStatus.live' : 'tracking.vehicleStatus.reconnecting')}
            />
            <Typography variant="caption" color="text.secondary">
              {count}
            </Typography>
          </Box>
        </Box>
        <VehicleList search={search} selectedId={selectedId} onSelect={select} />
      </Card>
      <Box
        sx={{
          flex: { xs: 'none', md: 1 },
          height: { xs: fullscreen ? '100vh' : '60vh', md: 'auto' },
          order: { xs: -1, md: 0 },
          position: 'relative',
          minWidth: 0,
        }}
      >
        <BaseMap height="100%" overlays={<GeofenceLayer />}>
          <LiveVehicles selectedId={selectedId} onSelect={select} />
          <LiveViewport focusId={selectedId} />
          {trail.vehicleId === selectedId && <RoutePath places={trail.points} opacity={0.7} />}
          <FollowPlace place={followPosition} />
          {/* the fleet framed once, when the first snapshot arrives */}
          {!selectedId && <FitPlaces places={fleetPlaces} once padding={40} maxZoom={15} />}
        </BaseMap>
        <Box
          sx={{
            position: 'absolute',
            top: 10,
            left: 54,
            zIndex: 1000,
            display: 'flex',
            gap: 1,
            bgcolor: 'background.paper',
            borderRadius: 1,
            px: 1,
          }}
        >
          <FormControlLabel
            control={<Switch size="small" checked={follow} onChange={(e) => setFollow(e.target.checked)} />}
            label={translate('tracking.live.follow')}
          />
          <Tooltip title={translate(fullscreen ? 'tracking.live.exitFullscreen' : 'tracking.live.fullscreen')}>
            <IconButton
              size="small"
              onClick={toggleFullscreen}
              aria-label={translate(fullscreen ? 'tracking.live.exitFullscreen' : 'tracking.live.fullscreen')}
            >
              {fullscreen ? <FullscreenExitIcon /> : <FullscreenIcon />}
            </IconButton>
          </Tooltip>
        </Box>
      </Box>
      <Card sx={{ width: { xs: 'auto', md: 300 }, p: 2, overflow: 'auto', flexShrink: 0 }} aria-live="polite">
        {details && details.vehicleId === selectedId ? (
          <>
            <Telemetry vehicle={{ ...details, status: selected?.status ?? details.status }} health={details.health} />
            <ShareButton kind="live" vehicleId={details.vehicleId} />
          </>
        ) : (
          <Typography color="text.secondary">{translate('tracking.live.choose')}</Typography>
        )}
      </Card>
    </Box>
  );
}
