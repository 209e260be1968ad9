import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  LinearProgress,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useDataProvider, useTranslate } from 'react-admin';
import { apiCall } from '../../providers/httpClient.ts';
import { errorMessage } from '../../src/pages/auth/useFormCall.tsx';
import { formatDate, indianIsoDay, pickedDay } from '../../core/format/date.ts';
import { PageHeader } from '../../src/layout/PageHeader.tsx';
import { withAllPages, type PlaybackPage } from '../route-playback/playback.ts';
import { checkDay, shiftDay, type Timeline } from '../../resources/reports/timeline.ts';
import type { PositionFix } from '../../resources/tracking.ts';
import { TimelineList } from './TimelineList.tsx';
import { TimelineMap } from './TimelineMap.tsx';
import { TimelineSummary } from './TimelineSummary.tsx';

interface VehicleOption {
  id: string;
  registrationNumber: string;
  name: string;
}

/** dd/MM/yyyy of a yyyy-MM-dd day. */
const showDay = (day: string) => formatDate(Date.parse(`${day}T00:00:00+05:30`));

/**
 * The day a link asks for, from ?filter= (the report pages' way: {"vehicleId", "day"}, or a
 * period's "from" or a "preset" of today or yesterday), or a plain ?vehicleId=&day=.
 */
function wanted(params: URLSearchParams): { vehicleId: string | null; day: string } {
  let filter: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(params.get('filter') ?? '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) filter = parsed as Record<string, unknown>;
  } catch {
    /* a broken link opens today */
  }
  const vehicleId = typeof filter.vehicleId === 'string' ? filter.vehicleId : params.get('vehicleId');
  const today = indianIsoDay();
  const from =
    typeof filter.from === 'string' && !Number.isNaN(Date.parse(filter.from))
      ? indianIsoDay(Date.parse(filter.from))
      : null;
  const day =
    checkDay(filter.day) ??
    checkDay(params.get('day')) ??
    from ??
    (filter.preset === 'yesterday' ? shiftDay(today, -1) : today);
  return { vehicleId, day };
}

/**
 * The vehicle timeline (/reports/vehicle-timeline): one vehicle's Asia/Kolkata day as trips, stops
 * and alerts in time order beside a map of the day's path; choosing an item focuses it on the map.
 * The vehicle and day live in the URL (?filter={"vehicleId","day"}), so a link opens the same day.
 */
