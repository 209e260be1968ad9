import { useMemo } from 'react';
import { Tooltip as MapTooltip } from 'react-leaflet';
import { BaseMap } from '../../src/map/BaseMap.tsx';
import { FitPlaces } from '../../src/map/MapCamera.tsx';
import { PlaceMarker, placesOf, RoutePath, type Place } from '../../src/map/RoutePath.tsx';
import type { PositionFix } from '../../resources/tracking.ts';
import type { TimelineItem } from '../../resources/reports/timeline.ts';
import { ITEM_COLOURS, useItemText } from './TimelineList.tsx';

/** The points of the path inside an item's time range. */
function itemPath(points: PositionFix[], item: TimelineItem): Place[] {
  if (item.kind !== 'trip') return [];
  const from = Date.parse(item.start);
  const to = Date.parse(item.end);
  return placesOf(
    points.filter((p) => {
      const t = Date.parse(p.fixTime);
      return t >= from && t <= to;
    }),
  );
}

/** Where an item is on the map: a trip's path (or its ends), a stop's or alert's place. */
function itemPlaces(points: PositionFix[], item: TimelineItem): Place[] {
  if (item.kind === 'trip') {
    const path = itemPath(points, item);
    if (path.length) return path;
    return [
      [item.startLatitude, item.startLongitude],
      [item.endLatitude, item.endLongitude],
    ].filter((p): p is Place => p[0] !== null && p[1] !== null);
  }
  return item.latitude !== null && item.longitude !== null ? [[item.latitude, item.longitude]] : [];
}

/** The day's path, stop and alert markers; the chosen item drawn on top and focused. Clicking a marker chooses its item. */
export function TimelineMap({
  items,
  points,
  selected,
  onSelect,
}: {
  items: TimelineItem[];
  points: PositionFix[];
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const text = useItemText();
  const chosen = items.find((i) => i.id === selected) ?? null;
  const focus = useMemo(() => {
    if (chosen) return itemPlaces(points, chosen);
    const day = placesOf(points);
    return day.length ? day : items.flatMap((i) => itemPlaces([], i));
  }, [chosen, points, items]);
  const dayPath = useMemo(() => placesOf(points), [points]);
  const chosenPath = useMemo(() => (chosen ? itemPath(points, chosen) : []), [chosen, points]);
  return (
    <BaseMap height="100%">
      <RoutePath places={dayPath} colour={ITEM_COLOURS.trip} opacity={chosen ? 0.35 : 0.75} />
      <RoutePath places={chosenPath} colour="#00897b" weight={6} opacity={0.95} />
      {items.map((item) => {
        if (item.kind === 'trip') return null;
        const [place] = itemPlaces(points, item);
        if (!place) return null;
        const isChosen = item.id === selected;
        return (
          <PlaceMarker
            key={item.id}
            place={place}
            colour={ITEM_COLOURS[item.kind]}
            radius={isChosen ? 10 : 7}
            ring={isChosen ? 3 : 2}
            onClick={() => onSelect(item.id)}
          >
            <MapTooltip>
              {text(item).title}
              <br />
              {text(item).detail}
            </MapTooltip>
          </PlaceMarker>
        );
      })}
      {/* the chosen item, or the whole day when none is chosen */}
      <FitPlaces places={focus} />
    </BaseMap>
  );
}
