/**
 * SOS cases opened and released in the transaction that stores the events (server/gateway/store.ts):
 * an SOS opens a case for its device unless one is open already; SOS_CLEARED (the button released)
 * is noted on the open case, which stays open until a user acknowledges it (server/sos/routes.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DerivedEvent } from '../gateway/frame-rows.ts';
import { DEFAULT_SETTINGS } from '../organisations/settings.ts';

export const SOS = 'SOS';
export const SOS_CLEARED = 'SOS_CLEARED';

/** The organisation's escalation delay in minutes (its settings, else the default), of organisations `o`. */
export const escalationMinutes = (o = sql`o`) =>
  sql`coalesce((${o}.attributes->'settings'->>'sosEscalationMinutes')::integer, ${DEFAULT_SETTINGS.sosEscalationMinutes})`;

/**
 * The statements opening and releasing the cases of a batch's SOS events, to run after the events
 * are inserted (they read the SOS event's row for its id); none for a batch without SOS, so ordinary
 * frames pay nothing. The first SOS of a device in the batch opens its case; the partial unique
 * index (one open case per device) turns a repeat into nothing, here or from another process.
 */
export function sosCaseStatements(events: readonly DerivedEvent[]): SQL[] {
  const raised = events.filter((e) => e.type === SOS);
  const released = events.filter((e) => e.type === SOS_CLEARED);
  const statements: SQL[] = [];
  if (raised.length) {
    const rows = JSON.stringify(raised.map((e) => ({ device_id: e.deviceId, event_time: e.eventTime })));
    statements.push(sql`
      insert into sos_cases (device_id, vehicle_id, organisation_id, event_id, opened_at, latitude, longitude, next_escalation_at)
      select distinct on (e.device_id) e.device_id, e.vehicle_id, e.organisation_id, e.id, e.event_time, e.latitude, e.longitude,
        now() + ${escalationMinutes()} * interval '1 minute'
      from jsonb_to_recordset(${rows}::jsonb) as x(device_id uuid, event_time timestamptz)
        join events e on e.device_id = x.device_id and e.event_time = x.event_time and e.type = ${SOS}
        join organisations o on o.id = e.organisation_id
      order by e.device_id, e.event_time, e.created_at
      on conflict (device_id) where acknowledged_at is null do nothing`);
  }
  if (released.length) {
    const rows = JSON.stringify(released.map((e) => ({ device_id: e.deviceId, event_time: e.eventTime })));
    statements.push(sql`
      update sos_cases c set released_at = x.event_time
      from jsonb_to_recordset(${rows}::jsonb) as x(device_id uuid, event_time timestamptz)
      where c.device_id = x.device_id and c.acknowledged_at is null and c.released_at is null and x.event_time >= c.opened_at`);
  }
  return statements;
}
