import { useEffect, useRef } from 'react';
import L from 'leaflet';
import Supercluster from 'supercluster';
import { useMap } from 'react-leaflet';
import type { VehicleState } from '../../resources/tracking.ts';
import { noteDrawn } from '../live/metrics.ts';
import { STATE_COLOURS } from './stateColours.ts';

export interface VehiclePoint {
  id: string;
  latitude: number;
  longitude: number;
  heading: number;
  status: VehicleState;
  label: string;
}

/** Below this zoom, nearby vehicles are drawn as one numbered circle. */
const CLUSTER_UNTIL_ZOOM = 14;
/**
 * Clusters are worked out again at most this often while vehicles move (at once on a zoom): with
 * ten thousand vehicles, doing it on every update would cost the map its frames. Vehicles drawn
 * on their own always show where they are now.
 */
const CLUSTER_REFRESH_MS = 1000;
const HIT_RADIUS = 14;

/** Every vehicle in the bounds, as the features clusters come in (no clustering when zoomed in). */
function pointsIn(latest: Map<string, VehiclePoint>, bounds: L.LatLngBounds) {
  const features: { properties: { point: VehiclePoint }; geometry: { coordinates: [number, number] } }[] = [];
  for (const point of latest.values()) {
    if (bounds.contains([point.latitude, point.longitude]))
      features.push({ properties: { point }, geometry: { coordinates: [point.longitude, point.latitude] } });
  }
  return features;
}

type Drawn = { x: number; y: number; r: number; vehicleId?: string; clusterId?: number; lat: number; lng: number };

/**
 * Every vehicle on one canvas: arrows turned to the heading and coloured by state, clustered by
 * supercluster when zoomed out. One canvas instead of thousands of DOM markers keeps the map
 * smooth with ten thousand vehicles. Owns its canvas and listeners and removes them on unmount.
 */
