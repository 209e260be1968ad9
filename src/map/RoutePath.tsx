import { CircleMarker, Polyline, Tooltip } from 'react-leaflet';
import { useTranslate } from 'react-admin';
import { formatDateTime } from '../../core/format/date.ts';
import type { Stop } from '../../resources/tracking.ts';

/** Latitude and longitude, as the map takes a place. */
export type Place = [number, number];

export const PATH_COLOUR = '#1565c0';
const STOP_COLOUR = '#d32f2f';

/** Where a list of positions lies, as the map takes it. */
export const placesOf = (points: { latitude: number; longitude: number }[]): Place[] =>
  points.map((p) => [p.latitude, p.longitude]);

/** A travelled path (a playback, a day, a live trail); nothing until it has two points. */
export function RoutePath({
  places,
  colour = PATH_COLOUR,
  weight = 4,
  opacity = 0.75,
}: {
  places: Place[];
  colour?: string;
  weight?: number;
  opacity?: number;
}) {
  return places.length > 1 ? <Polyline positions={places} pathOptions={{ color: colour, weight, opacity }} /> : null;
}

/** A round marker with a white ring: a vehicle's place on a path, a stop, an item of a day. */
export function PlaceMarker({
  place,
  colour,
  radius = 7,
  ring = 2,
  onClick,
  children,
}: {
  place: Place;
  colour: string;
  radius?: number;
  ring?: number;
  onClick?: () => void;
  children?: React.ReactNode;
}) {
  return (
    <CircleMarker
      center={place}
      radius={radius}
      eventHandlers={onClick ? { click: onClick } : undefined}
      pathOptions={{ color: '#fff', fillColor: colour, fillOpacity: 1, weight: ring }}
    >
      {children}
    </CircleMarker>
  );
}

/** A path's stops, each with its length (and its times with `times`) on hover. */
export function StopMarkers({ stops, times = false }: { stops: Stop[]; times?: boolean }) {
  const translate = useTranslate();
  return stops.map((stop) => (
    <PlaceMarker key={stop.from} place={[stop.latitude, stop.longitude]} colour={STOP_COLOUR}>
      <Tooltip>
        {translate('tracking.playback.stop', { minutes: stop.minutes })}
        {times && (
          <>
            <br />
            {formatDateTime(stop.from)} – {formatDateTime(stop.to)}
          </>
        )}
      </Tooltip>
    </PlaceMarker>
  ));
}
