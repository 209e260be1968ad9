import { useEffect, useMemo, useRef } from 'react';
import L from 'leaflet';
import { Marker, Popup, useMapEvents } from 'react-leaflet';
import { BaseMap } from '../../src/map/BaseMap.tsx';
import { FitPlaces, FlyToPlace } from '../../src/map/MapCamera.tsx';
import { placesOf } from '../../src/map/RoutePath.tsx';

export interface MapPlace {
  key: string;
  label: string;
  detail?: string;
  latitude: number;
  longitude: number;
}

/** A plain HTML pin: no image to fetch, so markers show even when nothing but the server is reachable. */
const pin = (selected: boolean) =>
  L.divIcon({
    className: '',
    html: `<span class="centre-pin${selected ? ' centre-pin-selected' : ''}" style="display:block;width:22px;height:22px;border-radius:50% 50% 50% 0;transform:rotate(-45deg);background:${selected ? '#d32f2f' : '#1565c0'};border:3px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.5)"></span>`,
    iconSize: [22, 22],
    iconAnchor: [11, 22],
    popupAnchor: [0, -22],
  });

function Picker({ onPick }: { onPick(latitude: number, longitude: number): void }) {
  useMapEvents({ click: (event) => onPick(Number(event.latlng.lat.toFixed(6)), Number(event.latlng.lng.toFixed(6))) });
  return null;
}

/** The centres' map (loaded on demand): a pin per place; the selected one is red with its popup open; `onPick` makes a click choose a point. */
export default function CentreMap({
  places,
  selected,
  onSelect,
  onPick,
  height,
  label,
}: {
  places: MapPlace[];
  selected: string | null;
  onSelect?(key: string): void;
  onPick?(latitude: number, longitude: number): void;
  height: number | string;
  label: string;
}) {
  const markers = useRef(new Map<string, L.Marker>());
  // framed when the set of places changes, not on every render
  const keys = places.map((p) => p.key).join('|');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const frame = useMemo(() => placesOf(places), [keys]);
  const chosen = places.find((p) => p.key === selected);
  const icons = useMemo(() => ({ plain: pin(false), chosen: pin(true) }), []);
  useEffect(() => {
    if (selected) markers.current.get(selected)?.openPopup();
  }, [selected]);
  return (
    <div role="region" aria-label={label} style={{ height }}>
      <BaseMap height={height}>
        <FitPlaces places={frame} padding={32} maxZoom={13} singleZoom={13} />
        <FlyToPlace place={chosen ? [chosen.latitude, chosen.longitude] : null} />
        {onPick && <Picker onPick={onPick} />}
        {places.map((place) => (
          <Marker
            key={place.key}
            position={[place.latitude, place.longitude]}
            icon={place.key === selected ? icons.chosen : icons.plain}
            title={place.label}
            alt={place.label}
            eventHandlers={{ click: () => onSelect?.(place.key) }}
            ref={(marker) => {
              if (marker) markers.current.set(place.key, marker);
              else markers.current.delete(place.key);
            }}
          >
            <Popup>
              <strong>{place.label}</strong>
              {place.detail && (
                <>
                  <br />
                  {place.detail}
                </>
              )}
            </Popup>
          </Marker>
        ))}
      </BaseMap>
    </div>
  );
}
