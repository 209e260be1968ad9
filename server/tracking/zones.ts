import { sql } from 'drizzle-orm';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import pointToLineDistance from '@turf/point-to-line-distance';
import distance from '@turf/distance';
import { point, lineString, polygon } from '@turf/helpers';
import type { Db } from '../db/client.ts';
import { query } from '../resources/sql.ts';
import type { DerivedEvent, EventDeriver } from '../gateway/store.ts';
import { DEFAULT_SETTINGS } from '../organisations/settings.ts';
import { MOVING_KMPH } from '../../resources/tracking.ts';

interface Zone {
  id: string;
  name: string;
  type: 'POINT' | 'POLYGON';
  area: { type: string; coordinates: unknown };
  radiusMeters: number | null;
}
interface PlannedRoute {
  id: string;
  name: string;
  line: { type: string; coordinates: [number, number][] } | null;
  toleranceMeters: number;
}
interface Rules {
  zones: Zone[];
  route: PlannedRoute | null;
  overspeedKmph: number;
  idleMinutes: number;
  loadedAt: number;
}

/** How long a vehicle's geofences and route stay cached: an assignment takes effect within this time. */
const RULES_TTL_MS = 30_000;

export function insideZone(zone: Zone, latitude: number, longitude: number): boolean {
  const here = point([longitude, latitude]);
  if (zone.area.type === 'Point') {
    const centre = zone.area.coordinates as [number, number];
    return distance(here, point(centre), { units: 'meters' }) <= (zone.radiusMeters ?? 0);
  }
  if (zone.area.type === 'Polygon')
    return booleanPointInPolygon(here, polygon(zone.area.coordinates as [number, number][][]));
  return false;
}

export function metersFromRoute(route: PlannedRoute, latitude: number, longitude: number): number | null {
  if (!route.line || route.line.type !== 'LineString' || route.line.coordinates.length < 2) return null;
  return pointToLineDistance(point([longitude, latitude]), lineString(route.line.coordinates), { units: 'meters' });
}

/**
 * Events worked out from positions: entering and leaving a vehicle's assigned geofences, leaving
 * its planned route by more than the route's tolerance (else the organisation's route deviation),
 * idling longer than the organisation's idle minutes, and going over its speed limit (unless the
 * device reported the overspeed itself in the same batch). Whether a vehicle is inside is
 * remembered per process; the first position after a start only sets it (docs/tracking.md).
 */