export function VehicleTimelinePage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const [params, setParams] = useSearchParams();
  const { vehicleId, day } = wanted(params);
  const [options, setOptions] = useState<VehicleOption[]>([]);
  const [search, setSearch] = useState('');
  const [vehicle, setVehicle] = useState<VehicleOption | null>(null);
  // what the user is typing in the day box, for the day shown when they typed
  const [typing, setTyping] = useState<{ day: string; text: string } | null>(null);
  const dayText = typing?.day === day ? typing.text : showDay(day);
  const key = vehicleId ? `${vehicleId}|${day}` : null;
  const [loaded, setLoaded] = useState<{
    key: string;
    data: Timeline | null;
    points: PositionFix[];
    error: string | null;
  } | null>(null);
  const [chosen, setChosen] = useState<{ key: string | null; id: string | null }>({ key: null, id: null });
  const [typedError, setTypedError] = useState<string | null>(null);
  const current = loaded?.key === key ? loaded : null;
  const data = current?.data ?? null;
  const points = current?.points ?? [];
  const selected = chosen.key === key ? chosen.id : null;
  const setSelected = (id: string | null) => setChosen({ key, id });
  const loading = Boolean(key && !current);
  const error = typedError ?? current?.error ?? null;
  const today = indianIsoDay();

  const go = (next: { vehicleId?: string | null; day?: string }) => {
    const filter = { vehicleId: next.vehicleId === undefined ? vehicleId : next.vehicleId, day: next.day ?? day };
    setTypedError(null);
    setParams({ filter: JSON.stringify(filter.vehicleId ? filter : { day: filter.day }) });
  };

  useEffect(() => {
    const timer = setTimeout(() => {
      dataProvider
        .getList<VehicleOption>('vehicle', {
          pagination: { page: 1, perPage: 25 },
          sort: { field: 'registrationNumber', order: 'ASC' },
          filter: search ? { q: search } : {},
        })
        .then(
          ({ data: rows }) => setOptions(rows),
          () => setOptions([]),
        );
    }, 250);
    return () => clearTimeout(timer);
  }, [dataProvider, search]);

  useEffect(() => {
    if (!vehicleId || !key) return;
    let live = true;
    const query = `vehicleId=${encodeURIComponent(vehicleId)}&day=${day}`;
    const path = `/vehicle/trips/timelinev2/path?${query}`;
    Promise.all([
      apiCall<{ data: Timeline }>(`/vehicle/trips/timelinev2?${query}`),
      apiCall<{ data: PlaybackPage }>(path).then(({ data: first }) =>
        withAllPages(
          first,
          async (after) => (await apiCall<{ data: PlaybackPage }>(`${path}&after=${encodeURIComponent(after)}`)).data,
        ),
      ),
    ]).then(
      ([answer, track]) => {
        if (!live) return;
        setLoaded({ key, data: answer.data, points: track.points, error: null });
        setVehicle({
          id: answer.data.vehicle.id,
          name: answer.data.vehicle.name,
          registrationNumber: answer.data.vehicle.registrationNumber,
        });
      },
      (failure: unknown) => {
        if (live)
          setLoaded({ key, data: null, points: [], error: errorMessage(failure, translate('auth.somethingWrong')) });
      },
    );
    return () => {
      live = false;
    };
  }, [key, vehicleId, day, translate]);

  const typedDay = () => {
    const picked = pickedDay(dayText);
    if ('error' in picked) return setTypedError(translate(picked.error));
    setTypedError(null);
    setTyping(null);
    go({ day: indianIsoDay(picked.day) });
  };

  const items = useMemo(() => data?.items ?? [], [data]);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <PageHeader title="menu.reports.vehicleTimeline" />
      <Card>
        <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
          <Autocomplete
            sx={{ minWidth: 260, flex: 1 }}
            size="small"
            options={options}
            value={vehicle}
            getOptionLabel={(o) => `${o.registrationNumber} · ${o.name}`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onChange={(_e, value) => {
              setVehicle(value);
              go({ vehicleId: value?.id ?? null });
            }}
            onInputChange={(_e, value, reason) => {
              if (reason === 'input') setSearch(value);
            }}
            filterOptions={(x) => x}
            renderInput={(input) => <TextField {...input} label={translate('timeline.vehicle')} />}
          />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Tooltip title={translate('timeline.previousDay')}>
              <IconButton aria-label={translate('timeline.previousDay')} onClick={() => go({ day: shiftDay(day, -1) })}>
                <ChevronLeftIcon />
              </IconButton>
            </Tooltip>
            <TextField
              size="small"
              label={translate('timeline.day')}
              value={dayText}
              sx={{ width: 170 }}
              onChange={(e) => setTyping({ day, text: e.target.value })}
              onBlur={typedDay}
              onKeyDown={(e) => {
                if (e.key === 'Enter') typedDay();
              }}
            />
            <Tooltip title={translate('timeline.nextDay')}>
              <span>
                <IconButton
                  aria-label={translate('timeline.nextDay')}
                  disabled={day >= today}
                  onClick={() => go({ day: shiftDay(day, 1) })}
                >
                  <ChevronRightIcon />
                </IconButton>
              </span>
            </Tooltip>
            <Button size="small" disabled={day === today} onClick={() => go({ day: today })}>
              {translate('timeline.today')}
            </Button>
          </Box>
        </CardContent>
        {loading && <LinearProgress />}
        {error && (
          <Alert severity="error" sx={{ mx: 2, mb: 2 }}>
            {error}
          </Alert>
        )}
      </Card>

      {!vehicleId && <Alert severity="info">{translate('timeline.chooseVehicle')}</Alert>}
      {data && <TimelineSummary summary={data.summary} active={data.items.length > 0 || points.length > 0} />}
      {data && (
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: 'minmax(320px, 420px) 1fr' } }}>
          <Card
            sx={{
              order: { xs: 2, md: 1 },
              maxHeight: { md: 'calc(100vh - 330px)' },
              minHeight: { md: 360 },
              overflow: 'auto',
            }}
          >
            <CardContent sx={{ p: 1 }}>
              <Typography variant="subtitle2" sx={{ px: 1, pt: 0.5 }} component="h2">
                {translate('timeline.items')}
              </Typography>
              {items.length ? (
                <TimelineList
                  items={items}
                  selected={selected}
                  onSelect={(id) => setSelected(id === selected ? null : id)}
                />
              ) : (
                <Typography color="text.secondary" sx={{ p: 2 }}>
                  {translate('timeline.empty')}
                </Typography>
              )}
            </CardContent>
          </Card>
          <Box
            sx={{ order: { xs: 1, md: 2 }, height: { xs: 300, md: 'calc(100vh - 330px)' }, minHeight: { md: 360 } }}
            role="region"
            aria-label={translate('timeline.map')}
          >
            <TimelineMap items={items} points={points} selected={selected} onSelect={setSelected} />
          </Box>
        </Box>
      )}
    </Box>
  );
}
