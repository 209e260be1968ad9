/**
 * A report's period presets as [from, to) instants in Asia/Kolkata, shared by the console's
 * preset buttons and the server's filter parsing so both agree. A week starts on Monday; a period
 * ends at the end of its day, week or month (a future stretch simply holds no rows).
 */
import { indianWeekday, startOfIndianDay, startOfIndianMonth } from '../../core/format/date.ts';
import type { PeriodPresetName } from './define.ts';

export type PresetName = Exclude<PeriodPresetName, 'custom'>;
export const PRESET_NAMES: readonly PresetName[] = [
  'today',
  'yesterday',
  'thisWeek',
  'lastWeek',
  'thisMonth',
  'lastMonth',
];

const DAY_MS = 86_400_000;

export const isPresetName = (value: unknown): value is PresetName =>
  typeof value === 'string' && (PRESET_NAMES as readonly string[]).includes(value);

/** The preset's [from, to) in Asia/Kolkata. */
export function presetRange(preset: PresetName, now = Date.now()): { from: Date; to: Date } {
  const today = startOfIndianDay(now);
  const weekday = indianWeekday(now);
  const monday = startOfIndianDay(now, -weekday);
  switch (preset) {
    case 'today':
      return { from: today, to: startOfIndianDay(now, 1) };
    case 'yesterday':
      return { from: startOfIndianDay(now, -1), to: today };
    case 'thisWeek':
      return { from: monday, to: new Date(monday.getTime() + 7 * DAY_MS) };
    case 'lastWeek':
      return { from: new Date(monday.getTime() - 7 * DAY_MS), to: monday };
    case 'thisMonth':
      return { from: startOfIndianMonth(now), to: startOfIndianMonth(now, 1) };
    case 'lastMonth':
      return { from: startOfIndianMonth(now, -1), to: startOfIndianMonth(now) };
  }
}

/** The preset up to now (a period still going on ends now): playback and the dashboards' charts. */
export function presetSoFar(preset: PresetName, now = Date.now()): { from: Date; to: Date } {
  const { from, to } = presetRange(preset, now);
  return { from, to: new Date(Math.min(to.getTime(), now)) };
}

/** Whole days in [from, to), rounded up: what the longest-period rule counts. */
export const periodDays = (from: Date, to: Date) => Math.ceil((to.getTime() - from.getTime()) / DAY_MS);
