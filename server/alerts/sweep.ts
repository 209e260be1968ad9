import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { query } from '../resources/sql.ts';

/** How often the sweep looks, by default. */
export const SWEEP_INTERVAL_MS = 60_000;
/** A WALLET_LOW rule tells of a wallet still below its amount again after this long. */
export const WALLET_LOW_REPEAT_HOURS = 24;

/**
 * DEVICE_OFFLINE: for each enabled rule, a device of the rule's tree (and vehicles) whose last
 * frame is older than the rule's minutes gets one DEVICE_OFFLINE event per silence (none while one
 * exists since its last frame), with the rule's id in its attributes so that only that rule's
 * trigger decision takes it. The events trigger decides the notice in the same statement.
 */
export async function sweepOfflineDevices(db: Db, now: Date): Promise<number> {
  const at = now.toISOString();
  const rows = await query(
    db,
    sql`insert into events (type, device_id, vehicle_id, organisation_id, event_time, latitude, longitude, attributes)
      select 'DEVICE_OFFLINE', d.id, v.id, d.organisation_id, ${at}::timestamptz,
        (s.last_position->>'latitude')::float8, (s.last_position->>'longitude')::float8,
        jsonb_build_object('ruleId', r.id, 'minutes', floor(extract(epoch from (${at}::timestamptz - s.last_seen_at)) / 60)::int,
          'lastSeenAt', s.last_seen_at)
      from notification_rules r
      join organisations ro on ro.id = r.organisation_id
      join organisations o on o.path like ro.path || '%'
      join devices d on d.organisation_id = o.id
      join device_states s on s.device_id = d.id
      left join vehicles v on v.device_id = d.id
      where r.enabled and r.event_type = 'DEVICE_OFFLINE' and r.offline_minutes is not null
        and s.last_seen_at < ${at}::timestamptz - r.offline_minutes * interval '1 minute'
        and (r.vehicle_scope = 'ALL' or (r.vehicle_scope = 'GROUP' and v.group_id = r.group_id)
          or (r.vehicle_scope = 'VEHICLES' and r.vehicle_ids ? v.id::text))
        and not exists (select 1 from events e where e.device_id = d.id and e.type = 'DEVICE_OFFLINE'
          and e.event_time >= s.last_seen_at and e.attributes->>'ruleId' = r.id::text)
      returning id`,
  );
  return rows.length;
}

/**
 * WALLET_LOW: no device raises it, and an event row needs one (events are a device's history), so
 * the sweep writes the notice itself, with what happened in its `details` (docs/notifications.md):
 * for each enabled rule whose organisation's wallet is below the rule's amount, at most one per
 * WALLET_LOW_REPEAT_HOURS while it stays below.
 */
export async function sweepLowWallets(db: Db, now: Date): Promise<number> {
  const at = now.toISOString();
  const rows = await query(
    db,
    sql`insert into notices (event_id, rule_id, details)
      select null, r.id, jsonb_build_object('eventType', 'WALLET_LOW', 'eventTime', ${at}::timestamptz,
        'organisationId', r.organisation_id, 'attributes', jsonb_build_object('balance', w.balance, 'below', r.wallet_below * 100))
      from notification_rules r
      join lateral (select balance from wallets where organisation_id = r.organisation_id and kind = 'WALLET' and is_active
        order by created_at, id limit 1) w on true
      where r.enabled and r.event_type = 'WALLET_LOW' and r.wallet_below is not null and w.balance < r.wallet_below * 100
        and not exists (select 1 from notices n where n.rule_id = r.id
          and n.created_at > ${at}::timestamptz - ${WALLET_LOW_REPEAT_HOURS} * interval '1 hour')
      returning id`,
  );
  if (rows.length) await db.execute(sql`select pg_notify('waymark_notices', 'decided')`);
  return rows.length;
}

/** Both sweeps, every interval, in a process that runs the notice processor. */
export function startAlertSweep(db: Db, onError: (error: unknown) => void, intervalMs = SWEEP_INTERVAL_MS) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    const now = new Date();
    sweepOfflineDevices(db, now)
      .then(() => sweepLowWallets(db, now))
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  return () => clearInterval(timer);
}