export function VehicleLayer({
  points,
  selectedId,
  onSelect,
  version,
}: {
  points: VehiclePoint[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** Changes whenever points move; avoids comparing thousands of points. */
  version: number;
}) {
  const map = useMap();
  const state = useRef({
    points,
    selectedId,
    onSelect,
    drawn: [] as Drawn[],
    frame: 0,
    latest: new Map<string, VehiclePoint>(),
    clusters: null as { index: Supercluster; zoom: number; builtAt: number } | null,
  });
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const drawRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    const current = state.current;
    const canvas = L.DomUtil.create('canvas', 'waymark-vehicles') as HTMLCanvasElement;
    canvas.style.pointerEvents = 'none';
    map.getPanes().overlayPane.appendChild(canvas);
    canvasRef.current = canvas;

    const draw = () => {
      state.current.frame = 0;
      const size = map.getSize();
      const ratio = window.devicePixelRatio || 1;
      if (canvas.width !== size.x * ratio || canvas.height !== size.y * ratio) {
        canvas.width = size.x * ratio;
        canvas.height = size.y * ratio;
        canvas.style.width = `${size.x}px`;
        canvas.style.height = `${size.y}px`;
      }
      L.DomUtil.setPosition(canvas, map.containerPointToLayerPoint([0, 0]));
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      ctx.clearRect(0, 0, size.x, size.y);
      const zoom = map.getZoom();
      const bounds = map.getBounds().pad(0.1);
      const drawn: Drawn[] = [];
      const { selectedId: selected, latest } = state.current;
      const features = zoom >= CLUSTER_UNTIL_ZOOM ? pointsIn(latest, bounds) : clustersAt(Math.round(zoom), bounds);
      for (const feature of features) {
        const props = feature.properties as {
          cluster?: boolean;
          cluster_id?: number;
          point_count?: number;
          point?: VehiclePoint;
        };
        // a vehicle drawn alone shows where it is now, though the clusters were worked out a moment ago
        const point = props.point ? latest.get(props.point.id) : undefined;
        if (props.point && !point) continue;
        const [lng, lat] = point
          ? [point.longitude, point.latitude]
          : (feature.geometry.coordinates as [number, number]);
        const p = map.latLngToContainerPoint([lat, lng]);
        if (props.cluster) {
          const count = props.point_count ?? 0;
          const r = 12 + Math.min(18, Math.log2(count) * 3);
          ctx.beginPath();
          ctx.arc(p.x, p.y, r, 0, Math.PI * 2);
          ctx.fillStyle = 'rgba(25, 118, 210, 0.85)';
          ctx.fill();
          ctx.lineWidth = 3;
          ctx.strokeStyle = 'rgba(255,255,255,0.9)';
          ctx.stroke();
          ctx.fillStyle = '#fff';
          ctx.font = 'bold 12px sans-serif';
          ctx.textAlign = 'center';
          ctx.textBaseline = 'middle';
          ctx.fillText(String(count), p.x, p.y);
          drawn.push({ x: p.x, y: p.y, r, clusterId: props.cluster_id, lat, lng });
          continue;
        }
        const vehicle = point!;
        const isSelected = vehicle.id === selected;
        const size = isSelected ? 13 : 9;
        ctx.save();
        ctx.translate(p.x, p.y);
        ctx.rotate((vehicle.heading * Math.PI) / 180);
        ctx.beginPath();
        ctx.moveTo(0, -size);
        ctx.lineTo(size * 0.75, size);
        ctx.lineTo(0, size * 0.45);
        ctx.lineTo(-size * 0.75, size);
        ctx.closePath();
        ctx.fillStyle = STATE_COLOURS[vehicle.status];
        ctx.fill();
        ctx.lineWidth = isSelected ? 3 : 1.5;
        ctx.strokeStyle = isSelected ? '#1565c0' : '#fff';
        ctx.stroke();
        ctx.restore();
        if (zoom >= CLUSTER_UNTIL_ZOOM || isSelected) {
          ctx.font = '11px sans-serif';
          ctx.textAlign = 'center';
          ctx.textBaseline = 'top';
          ctx.lineWidth = 3;
          ctx.strokeStyle = '#fff';
          ctx.strokeText(vehicle.label, p.x, p.y + size + 2);
          ctx.fillStyle = '#212121';
          ctx.fillText(vehicle.label, p.x, p.y + size + 2);
        }
        drawn.push({ x: p.x, y: p.y, r: size, vehicleId: vehicle.id, lat, lng });
      }
      state.current.drawn = drawn;
      noteDrawn();
    };
    /** The clusters at `zoom`: of that zoom alone (a seventh of the work of every zoom), refreshed at most every CLUSTER_REFRESH_MS. */
    const clustersAt = (zoom: number, bounds: L.LatLngBounds) => {
      let { clusters } = state.current;
      if (!clusters || clusters.zoom !== zoom || performance.now() - clusters.builtAt > CLUSTER_REFRESH_MS) {
        const index = new Supercluster({ radius: 50, minZoom: zoom, maxZoom: zoom });
        index.load(
          state.current.points.map((point) => ({
            type: 'Feature' as const,
            properties: { point },
            geometry: { type: 'Point' as const, coordinates: [point.longitude, point.latitude] },
          })),
        );
        clusters = { index, zoom, builtAt: performance.now() };
        state.current.clusters = clusters;
      }
      return clusters.index.getClusters(
        [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()],
        zoom,
      );
    };
    const schedule = () => {
      if (!state.current.frame) state.current.frame = requestAnimationFrame(draw);
    };
    drawRef.current = schedule;

    const click = (event: L.LeafletMouseEvent) => {
      const { x, y } = event.containerPoint;
      let best: Drawn | null = null;
      let bestDistance = Infinity;
      for (const item of state.current.drawn) {
        const d = Math.hypot(item.x - x, item.y - y);
        if (d <= Math.max(item.r, HIT_RADIUS) && d < bestDistance) {
          best = item;
          bestDistance = d;
        }
      }
      if (!best) return;
      if (best.vehicleId) state.current.onSelect(best.vehicleId);
      else if (best.clusterId !== undefined && state.current.clusters) {
        // frame the cluster's vehicles
        const leaves = state.current.clusters.index.getLeaves(best.clusterId, Infinity);
        const places = leaves
          .map((leaf) => leaf.geometry.coordinates as [number, number])
          .map(([lng, lat]) => L.latLng(lat, lng));
        if (places.length) map.fitBounds(L.latLngBounds(places), { padding: [40, 40], maxZoom: 18 });
      }
    };
    const hide = () => {
      canvas.style.visibility = 'hidden';
    };
    const show = () => {
      canvas.style.visibility = 'visible';
      schedule();
    };
    map.on('moveend resize viewreset', schedule);
    map.on('move', schedule);
    map.on('zoomstart', hide);
    map.on('zoomend', show);
    map.on('click', click);
    schedule();
    return () => {
      map.off('moveend resize viewreset', schedule);
      map.off('move', schedule);
      map.off('zoomstart', hide);
      map.off('zoomend', show);
      map.off('click', click);
      // forget the cancelled frame, or a remount (React's strict mode does one) would never draw again
      if (current.frame) cancelAnimationFrame(current.frame);
      current.frame = 0;
      canvas.remove();
    };
  }, [map]);

  useEffect(() => {
    state.current.points = points;
    state.current.latest = new Map(points.map((point) => [point.id, point]));
    state.current.selectedId = selectedId;
    state.current.onSelect = onSelect;
    drawRef.current();
  }, [points, selectedId, onSelect, version]);

  return null;
}
