import 'leaflet/dist/leaflet.css';
import { LayersControl, MapContainer, TileLayer } from 'react-leaflet';
import { useTranslate } from 'react-admin';
import { DEFAULT_CENTER, DEFAULT_ZOOM, tileConfig } from './config.ts';

/**
 * A map with the configured road and satellite layers; its children are the layers of a feature,
 * `overlays` the layers a user may switch on and off (LayersControl.Overlay, e.g. GeofenceLayer).
 */
export function BaseMap({
  children,
  overlays,
  center = DEFAULT_CENTER,
  zoom = DEFAULT_ZOOM,
  height = 360,
}: {
  children?: React.ReactNode;
  overlays?: React.ReactNode;
  center?: [number, number];
  zoom?: number;
  height?: number | string;
}) {
  const translate = useTranslate();
  const tiles = tileConfig();
  return (
    <MapContainer center={center} zoom={zoom} style={{ height, width: '100%', borderRadius: 4 }} preferCanvas>
      <LayersControl position="topright">
        <LayersControl.BaseLayer checked name={translate('map.road')}>
          <TileLayer url={tiles.road} attribution="&copy; OpenStreetMap contributors" />
        </LayersControl.BaseLayer>
        {tiles.satellite && (
          <LayersControl.BaseLayer name={translate('map.satellite')}>
            <TileLayer url={tiles.satellite} />
          </LayersControl.BaseLayer>
        )}
        {overlays}
      </LayersControl>
      {children}
    </MapContainer>
  );
}
