import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  IconButton,
  MenuItem,
  Slider,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import PauseIcon from '@mui/icons-material/Pause';
import { useDataProvider, useTranslate } from 'react-admin';
import { Tooltip as MapTooltip } from 'react-leaflet';
import { FitPlaces } from '../../src/map/MapCamera.tsx';
import { PlaceMarker, placesOf, RoutePath, StopMarkers } from '../../src/map/RoutePath.tsx';
import { BaseMap } from '../../src/map/BaseMap.tsx';
import { apiCall } from '../../providers/httpClient.ts';
import { errorMessage } from '../../src/pages/auth/useFormCall.tsx';
import { formatDate, formatDateTime, parseIndianDate } from '../../core/format/date.ts';
import { presetSoFar, type PresetName as PeriodPreset } from '../../resources/reports/period.ts';
import { positionAt, TRACK_COLOURS, withAllPages, type PlaybackPage, type Track } from './playback.ts';
import { SpeedChart } from './SpeedChart.tsx';
import { ShareButton } from '../../src/live/ShareButton.tsx';
import { PageHeader } from '../../src/layout/PageHeader.tsx';

interface VehicleOption {
  id: string;
  registrationNumber: string;
  name: string;
}

const SPEEDS = [1, 10, 30, 60, 120, 300];

/**
 * Route playback: one or several vehicles over a period (presets or dd/MM/yyyy dates, Asia/Kolkata),
 * their paths and stops, a marker per vehicle driven by a clock (play, pause, speed, slider) and a
 * speed chart whose cursor follows the clock.
 */
