import { sql, type SQL } from 'drizzle-orm';

import { DEFAULT_OFFLINE_MINUTES, MOVING_KMPH, STOP_MINUTES, type PlaybackPoint, type Stop } from '../../resources/tracking.ts';

export { VEHICLE_STATES } from '../../resources/tracking.ts';

/**
 * The state of a vehicle from its device's latest state `s` and its organisation `o` (whose
 * settings give the offline threshold), as SQL so lists can filter and count by it.
 */
export const vehicleStateSql: SQL = sql`case
  when s.last_position is null then 'noData'
  when s.last_seen_at < now() - make_interval(mins => coalesce((o.attributes->'settings'->>'offlineMinutes')::int, ${DEFAULT_OFFLINE_MINUTES})) then 'offline'
  when (s.last_position->>'speed')::float8 >= ${MOVING_KMPH} then 'running'
  when (s.last_position->>'ignition')::boolean then 'idle'
  else 'stopped' end`;

/** Halts of STOP_MINUTES or more along a path ordered by time. */
export function findStops(points: PlaybackPoint[]): Stop[] {
  const stops: Stop[] = [];
  let start = -1;
  const close = (end: number) => {
    if (start < 0) return;
    const first = points[start]!;
    const last = points[end]!;
    const minutes = (Date.parse(last.fixTime) - Date.parse(first.fixTime)) / 60_000;
    if (minutes >= STOP_MINUTES) {
      stops.push({ from: first.fixTime, to: last.fixTime, minutes: Math.round(minutes), latitude: first.latitude, longitude: first.longitude });
    }
    start = -1;
  };
  points.forEach((point, i) => {
    if (point.speed < MOVING_KMPH) {
      if (start < 0) start = i;
    } else {
      close(i);
    }
  });
  close(points.length - 1);
  return stops;
}
