import { sql, type SQL } from 'drizzle-orm';

import { DEFAULT_OFFLINE_MINUTES, MOVING_KMPH } from '../../resources/tracking.ts';

export { VEHICLE_STATES } from '../../resources/tracking.ts';

/**
 * A reporting vehicle's motion from its device's last position, as device_states.motion generates
 * it (migration 0026): running at MOVING_KMPH or faster, else idle with the ignition on, else stopped.
 */
export const MOTION_SQL = `case
    when last_position is null then null
    when (last_position->>'speed')::float8 >= ${MOVING_KMPH} then 'running'
    when (last_position->>'ignition')::boolean then 'idle'
    else 'stopped' end`;

/**
 * The state of a vehicle from its device's latest state `s` and its organisation `o` (whose
 * settings give the offline threshold), as SQL so lists can filter and count by it: offline when
 * not heard from for that long, else what its last position makes it (the motion column).
 */
export const vehicleStateSql: SQL = sql`case
  when s.motion is null then 'noData'
  when s.last_seen_at < now() - make_interval(mins => coalesce((o.attributes->'settings'->>'offlineMinutes')::int, ${DEFAULT_OFFLINE_MINUTES})) then 'offline'
  else s.motion end`;
