import { sql, type SQL } from 'drizzle-orm';

import { DEFAULT_OFFLINE_MINUTES, MOVING_KMPH } from '../../resources/tracking.ts';

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