export function RoutePlaybackPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const [params] = useSearchParams();
  const [options, setOptions] = useState<VehicleOption[]>([]);
  const [chosen, setChosen] = useState<VehicleOption[]>([]);
  const [preset, setPreset] = useState<PeriodPreset | 'custom'>('today');
  const [fromText, setFromText] = useState(() => formatDate(Date.now()));
  const [toText, setToText] = useState(() => formatDate(Date.now()));
  const [tracks, setTracks] = useState<Track[]>([]);
  const paths = useMemo(() => tracks.map((track) => placesOf(track.points)), [tracks]);
  const allPlaces = useMemo(() => paths.flat(), [paths]);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [time, setTime] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(60);
  const [search, setSearch] = useState('');
  const [shownPeriod, setShownPeriod] = useState<{ from: string; to: string } | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      dataProvider
        .getList<VehicleOption>('vehicle/statuses', {
          pagination: { page: 1, perPage: 25 },
          sort: { field: 'registrationNumber', order: 'ASC' },
          filter: search ? { q: search } : {},
        })
        .then(
          ({ data }) => setOptions(data),
          () => setOptions([]),
        );
    }, 250);
    return () => clearTimeout(timer);
  }, [dataProvider, search]);

  // arriving from Vehicle Status with ?vehicleId=
  const wanted = params.get('vehicleId');
  useEffect(() => {
    if (!wanted) return;
    dataProvider
      .getList<VehicleOption>('vehicle/statuses', {
        pagination: { page: 1, perPage: 1 },
        sort: { field: 'registrationNumber', order: 'ASC' },
        filter: { id: wanted },
      })
      .then(
        ({ data }) => setChosen(data),
        () => undefined,
      );
  }, [dataProvider, wanted]);

  const [start, end] = useMemo(() => {
    const times = tracks.flatMap((t) => (t.times.length ? [t.times[0]!, t.times[t.times.length - 1]!] : []));
    return times.length ? [Math.min(...times), Math.max(...times)] : [0, 0];
  }, [tracks]);

  // the clock: playback time advances `speed` times faster than real time
  const frame = useRef(0);
  useEffect(() => {
    if (!playing) return;
    let last = performance.now();
    const tick = (now: number) => {
      const elapsed = now - last;
      last = now;
      setTime((t) => {
        const next = t + elapsed * speed;
        if (next >= end) {
          setPlaying(false);
          return end;
        }
        return next;
      });
      frame.current = requestAnimationFrame(tick);
    };
    frame.current = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame.current);
  }, [playing, speed, end]);

  const period = (): { from: Date; to: Date } | null => {
    if (preset !== 'custom') return presetSoFar(preset);
    const from = parseIndianDate(fromText);
    const to = parseIndianDate(toText);
    if (!from || !to) return null;
    return { from, to: new Date(to.getTime() + 86_400_000) };
  };

  const show = async () => {
    setError(null);
    if (!chosen.length) return setError(translate('tracking.playback.chooseVehicle'));
    const range = period();
    if (!range) return setError(translate('tracking.playback.invalidDate'));
    setLoading(true);
    setPlaying(false);
    try {
      const answers = await Promise.all(
        chosen.map(async (v) => {
          const url = `/vehicle/position/playback?vehicleId=${v.id}&from=${range.from.toISOString()}&to=${range.to.toISOString()}`;
          const { data } = await apiCall<{ data: Omit<Track, 'times'> & PlaybackPage }>(url);
          return withAllPages(
            data,
            async (after) => (await apiCall<{ data: PlaybackPage }>(`${url}&after=${encodeURIComponent(after)}`)).data,
          );
        }),
      );
      const loaded = answers.map((data) => ({ ...data, times: data.points.map((p) => Date.parse(p.fixTime)) }));
      setTracks(loaded);
      setShownPeriod({ from: range.from.toISOString(), to: range.to.toISOString() });
      const first = Math.min(...loaded.flatMap((t) => t.times.slice(0, 1)));
      setTime(Number.isFinite(first) ? first : 0);
    } catch (failure) {
      setError(errorMessage(failure, translate('auth.somethingWrong')));
    } finally {
      setLoading(false);
    }
  };

  const hasPoints = tracks.some((t) => t.points.length);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <PageHeader title="menu.routePlayback" />
      <Card>
        <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <Autocomplete
            multiple
            sx={{ minWidth: 280, flex: 1 }}
            size="small"
            options={options}
            value={chosen}
            getOptionLabel={(o) => `${o.registrationNumber} · ${o.name}`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onChange={(_e, value) => setChosen(value)}
            onInputChange={(_e, value) => setSearch(value)}
            filterOptions={(x) => x}
            renderInput={(input) => <TextField {...input} label={translate('tracking.playback.vehicles')} />}
          />
          <ToggleButtonGroup
            size="small"
            exclusive
            value={preset}
            onChange={(_e, value) => value && setPreset(value)}
            aria-label={translate('tracking.playback.period')}
          >
            {(['today', 'yesterday', 'thisWeek', 'custom'] as const).map((p) => (
              <ToggleButton key={p} value={p}>
                {translate(`tracking.playback.presets.${p}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {preset === 'custom' && (
            <>
              <TextField
                size="small"
                label={translate('tracking.playback.from')}
                value={fromText}
                onChange={(e) => setFromText(e.target.value)}
                sx={{ width: 160 }}
              />
              <TextField
                size="small"
                label={translate('tracking.playback.to')}
                value={toText}
                onChange={(e) => setToText(e.target.value)}
                sx={{ width: 160 }}
              />
            </>
          )}
          <Button variant="contained" onClick={() => void show()} disabled={loading}>
            {translate('tracking.playback.show')}
          </Button>
        </CardContent>
        {error && (
          <Alert severity="error" sx={{ mx: 2, mb: 2 }}>
            {error}
          </Alert>
        )}
      </Card>

      <Box sx={{ height: 'calc(100vh - 420px)', minHeight: 320 }}>
        <BaseMap height="100%">
          {tracks.map((track, i) => {
            const colour = TRACK_COLOURS[i % TRACK_COLOURS.length]!;
            const here = positionAt(track, time);
            return (
              <Fragment key={track.vehicle.id}>
                <RoutePath places={paths[i] ?? []} colour={colour} />
                <StopMarkers stops={track.stops} times />
                {here && (
                  <PlaceMarker place={[here.latitude, here.longitude]} colour={colour} radius={9} ring={3}>
                    <MapTooltip permanent direction="top">
                      {track.vehicle.registrationNumber} · {Math.round(here.speed)} km/h
                    </MapTooltip>
                  </PlaceMarker>
                )}
              </Fragment>
            );
          })}
          <FitPlaces places={allPlaces} />
        </BaseMap>
      </Box>

      {tracks.length > 0 && (
        <Card>
          <CardContent>
            {!hasPoints && <Typography color="text.secondary">{translate('tracking.playback.noPoints')}</Typography>}
            {hasPoints && (
              <>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
                  <Tooltip title={translate(playing ? 'tracking.playback.pause' : 'tracking.playback.play')}>
                    <IconButton
                      aria-label={translate(playing ? 'tracking.playback.pause' : 'tracking.playback.play')}
                      onClick={() => {
                        if (!playing && time >= end) setTime(start);
                        setPlaying(!playing);
                      }}
                    >
                      {playing ? <PauseIcon /> : <PlayArrowIcon />}
                    </IconButton>
                  </Tooltip>
                  <Slider
                    aria-label={translate('tracking.playback.period')}
                    min={start}
                    max={end}
                    step={1000}
                    value={Math.min(Math.max(time, start), end)}
                    onChange={(_e, value) => setTime(value as number)}
                    valueLabelDisplay="auto"
                    valueLabelFormat={(v) => formatDateTime(v)}
                  />
                  <TextField
                    select
                    size="small"
                    label={translate('tracking.playback.speed')}
                    value={speed}
                    onChange={(e) => setSpeed(Number(e.target.value))}
                    sx={{ width: 130 }}
                  >
                    {SPEEDS.map((s) => (
                      <MenuItem key={s} value={s}>
                        {s}×
                      </MenuItem>
                    ))}
                  </TextField>
                  <Typography variant="body2" sx={{ minWidth: 150 }} data-testid="playback-time">
                    {formatDateTime(time)}
                  </Typography>
                  {shownPeriod && (
                    <ShareButton
                      kind="playback"
                      vehicleId={tracks[0]!.vehicle.id}
                      from={shownPeriod.from}
                      to={shownPeriod.to}
                    />
                  )}
                </Box>
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', my: 1 }}>
                  {tracks.map((track, i) => (
                    <Chip
                      key={track.vehicle.id}
                      sx={{ borderLeft: 6, borderColor: TRACK_COLOURS[i % TRACK_COLOURS.length] }}
                      label={[
                        track.vehicle.registrationNumber,
                        translate('tracking.playback.points', { count: track.summary.points }),
                        translate('tracking.playback.distance', { km: track.summary.distanceKm }),
                        translate('tracking.playback.maxSpeed', { speed: Math.round(track.summary.maxSpeed) }),
                        `${translate('tracking.playback.stops')}: ${track.stops.length}`,
                      ].join(' · ')}
                    />
                  ))}
                </Box>
                {tracks[0]!.points.length > 1 && (
                  <SpeedChart track={tracks[0]!} time={time} colour={TRACK_COLOURS[0]!} />
                )}
              </>
            )}
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
