import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import type { Place } from './RoutePath.tsx';

/**
 * Frames the places: one is centred (at `singleZoom` or closer), several are fitted. Again whenever
 * `places` changes (callers memoise it), or only the first time there are any with `once`.
 */
export function FitPlaces({
  places,
  once = false,
  padding = 30,
  maxZoom = 16,
  singleZoom = 15,
}: {
  places: Place[];
  once?: boolean;
  padding?: number;
  maxZoom?: number;
  singleZoom?: number;
}) {
  const map = useMap();
  const done = useRef(false);
  useEffect(() => {
    if (!places.length || (once && done.current)) return;
    done.current = true;
    if (places.length === 1) map.setView(places[0]!, Math.max(map.getZoom(), singleZoom));
    else map.fitBounds(places, { padding: [padding, padding], maxZoom });
  }, [map, places, once, padding, maxZoom, singleZoom]);
  return null;
}

/** Keeps the map on a moving place (the followed vehicle): pans, never zooms. */
export function FollowPlace({ place }: { place: Place | null }) {
  const map = useMap();
  const [latitude, longitude] = place ?? [];
  useEffect(() => {
    if (latitude !== undefined && longitude !== undefined) map.panTo([latitude, longitude], { animate: true });
  }, [map, latitude, longitude]);
  return null;
}

/** Flies to the chosen place (a list's selection), zooming in to at least `zoom`. */
export function FlyToPlace({ place, zoom = 14 }: { place: Place | null; zoom?: number }) {
  const map = useMap();
  const [latitude, longitude] = place ?? [];
  useEffect(() => {
    if (latitude !== undefined && longitude !== undefined)
      map.flyTo([latitude, longitude], Math.max(map.getZoom(), zoom), { duration: 0.6 });
  }, [map, latitude, longitude, zoom]);
  return null;
}