export function zoneEvents(db: Db): EventDeriver {
  const rules = new Map<string, Rules>();
  const inside = new Map<string, boolean>();
  const idleSince = new Map<string, number>();
  const idleRaised = new Set<string>();

  const load = async (vehicleIds: string[], now: number) => {
    const missing = vehicleIds.filter((id) => now - (rules.get(id)?.loadedAt ?? 0) > RULES_TTL_MS);
    if (!missing.length) return;
    const ids = JSON.stringify(missing);
    const [zones, routes] = await Promise.all([
      query<Zone & { vehicleId: string }>(
        db,
        sql`select vg.vehicle_id as "vehicleId", g.id, g.name, g.type, g.area, g.radius_meters as "radiusMeters"
        from vehicle_geofences vg join geofences g on g.id = vg.geofence_id
        where vg.vehicle_id in (select jsonb_array_elements_text(${ids}::jsonb)::uuid)`,
      ),
      query<{
        vehicleId: string;
        overspeedKmph: number | null;
        idleMinutes: number | null;
        route: PlannedRoute | null;
      }>(
        db,
        sql`select v.id as "vehicleId",
          (o.attributes->'settings'->>'overspeedKmph')::integer as "overspeedKmph",
          (o.attributes->'settings'->>'idleMinutes')::integer as "idleMinutes",
          -- a route without a tolerance of its own takes the organisation's route deviation setting
          case when r.id is null then null else jsonb_build_object('id', r.id, 'name', r.name, 'line', r.line, 'toleranceMeters',
            coalesce(r.tolerance_meters, (o.attributes->'settings'->>'routeDeviationMeters')::integer, ${DEFAULT_SETTINGS.routeDeviationMeters}::integer)) end as route
        from vehicles v join organisations o on o.id = v.organisation_id left join routes r on r.id = v.route_id
        where v.id in (select jsonb_array_elements_text(${ids}::jsonb)::uuid)`,
      ),
    ]);
    const settings = new Map(routes.map((r) => [r.vehicleId, r]));
    const zonesOf = new Map<string, Zone[]>();
    for (const zone of zones) {
      const list = zonesOf.get(zone.vehicleId);
      if (list) list.push(zone);
      else zonesOf.set(zone.vehicleId, [zone]);
    }
    for (const id of missing) {
      const vehicle = settings.get(id);
      rules.set(id, {
        zones: zonesOf.get(id) ?? [],
        route: vehicle?.route ?? null,
        overspeedKmph: vehicle?.overspeedKmph ?? DEFAULT_SETTINGS.overspeedKmph,
        idleMinutes: vehicle?.idleMinutes ?? DEFAULT_SETTINGS.idleMinutes,
        loadedAt: now,
      });
    }
  };

  return async (positions, deviceEvents) => {
    const reported = new Set(deviceEvents.map((e) => `${e.deviceId}:${e.type}`));
    const withVehicle = positions.filter((p) => p.vehicleId);
    if (!withVehicle.length) return [];
    await load([...new Set(withVehicle.map((p) => p.vehicleId!))], Date.now());
    const events: DerivedEvent[] = [];
    for (const p of withVehicle) {
      const vehicleRules = rules.get(p.vehicleId!);
      if (!vehicleRules) continue;
      const raise = (type: string, attributes: Record<string, unknown>) =>
        events.push({
          type,
          deviceId: p.deviceId,
          vehicleId: p.vehicleId,
          organisationId: p.organisationId,
          eventTime: p.fixTime,
          latitude: p.latitude,
          longitude: p.longitude,
          attributes,
        });
      for (const zone of vehicleRules.zones) {
        const key = `${p.vehicleId}:${zone.id}`;
        const now = insideZone(zone, p.latitude, p.longitude);
        const before = inside.get(key);
        inside.set(key, now);
        if (before === undefined || before === now) continue;
        raise(now ? 'GEOFENCE_ENTER' : 'GEOFENCE_EXIT', { geofenceId: zone.id, geofenceName: zone.name });
      }
      // the organisation's limit, for devices that do not send OS alerts themselves
      const speedKey = `${p.vehicleId}:speeding`;
      const speeding = p.speed > vehicleRules.overspeedKmph;
      const wasSpeeding = inside.get(speedKey) ?? false;
      inside.set(speedKey, speeding);
      if (speeding && !wasSpeeding && !reported.has(`${p.deviceId}:OVERSPEED`)) {
        raise('OVERSPEED', { limitKmph: vehicleRules.overspeedKmph, speed: p.speed, source: 'server' });
      }
      // engine on, standing still, for longer than the organisation allows: raised once per halt
      const vehicleId = p.vehicleId!;
      if (p.ignition === true && p.speed < MOVING_KMPH) {
        const fixTime = Date.parse(p.fixTime);
        const since = idleSince.get(vehicleId) ?? fixTime;
        idleSince.set(vehicleId, since);
        const minutes = (fixTime - since) / 60_000;
        if (minutes >= vehicleRules.idleMinutes && !idleRaised.has(vehicleId)) {
          idleRaised.add(vehicleId);
          raise('EXCESS_IDLE', { limitMinutes: vehicleRules.idleMinutes, minutes: Math.round(minutes) });
        }
      } else {
        idleSince.delete(vehicleId);
        idleRaised.delete(vehicleId);
      }
      const route = vehicleRules.route;
      if (route) {
        const meters = metersFromRoute(route, p.latitude, p.longitude);
        if (meters === null) continue;
        const key = `${p.vehicleId}:route:${route.id}`;
        const onRoute = meters <= route.toleranceMeters;
        const before = inside.get(key);
        inside.set(key, onRoute);
        if (before === true && !onRoute)
          raise('ROUTE_VIOLATION', { routeId: route.id, routeName: route.name, meters: Math.round(meters) });
      }
    }
    return events;
  };
}
