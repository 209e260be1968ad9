import { useEffect, useMemo, useRef } from 'react';
import L from 'leaflet';
import { Marker, Popup, useMap, useMapEvents } from 'react-leaflet';
import { BaseMap } from '../../src/map/BaseMap.tsx';

export interface MapPlace { key: string; label: string; detail?: string; latitude: number; longitude: number }

/** A plain HTML pin: no image to fetch, so markers show even when nothing but the server is reachable. */
const pin = (selected: boolean) => L.divIcon({
  className: '',
  html: `<span class="centre-pin${selected ? ' centre-pin-selected' : ''}" style="display:block;width:22px;height:22px;border-radius:50% 50% 50% 0;transform:rotate(-45deg);background:${selected ? '#d32f2f' : '#1565c0'};border:3px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.5)"></span>`,
  iconSize: [22, 22],
  iconAnchor: [11, 22],
  popupAnchor: [0, -22],
});

/** Fits the map to the places when they change, and flies to the selected one. */
function Focus({ places, selected }: { places: MapPlace[]; selected: string | null }) {
  const map = useMap();
  const keys = places.map((p) => p.key).join('|');
  useEffect(() => {
    if (!places.length) return;
    if (places.length === 1) map.setView([places[0]!.latitude, places[0]!.longitude], 13);
    else map.fitBounds(L.latLngBounds(places.map((p) => [p.latitude, p.longitude])), { padding: [32, 32], maxZoom: 13 });
    // only when the set of places changes, not on every render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, keys]);
  useEffect(() => {
    const place = places.find((p) => p.key === selected);
    if (place) map.flyTo([place.latitude, place.longitude], Math.max(map.getZoom(), 14), { duration: 0.6 });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, selected]);
  return null;
}

function Picker({ onPick }: { onPick(latitude: number, longitude: number): void }) {
  useMapEvents({ click: (event) => onPick(Number(event.latlng.lat.toFixed(6)), Number(event.latlng.lng.toFixed(6))) });
  return null;
}

/** The centres' map (loaded on demand): a pin per place; the selected one is red with its popup open; `onPick` makes a click choose a point. */
export default function CentreMap({ places, selected, onSelect, onPick, height, label }: {
  places: MapPlace[];
  selected: string | null;
  onSelect?(key: string): void;
  onPick?(latitude: number, longitude: number): void;
  height: number | string;
  label: string;
}) {
  const markers = useRef(new Map<string, L.Marker>());
  const icons = useMemo(() => ({ plain: pin(false), chosen: pin(true) }), []);
  useEffect(() => {
    if (selected) markers.current.get(selected)?.openPopup();
  }, [selected]);
  return (
    <div role="region" aria-label={label} style={{ height }}>
      <BaseMap height={height}>
        <Focus places={places} selected={selected} />
        {onPick && <Picker onPick={onPick} />}
        {places.map((place) => (
          <Marker key={place.key} position={[place.latitude, place.longitude]} icon={place.key === selected ? icons.chosen : icons.plain}
            title={place.label} alt={place.label} eventHandlers={{ click: () => onSelect?.(place.key) }}
            ref={(marker) => { if (marker) markers.current.set(place.key, marker); else markers.current.delete(place.key); }}>
            <Popup><strong>{place.label}</strong>{place.detail && <><br />{place.detail}</>}</Popup>
          </Marker>
        ))}
      </BaseMap>
    </div>
  );
}
