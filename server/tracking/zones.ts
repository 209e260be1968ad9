import { sql } from 'drizzle-orm';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import pointToLineDistance from '@turf/point-to-line-distance';
import distance from '@turf/distance';
import { point, lineString, polygon } from '@turf/helpers';
import type { Db } from '../db/client.ts';
import { query } from '../resources/sql.ts';
import type { DerivedEvent, EventDeriver } from '../gateway/store.ts';
import { DEFAULT_SETTINGS } from '../organisations/settings.ts';
import { motionOf, motionRuleOf, type MotionRule } from './motion.ts';

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
  /** Idle is the one motion rule's idle, with the organisation's moving threshold. */
  motion: MotionRule;
  /** A track (live, or history frames) whose positions are this far apart starts afresh. */
  offlineMs: number;
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
 * device reported the overspeed itself in the same batch). Every stored position is looked at, in
 * time order per vehicle, and an event carries the time of the position that raised it. Positions
 * older than one already looked at (history frames after live ones) run on a track of their own,
 * so a device catching up does not enter and leave its zones twice. What a track knows (inside or
 * not, idle since) is remembered per process; the first position after a start, or after a gap
 * longer than the offline time, only sets it (docs/tracking.md).
 */
export function zoneEvents(db: Db): EventDeriver {
  const rules = new Map<string, Rules>();
  const inside = new Map<string, boolean>();
  const idleSince = new Map<string, number>();
  const idleRaised = new Set<string>();
  /** The newest position looked at, per vehicle (live) and per track. */
  const newest = new Map<string, number>();
  const trackTime = new Map<string, number>();

  /** Forgets what a track knew: its zones, route, speeding and idling. */
  const reset = (track: string, vehicleRules: Rules) => {
    for (const zone of vehicleRules.zones) inside.delete(`${track}:${zone.id}`);
    if (vehicleRules.route) inside.delete(`${track}:route:${vehicleRules.route.id}`);
    inside.delete(`${track}:speeding`);
    idleSince.delete(track);
    idleRaised.delete(track);
  };

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
        minMovingKmph: number | null;
        offlineMinutes: number | null;
        route: PlannedRoute | null;
      }>(
        db,
        sql`select v.id as "vehicleId",
          (o.attributes->'settings'->>'overspeedKmph')::integer as "overspeedKmph",
          (o.attributes->'settings'->>'idleMinutes')::integer as "idleMinutes",
          (o.attributes->'settings'->>'minMovingKmph')::float8 as "minMovingKmph",
          (o.attributes->'settings'->>'offlineMinutes')::integer as "offlineMinutes",
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
        motion: motionRuleOf({ minMovingKmph: vehicle?.minMovingKmph ?? undefined }),
        offlineMs: (vehicle?.offlineMinutes ?? DEFAULT_SETTINGS.offlineMinutes) * 60_000,
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
    // the store hands them over in time order per device; sort again so no caller can break the rule
    const ordered = [...withVehicle].sort((a, b) =>
      a.vehicleId !== b.vehicleId
        ? a.vehicleId! < b.vehicleId!
          ? -1
          : 1
        : Date.parse(a.fixTime) - Date.parse(b.fixTime),
    );
    for (const p of ordered) {
      const vehicleRules = rules.get(p.vehicleId!);
      if (!vehicleRules) continue;
      const vehicleId = p.vehicleId!;
      const fixTime = Date.parse(p.fixTime);
      const latest = newest.get(vehicleId);
      const track = latest !== undefined && fixTime < latest ? `${vehicleId}:history` : vehicleId;
      if (track === vehicleId) newest.set(vehicleId, fixTime);
      const previous = trackTime.get(track);
      if (previous !== undefined && (fixTime < previous || fixTime - previous > vehicleRules.offlineMs))
        reset(track, vehicleRules);
      trackTime.set(track, fixTime);
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
        const key = `${track}:${zone.id}`;
        const now = insideZone(zone, p.latitude, p.longitude);
        const before = inside.get(key);
        inside.set(key, now);
        if (before === undefined || before === now) continue;
        raise(now ? 'GEOFENCE_ENTER' : 'GEOFENCE_EXIT', { geofenceId: zone.id, geofenceName: zone.name });
      }
      // the organisation's limit, for devices that do not send OS alerts themselves
      const speedKey = `${track}:speeding`;
      const speeding = p.speed > vehicleRules.overspeedKmph;
      const wasSpeeding = inside.get(speedKey) ?? false;
      inside.set(speedKey, speeding);
      if (speeding && !wasSpeeding && !reported.has(`${p.deviceId}:OVERSPEED`)) {
        raise('OVERSPEED', { limitKmph: vehicleRules.overspeedKmph, speed: p.speed, source: 'server' });
      }
      // engine on, standing still (the one motion rule's idle), for longer than the organisation allows: once per halt
      if (motionOf(p, vehicleRules.motion) === 'idle') {
        const since = idleSince.get(track) ?? fixTime;
        idleSince.set(track, since);
        const minutes = (fixTime - since) / 60_000;
        if (minutes >= vehicleRules.idleMinutes && !idleRaised.has(track)) {
          idleRaised.add(track);
          raise('EXCESS_IDLE', { limitMinutes: vehicleRules.idleMinutes, minutes: Math.round(minutes) });
        }
      } else {
        idleSince.delete(track);
        idleRaised.delete(track);
      }
      const route = vehicleRules.route;
      if (route) {
        const meters = metersFromRoute(route, p.latitude, p.longitude);
        if (meters === null) continue;
        const key = `${track}:route:${route.id}`;
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
