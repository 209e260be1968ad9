import { sql } from 'drizzle-orm';
import { DEVICE_STATUSES } from '../../resources/entities/device.ts';
import type { ResourceHooks } from '../resources/hooks.ts';
import { query } from '../resources/sql.ts';
import { choiceCondition, choiceList } from '../resources/list-query.ts';

export const deviceHooks: ResourceHooks = {
  /** What the gateway last heard: lastSeenAt, lastPosition (decoded fields) and lastHealth, or null. */
  async decorateOne(db, record) {
    const [state] = await query<{ lastSeenAt: string; lastPosition: unknown; lastHealth: unknown }>(
      db,
      sql`
      select to_json(last_seen_at) #>> '{}' as "lastSeenAt", last_position as "lastPosition", last_health as "lastHealth"
      from device_states where device_id = ${record.id}::uuid`,
    );
    record.lastSeenAt = state?.lastSeenAt ?? null;
    record.lastPosition = state?.lastPosition ?? null;
    record.lastHealth = state?.lastHealth ?? null;
  },
  listReads: [],
  extraFilters: {
    statusNotIn: (value) => choiceCondition(sql`t.status`, choiceList('statusNotIn', value, DEVICE_STATUSES), true),
  },
};
