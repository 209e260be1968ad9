import { indianDayRange, indianIsoDay } from '../../core/format/date.ts';

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
  const range = indianDayRange(day);
  return range && { start: range.from, end: range.to };
}
