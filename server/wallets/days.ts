import { indianDayRange, indianIsoDay } from '../../core/format/date.ts';

/** The Asia/Kolkata day (yyyy-MM-dd) a date names: a plain yyyy-MM-dd is that day, an ISO instant the day it falls on in India. */
export function indianDayOf(text: string): string | undefined {
  const trimmed = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return trimmed;
  if (!/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/.test(trimmed)) return undefined;
  const instant = new Date(trimmed);
  return Number.isNaN(instant.getTime()) ? undefined : indianIsoDay(instant);
}

/**
 * The Asia/Kolkata day a filter date names, as [start, end): a plain yyyy-MM-dd is that day in
 * India; a full ISO instant (what a date picker may send) is the Indian day it falls on.
 */
export function indianDayBounds(text: string): { start: Date; end: Date } | undefined {
  const day = indianDayOf(text);
  const range = day ? indianDayRange(day) : undefined;
  return range && { start: range.from, end: range.to };
}
