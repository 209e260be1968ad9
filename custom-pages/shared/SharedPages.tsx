import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PATH_COLOUR, PlaceMarker, placesOf, RoutePath, StopMarkers } from '../../src/map/RoutePath.tsx';
import { PublicFrame } from '../../src/pages/PublicFrame.tsx';
import { BaseMap } from '../../src/map/BaseMap.tsx';
import { apiCall } from '../../providers/httpClient.ts';
import { formatDateTime } from '../../core/format/date.ts';
import { withAllPages, type PlaybackPage, type Track } from '../route-playback/playback.ts';

interface LiveShare {
  name: string;
  registrationNumber: string;
  latitude: number | null;
  longitude: number | null;
  speed: number;
  fixTime: string | null;
}
type Shared =
  | { kind: 'live'; expiresAt: string; live: LiveShare }
  | { kind: 'playback'; expiresAt: string; playback: Omit<Track, 'times'> & PlaybackPage };

/** A shared link's content; a playback with the points of all its pages. */
async function readShared(token: string): Promise<Shared> {
  const url = `/public/share-playback?token=${encodeURIComponent(token)}`;
  const { data } = await apiCall<{ data: Shared }>(url);
  if (data.kind !== 'playback') return data;
  const nextPage = async (after: string) => {
    const page = (await apiCall<{ data: Shared }>(`${url}&after=${encodeURIComponent(after)}`)).data;
    return page.kind === 'playback' ? page.playback : { points: [], next: null };
  };
  return { ...data, playback: await withAllPages(data.playback, nextPage) };
}

/** Reads a shared link's content; polls while it shows a live position. */
function useShared(token: string | null, pollMs?: number) {
  const [data, setData] = useState<Shared | null>(null);
  const [gone, setGone] = useState(false);
  useEffect(() => {
    if (!token) return;
    let stopped = false;
    const load = () =>
      readShared(token).then(
        (shared) => {
          if (!stopped) setData(shared);
        },
        () => {
          if (!stopped) setGone(true);
        },
      );
    void load();
    const timer = pollMs ? setInterval(() => void load(), pollMs) : null;
    return () => {
      stopped = true;
      if (timer) clearInterval(timer);
    };
  }, [token, pollMs]);
  return { data, gone: gone || !token };
}

/** /public/share/live-tracking?token=: where a shared vehicle is now, refreshed every few seconds, without signing in. */
export function SharedLivePage() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const { data, gone } = useShared(params.get('token'), 5000);
  const live = data?.kind === 'live' ? data.live : null;
  const position: [number, number] | null =
    live && live.latitude !== null && live.longitude !== null ? [live.latitude, live.longitude] : null;
  return (
    <PublicFrame title="pages.sharedLiveTracking">
      {gone && <Alert severity="warning">{translate('tracking.share.gone')}</Alert>}
      {live && (
        <>
          <Typography variant="h6">
            {translate('tracking.share.sharedLive', { vehicle: live.registrationNumber })}
          </Typography>
          <Typography color="text.secondary" gutterBottom data-testid="shared-position">
            {position
              ? translate('tracking.share.updated', {
                  time: formatDateTime(live.fixTime),
                  speed: Math.round(live.speed),
                })
              : translate('tracking.share.noPosition')}
          </Typography>
          <BaseMap center={position ?? undefined} zoom={position ? 15 : undefined} height={480}>
            {position && <PlaceMarker place={position} colour={PATH_COLOUR} radius={10} ring={3} />}
          </BaseMap>
        </>
      )}
    </PublicFrame>
  );
}

/** /public/{context}/share/{collectionId}?token=: a shared playback, its path and its stops. */
export function SharedPlaybackPage() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const { data, gone } = useShared(params.get('token'));
  const track = data?.kind === 'playback' ? data.playback : null;
  const path = useMemo(() => placesOf(track?.points ?? []), [track]);
  return (
    <PublicFrame title="pages.sharedView">
      {gone && <Alert severity="warning">{translate('tracking.share.gone')}</Alert>}
      {track && (
        <>
          <Typography variant="h6">
            {translate('tracking.share.sharedPlayback', { vehicle: track.vehicle.registrationNumber })}
          </Typography>
          <Typography color="text.secondary" gutterBottom data-testid="shared-summary">
            {[
              translate('tracking.playback.points', { count: track.summary.points }),
              translate('tracking.playback.distance', { km: track.summary.distanceKm }),
              `${translate('tracking.playback.stops')}: ${track.stops.length}`,
            ].join(' · ')}
          </Typography>
          <Box>
            <BaseMap center={path[0]} zoom={path.length ? 13 : undefined} height={480}>
              <RoutePath places={path} opacity={1} />
              <StopMarkers stops={track.stops} />
            </BaseMap>
          </Box>
        </>
      )}
    </PublicFrame>
  );
}
