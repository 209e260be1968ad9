/**
 * The one motion rule: whether a vehicle at a position is running, idle or stopped, with its
 * organisation's settings. Vehicle Status (the live state), the live socket, the trip detector
 * of the reports, route playback and the zone and idle alerts all decide here, so an
 * organisation that sets "moving above 10" sees the same answer on every screen
 * (docs/reports.md, "Moving or standing").
 */
import { sql, type SQL } from 'drizzle-orm';
// type only: the settings module reaches the database schema, which reads this module's SQL
import type { OrganisationSettings } from '../organisations/settings.ts';
import { MOVING_KMPH } from '../../resources/tracking.ts';

export type Motion = 'running' | 'idle' | 'stopped';

export interface MotionRule {
  /** At or above this speed (km/h) a vehicle whose ignition is not reported off is running. */
  minMovingKmph: number;
}

/** The rule of an organisation's settings (its `attributes.settings`, missing keys take the defaults). */
export function motionRuleOf(settings: Partial<OrganisationSettings> | null | undefined): MotionRule {
  const value = Number(settings?.minMovingKmph);
  return { minMovingKmph: Number.isFinite(value) && value > 0 ? value : MOVING_KMPH };
}

/**
 * Running: at or above the organisation's speed with the ignition not reported off (a device that
 * reports the ignition off while its GPS drifts is standing). Idle: standing with the ignition on.
 * Stopped: otherwise (ignition off, or not reported and standing).
 */
export function motionOf(fix: { speed: number; ignition: boolean | null }, rule: MotionRule): Motion {
  if (fix.ignition !== false && fix.speed >= rule.minMovingKmph) return 'running';
  return fix.ignition === true ? 'idle' : 'stopped';
}

export const isMoving = (fix: { speed: number; ignition: boolean | null }, rule: MotionRule): boolean =>
  motionOf(fix, rule) === 'running';

/** The organisation's moving threshold in SQL, from its settings (jsonb, `o.attributes->'settings'`). */
export const minMovingKmphSql = (settings: SQL): SQL =>
  sql`coalesce((${settings}->>'minMovingKmph')::float8, ${MOVING_KMPH}::float8)`;

/**
 * The same rule in SQL, for lists that filter and count by it: `position` is a stored position as
 * jsonb (`device_states.last_position`: speed, ignition), `settings` the organisation's settings.
 * Null when there is no position.
 */
export const motionSql = (position: SQL, settings: SQL): SQL => sql`case
    when ${position} is null then null
    when coalesce((${position}->>'ignition')::boolean, true) and (${position}->>'speed')::float8 >= ${minMovingKmphSql(settings)} then 'running'
    when (${position}->>'ignition')::boolean then 'idle'
    else 'stopped' end`;
