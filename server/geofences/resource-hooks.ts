import { badRequest } from '../http/errors.ts';
import type { ResourceHooks } from '../resources/hooks.ts';
import { said } from '../resources/messages.ts';

const AREA_KIND: Record<string, string> = { POINT: 'Point', POLYGON: 'Polygon' };

/** A POINT geofence is a point with a radius; a POLYGON one is an area drawn on the map. */
function checkShape(body: Record<string, unknown>) {
  const type = body.type as string | undefined;
  const area = body.area as { type?: string } | undefined;
  if (!type || !area) return;
  if (area.type !== AREA_KIND[type]) {
    const message = said(type === 'POINT' ? 'api.geofence.pointOnMap' : 'api.geofence.polygonArea');
    throw badRequest(message, { area: message });
  }
  if (type === 'POINT' && body.radiusMeters === null)
    throw badRequest(said('api.geofence.pointRadius'), { radiusMeters: said('api.geofence.pointRadius') });
}

export const geofenceHooks: ResourceHooks = {
  async beforeCreate(_ctx, _columns, body) {
    checkShape(body);
  },
};
