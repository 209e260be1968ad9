import { sql, type SQL } from 'drizzle-orm';

import { DEFAULT_OFFLINE_MINUTES } from '../../resources/tracking.ts';
import { motionSql } from './motion.ts';

export { VEHICLE_STATES } from '../../resources/tracking.ts';

/**
 * The state of a vehicle from its device's latest state `s` and its organisation `o` (whose
 * settings give the offline and moving thresholds), as SQL so lists can filter and count by it:
 * offline when not heard from for that long, else what its last position makes it by the one
 * motion rule with the organisation's settings (motion.ts), as the reports decide.
 */
export const vehicleStateSql: SQL = sql`case
  when s.last_position is null then 'noData'
  when s.last_seen_at < now() - make_interval(mins => coalesce((o.attributes->'settings'->>'offlineMinutes')::int, ${DEFAULT_OFFLINE_MINUTES})) then 'offline'
  else ${motionSql(sql`s.last_position`, sql`o.attributes->'settings'`)} end`;
