import { useEffect, useMemo } from 'react';
import { CircleMarker, Polyline, Tooltip as MapTooltip, useMap } from 'react-leaflet';
import { BaseMap } from '../../src/map/BaseMap.tsx';
import type { PositionFix } from '../../resources/tracking.ts';
import type { TimelineItem } from '../../resources/reports/timeline.ts';
import { ITEM_COLOURS, useItemText } from './TimelineList.tsx';

type LatLng = [number, number];

/** The points of the path inside an item's time range. */
function pointsOf(points: PositionFix[], item: TimelineItem): LatLng[] {
  if (item.kind !== 'trip') return [];
  const from = Date.parse(item.start);
  const to = Date.parse(item.end);
  return points.filter((p) => {
    const t = Date.parse(p.fixTime);
    return t >= from && t <= to;
  }).map((p) => [p.latitude, p.longitude]);
}

/** Where an item is on the map: a trip's path (or its ends), a stop's or alert's place. */
function placesOf(points: PositionFix[], item: TimelineItem): LatLng[] {
  if (item.kind === 'trip') {
    const path = pointsOf(points, item);
    if (path.length) return path;
    return [[item.startLatitude, item.startLongitude], [item.endLatitude, item.endLongitude]]
      .filter((p): p is LatLng => p[0] !== null && p[1] !== null);
  }
  return item.latitude !== null && item.longitude !== null ? [[item.latitude, item.longitude]] : [];
}

/** Fits the map to the chosen item, or to the whole day when none is chosen. */
function Focus({ places }: { places: LatLng[] }) {
  const map = useMap();
  useEffect(() => {
    if (!places.length) return;
    if (places.length === 1) {
      map.setView(places[0]!, Math.max(map.getZoom(), 15));
      return;
    }
    const lats = places.map((p) => p[0]);
    const lngs = places.map((p) => p[1]);
    map.fitBounds([[Math.min(...lats), Math.min(...lngs)], [Math.max(...lats), Math.max(...lngs)]], { padding: [30, 30], maxZoom: 16 });
  }, [map, places]);
  return null;
}

/** The day's path, stop and alert markers; the chosen item drawn on top and focused. Clicking a marker chooses its item. */
export function TimelineMap({ items, points, selected, onSelect }: {
  items: TimelineItem[]; points: PositionFix[]; selected: string | null; onSelect: (id: string) => void;
}) {
  const text = useItemText();
  const chosen = items.find((i) => i.id === selected) ?? null;
  const focus = useMemo(() => {
    if (chosen) return placesOf(points, chosen);
    const day = points.map((p) => [p.latitude, p.longitude] as LatLng);
    return day.length ? day : items.flatMap((i) => placesOf([], i));
  }, [chosen, points, items]);
  const chosenPath = useMemo(() => (chosen ? pointsOf(points, chosen) : []), [chosen, points]);
  return (
    <BaseMap height="100%">
      {points.length > 1 && <Polyline positions={points.map((p) => [p.latitude, p.longitude] as LatLng)} pathOptions={{ color: ITEM_COLOURS.trip, weight: 4, opacity: chosen ? 0.35 : 0.75 }} />}
      {chosenPath.length > 1 && <Polyline positions={chosenPath} pathOptions={{ color: '#00897b', weight: 6, opacity: 0.95 }} />}
      {items.map((item) => {
        if (item.kind === 'trip') return null;
        const [place] = placesOf(points, item);
        if (!place) return null;
        const isChosen = item.id === selected;
        return (
          <CircleMarker key={item.id} center={place} radius={isChosen ? 10 : 7} eventHandlers={{ click: () => onSelect(item.id) }}
            pathOptions={{ color: '#fff', fillColor: ITEM_COLOURS[item.kind], fillOpacity: 1, weight: isChosen ? 3 : 2 }}>
            <MapTooltip>{text(item).title}<br />{text(item).detail}</MapTooltip>
          </CircleMarker>
        );
      })}
      <Focus places={focus} />
    </BaseMap>
  );
}
