import { sql } from 'drizzle-orm';
import { DEVICE_STATUSES } from '../../resources/entities/device.ts';
import { badRequest } from '../http/errors.ts';
import type { ResourceHooks } from '../resources/hooks.ts';
import { query } from '../resources/sql.ts';

export const deviceHooks: ResourceHooks = {
  /** What the gateway last heard: lastSeenAt, lastPosition (decoded fields) and lastHealth, or null. */
  async decorateOne(db, record) {
    const [state] = await query<{ lastSeenAt: string; lastPosition: unknown; lastHealth: unknown }>(db, sql`
      select to_json(last_seen_at) #>> '{}' as "lastSeenAt", last_position as "lastPosition", last_health as "lastHealth"
      from device_states where device_id = ${record.id}::uuid`);
    record.lastSeenAt = state?.lastSeenAt ?? null;
    record.lastPosition = state?.lastPosition ?? null;
    record.lastHealth = state?.lastHealth ?? null;
  },
  extraFilters: () => ({
    statusNotIn: (value) => {
      const statuses = Array.isArray(value) ? value : String(value).split(',');
      if (!statuses.every((s) => (DEVICE_STATUSES as readonly string[]).includes(String(s)))) throw badRequest('The filter statusNotIn is not valid');
      return statuses.length ? sql`t.status not in (${sql.join(statuses.map((s) => sql`${String(s)}`), sql`, `)})` : sql`true`;
    },
  }),
};
