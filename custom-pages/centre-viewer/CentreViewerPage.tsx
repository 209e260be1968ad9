import { lazy, Suspense, useMemo, useState } from 'react';
import { Alert, Box, CircularProgress, MenuItem, Pagination, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PublicFrame } from '../../src/pages/PublicFrame.tsx';
import { INDIAN_STATES, type StateId } from '../../resources/india.ts';
import type { CentreKind } from '../../resources/centres.ts';
import { CentreCard } from './CentreCard.tsx';
import { PAGE_SIZE, useCentrePlaces, useCentres, type CentreFilters } from './useCentres.ts';
import type { MapPlace } from './CentreMap.tsx';

/** A select whose empty value ("All states") is shown as a choice rather than as an empty box. */
const showEmpty = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

// the map (leaflet) loads after the list, on its own chunk
const CentreMap = lazy(() => import('./CentreMap.tsx'));

/** /public/ssc-viewer and /public/rfc-viewer: the published centres of a kind, filtered by state, district and text, listed and on a map. */
export function CentreViewerPage({ kind }: { kind: CentreKind }) {
  const translate = useTranslate();
  const places = useCentrePlaces(kind);
  const [filters, setFilters] = useState<CentreFilters>({ state: '', district: '', q: '', page: 1 });
  const [selected, setSelected] = useState<string | null>(null);
  const { result, failed } = useCentres(kind, filters);
  const districts = places.find((p) => p.state === filters.state)?.districts ?? [];
  const change = (patch: Partial<CentreFilters>) => {
    setSelected(null);
    setFilters((f) => ({ ...f, page: 1, ...patch }));
  };
  const keyed = useMemo(
    () => (result?.centres ?? []).map((centre, i) => ({ key: `${filters.page}-${i}`, centre })),
    [result, filters.page],
  );
  const mapPlaces: MapPlace[] = keyed
    .filter(({ centre }) => centre.latitude !== null && centre.longitude !== null)
    .map(({ key, centre }) => ({
      key,
      label: centre.name,
      detail: `${centre.address}, ${centre.district}`,
      latitude: centre.latitude!,
      longitude: centre.longitude!,
    }));
  // a pin clicked on the map brings its card into view
  const pick = (key: string) => {
    setSelected(key);
    document.getElementById(`centre-${key}`)?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' });
  };
  const show = (key: string) => {
    setSelected(key);
    document.getElementById('centre-map')?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' });
  };

  return (
    <PublicFrame title={`centres.${kind}.title`} wide>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate(`centres.${kind}.intro`)}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '220px 220px 1fr' },
          gap: 2,
          mb: 2,
        }}
      >
        <TextField
          select
          size="small"
          label={translate('centres.state')}
          value={filters.state}
          slotProps={showEmpty}
          onChange={(e) => change({ state: e.target.value, district: '' })}
        >
          <MenuItem value="">{translate('centres.allStates')}</MenuItem>
          {places.map((p) => (
            <MenuItem key={p.state} value={p.state}>
              {INDIAN_STATES[p.state as StateId] ?? p.state}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={translate('centres.district')}
          value={filters.district}
          slotProps={showEmpty}
          disabled={!filters.state}
          onChange={(e) => change({ district: e.target.value })}
        >
          <MenuItem value="">{translate('centres.allDistricts')}</MenuItem>
          {districts.map((d) => (
            <MenuItem key={d} value={d}>
              {d}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="search"
          label={translate('centres.search')}
          value={filters.q}
          onChange={(e) => change({ q: e.target.value })}
          inputProps={{ maxLength: 100 }}
          sx={{ gridColumn: { sm: '1 / -1', md: 'auto' } }}
        />
      </Box>
      {failed && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate('centres.loadFailed')}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(320px, 5fr) 7fr' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        <Box sx={{ order: { xs: 2, md: 1 } }}>
          {!result && !failed && <CircularProgress />}
          {result && (
            <Typography role="status" sx={{ mb: 1 }} color="text.secondary">
              {translate('centres.count', { smart_count: result.total })}
            </Typography>
          )}
          {result && result.total === 0 && <Alert severity="info">{translate('centres.empty')}</Alert>}
          <Box component="ul" sx={{ display: 'grid', gap: 1.5, p: 0, m: 0 }}>
            {keyed.map(({ key, centre }) => (
              <CentreCard
                key={key}
                id={`centre-${key}`}
                centre={centre}
                selected={selected === key}
                onShow={() => show(key)}
              />
            ))}
          </Box>
          {result && result.total > PAGE_SIZE && (
            <Pagination
              sx={{ mt: 2 }}
              count={Math.ceil(result.total / PAGE_SIZE)}
              page={filters.page}
              onChange={(_e, page) => {
                setSelected(null);
                setFilters((f) => ({ ...f, page }));
              }}
            />
          )}
        </Box>
        <Box id="centre-map" sx={{ order: { xs: 1, md: 2 }, position: { md: 'sticky' }, top: { md: 16 } }}>
          <Suspense
            fallback={
              <Box sx={{ height: { xs: 280, md: 560 }, display: 'grid', placeItems: 'center' }}>
                <CircularProgress />
              </Box>
            }
          >
            <Box sx={{ height: { xs: 280, md: 560 } }}>
              <CentreMap
                places={mapPlaces}
                selected={selected}
                onSelect={pick}
                height="100%"
                label={translate('centres.map')}
              />
            </Box>
          </Suspense>
        </Box>
      </Box>
    </PublicFrame>
  );
}
