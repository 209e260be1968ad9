import { useState } from 'react';
import { Box, Button, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { Circle, CircleMarker, Polygon, Polyline, useMapEvents } from 'react-leaflet';
import { useTranslate } from 'react-admin';
import type { GeometryKind } from '../../resources/define.ts';
import { BaseMap } from './BaseMap.tsx';

export interface Geometry {
  type: GeometryKind;
  coordinates: unknown;
}
type LngLat = [number, number];

const round = (n: number) => Math.round(n * 1e6) / 1e6;

function ClickToDraw({ onClick }: { onClick(point: LngLat): void }) {
  useMapEvents({ click: (e) => onClick([round(e.latlng.lng), round(e.latlng.lat)]) });
  return null;
}

function pointsOf(value: Geometry | null): LngLat[] {
  if (!value) return [];
  if (value.type === 'Point') return [value.coordinates as LngLat];
  if (value.type === 'LineString') return value.coordinates as LngLat[];
  const ring = (value.coordinates as LngLat[][])[0] ?? [];
  return ring.slice(0, -1);
}

function shapeOf(kind: GeometryKind, points: LngLat[]): Geometry | null {
  if (!points.length) return null;
  if (kind === 'Point') return { type: 'Point', coordinates: points[points.length - 1] };
  if (kind === 'LineString') return points.length >= 2 ? { type: 'LineString', coordinates: points } : null;
  return points.length >= 3 ? { type: 'Polygon', coordinates: [[...points, points[0]!]] } : null;
}

/**
 * Pick a point or draw a line or polygon by clicking the map; points are kept as GeoJSON
 * [longitude, latitude]. A radius, when given, is drawn around a point.
 */
export function ShapeEditor({
  kinds,
  value,
  onChange,
  radiusMeters,
}: {
  kinds: readonly GeometryKind[];
  value: Geometry | null;
  onChange(value: Geometry | null): void;
  radiusMeters?: number;
}) {
  const translate = useTranslate();
  const [kind, setKind] = useState<GeometryKind>(value?.type ?? kinds[0]!);
  // a shape still being drawn (a line of one point) is not a value yet
  const [draft, setDraft] = useState<LngLat[]>([]);
  const points = value && value.type === kind ? pointsOf(value) : draft;
  const update = (next: LngLat[]) => {
    setDraft(next);
    onChange(shapeOf(kind, next));
  };
  const add = (point: LngLat) => update(kind === 'Point' ? [point] : [...points, point]);
  const latLngs = points.map(([lng, lat]) => [lat, lng] as [number, number]);
  const center = latLngs.length ? latLngs[latLngs.length - 1] : undefined;

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        {kinds.length > 1 && (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={kind}
            onChange={(_, next: GeometryKind | null) => {
              if (!next) return;
              setKind(next);
              setDraft([]);
              onChange(null);
            }}
          >
            {kinds.map((k) => (
              <ToggleButton key={k} value={k}>
                {translate(`map.${k}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {translate(`map.hint${kind}`)}
        </Typography>
        {kind !== 'Point' && points.length > 0 && (
          <Button size="small" onClick={() => update(points.slice(0, -1))}>
            {translate('map.undo')}
          </Button>
        )}
        {points.length > 0 && (
          <Button size="small" onClick={() => update([])}>
            {translate('map.clear')}
          </Button>
        )}
      </Box>
      <BaseMap center={center} zoom={center ? 13 : undefined}>
        <ClickToDraw onClick={add} />
        {kind === 'Point' && latLngs[0] && <CircleMarker center={latLngs[0]} radius={7} />}
        {kind === 'Point' && latLngs[0] && radiusMeters ? <Circle center={latLngs[0]} radius={radiusMeters} /> : null}
        {kind === 'LineString' && latLngs.length > 0 && <Polyline positions={latLngs} />}
        {kind === 'Polygon' && latLngs.length > 0 && <Polygon positions={latLngs} />}
        {kind !== 'Point' && latLngs.map((p, i) => <CircleMarker key={i} center={p} radius={4} />)}
      </BaseMap>
    </Box>
  );
}
