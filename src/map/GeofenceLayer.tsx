import { Circle, LayersControl, LayerGroup, Polygon, Tooltip } from 'react-leaflet';
import { useCanAccess, useGetList, useTranslate } from 'react-admin';
import type { Place } from './RoutePath.tsx';

/** At most this many geofences are drawn: an organisation's areas, not a gazetteer. */
export const GEOFENCE_LIMIT = 500;
const GEOFENCE_COLOUR = '#6a1b9a';

interface GeofenceRecord {
  id: string;
  name: string;
  area:
    { type: 'Point'; coordinates: [number, number] } | { type: 'Polygon'; coordinates: [number, number][][] } | null;
  radiusMeters: number | null;
}

function Shape({ geofence }: { geofence: GeofenceRecord }) {
  const { area } = geofence;
  const style = { color: GEOFENCE_COLOUR, weight: 2, fillOpacity: 0.08 };
  const label = <Tooltip sticky>{geofence.name}</Tooltip>;
  if (area?.type === 'Point') {
    const [lng, lat] = area.coordinates;
    return (
      <Circle center={[lat, lng]} radius={geofence.radiusMeters ?? 200} pathOptions={style}>
        {label}
      </Circle>
    );
  }
  if (area?.type === 'Polygon') {
    return (
      <Polygon
        positions={area.coordinates.map((ring) => ring.map(([lng, lat]) => [lat, lng] as Place))}
        pathOptions={style}
      >
        {label}
      </Polygon>
    );
  }
  return null;
}

/**
 * The user's geofences as a layer they can switch in the map's layer control (on at first), for
 * those who may open the geofence list; the server scopes which ones (their organisations).
 */
export function GeofenceLayer() {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'management-geofence', action: 'access' });
  const { data } = useGetList<GeofenceRecord>(
    'geofence',
    { pagination: { page: 1, perPage: GEOFENCE_LIMIT }, sort: { field: 'name', order: 'ASC' } },
    { enabled: Boolean(canAccess) },
  );
  if (!canAccess) return null;
  return (
    <LayersControl.Overlay checked name={translate('map.geofences')}>
      <LayerGroup>
        {data?.map((geofence) => (
          <Shape key={geofence.id} geofence={geofence} />
        ))}
      </LayerGroup>
    </LayersControl.Overlay>
  );
}
