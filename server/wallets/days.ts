import { indianIsoDay, startOfIndianDay } from '../../core/format/date.ts';

/**
 * The Asia/Kolkata day a filter date names, as [start, end): a plain yyyy-MM-dd is that day in
 * India; a full ISO instant (what a date picker may send) is the Indian day it falls on.
 */
export function indianDayBounds(text: string): { start: Date; end: Date } | undefined {
  const trimmed = text.trim();
  const plain = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
  let day: string;
  if (plain) {
    day = trimmed;
  } else {
    if (!/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/.test(trimmed)) return undefined;
    const instant = new Date(trimmed);
    if (Number.isNaN(instant.getTime())) return undefined;
    day = indianIsoDay(instant);
  }
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const utc = new Date(Date.UTC(year, month - 1, date));
  if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== date || year < 1970 || year > 9999) return undefined;
  // midnight in India of that calendar day, and of the next
  const start = startOfIndianDay(utc.getTime() + 6 * 3600_000);
  return { start, end: startOfIndianDay(start, 1) };
}
