import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import type L from 'leaflet';
import type { Viewport } from '../../resources/tracking.ts';
import { liveConnection } from './connection.ts';

/** Beyond the visible map, this share of its size still counts as in view: a small pan finds its vehicles fresh. */
const MARGIN = 0.25;

const wrap = (longitude: number) => ((((longitude + 180) % 360) + 360) % 360) - 180;

function viewportOf(map: L.Map): Viewport {
  const bounds = map.getBounds().pad(MARGIN);
  const west = bounds.getWest();
  const east = bounds.getEast();
  // zoomed out past a whole world, every longitude is in view
  const whole = east - west >= 360;
  return [
    whole ? -180 : wrap(west),
    Math.max(-90, bounds.getSouth()),
    whole ? 180 : wrap(east),
    Math.min(90, bounds.getNorth()),
  ];
}

/**
 * Tells the live socket which area the map shows, so the server sends the vehicles there in full
 * and at once (and the selected vehicle, wherever it is) and the rest coarser (src/live/connection.ts);
 * forgets it when the map goes.
 */
export function LiveViewport({ focusId }: { focusId: string | null }) {
  const map = useMap();
  const focus = useRef(focusId);
  useEffect(() => {
    const report = () => liveConnection.setViewport(viewportOf(map), focus.current);
    map.on('moveend', report);
    return () => {
      map.off('moveend', report);
      liveConnection.setViewport(null);
    };
  }, [map]);
  // a new selection changes the focus alone: the viewport is not forgotten in between
  useEffect(() => {
    focus.current = focusId;
    liveConnection.setViewport(viewportOf(map), focusId);
  }, [map, focusId]);
  return null;
}
