/**
 * The one rule for fixes that count for distance: route playback, the trips and daily summaries
 * (and so every report, the dashboards and the timeline) measure a vehicle's path the same way, so
 * one vehicle and day has one distance (docs/reports.md, "Distance").
 */

/** Above this implied speed from the last counted fix, a fix is a GPS jump. */
export const MAX_PLAUSIBLE_KMPH = 250;
/** Fewer satellites than this: the fix does not count for distance. */
export const MIN_SATELLITES = 4;

export interface MeasuredFix {
  /** Milliseconds since 1970. */
  time: number;
  latitude: number;
  longitude: number;
  gpsFix: boolean;
  satellites: number | null;
}

const EARTH_RADIUS_M = 6_371_008.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres (haversine on the mean Earth radius, as @turf measures). */
export function haversineMeters(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A fix with a GPS fix and, when the device says how many, at least MIN_SATELLITES satellites. */
export const hasGoodFix = (fix: MeasuredFix): boolean =>
  fix.gpsFix && (fix.satellites === null || fix.satellites >= MIN_SATELLITES);

/**
 * The metres from the last counted fix to `fix`, or null when `fix` does not count: no good fix,
 * or a jump (an implied speed above MAX_PLAUSIBLE_KMPH; the next fix is measured from the last
 * good one). The first counted fix measures 0.
 */
export function countedStep(lastCounted: MeasuredFix | null, fix: MeasuredFix): number | null {
  if (!hasGoodFix(fix)) return null;
  if (!lastCounted) return 0;
  const meters = haversineMeters(lastCounted, fix);
  if (meters === 0) return 0;
  const hours = (fix.time - lastCounted.time) / 3_600_000;
  if (hours <= 0 || meters / 1000 / hours > MAX_PLAUSIBLE_KMPH) return null;
  return meters;
}
