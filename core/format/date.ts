/** The one date formatter: dd/MM/yyyy and HH:mm:ss (24 h) in Asia/Kolkata, as the spec displays. */
const TIME_ZONE = 'Asia/Kolkata';
const dateFormat = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

function parse(value: string | number | Date | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export function formatDate(value: string | number | Date | null | undefined): string {
  const date = parse(value);
  return date ? dateFormat.format(date) : '';
}

export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = parse(value);
  return date ? `${dateFormat.format(date)} ${timeFormat.format(date)}` : '';
}

export function formatTime(value: string | number | Date | null | undefined): string {
  const date = parse(value);
  return date ? timeFormat.format(date) : '';
}

/** India keeps one offset all year (UTC+05:30), so a day there starts at 18:30 UTC the day before. */
const KOLKATA_OFFSET_MS = 5.5 * 3600_000;

/** Midnight in Asia/Kolkata of the day `value` falls on there, `days` later. */
export function startOfIndianDay(value: number | Date, days = 0): Date {
  const shifted = new Date((value instanceof Date ? value.getTime() : value) + KOLKATA_OFFSET_MS);
  return new Date(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate() + days) - KOLKATA_OFFSET_MS);
}

/** Midnight in Asia/Kolkata of the first day of the month `value` falls in there, `months` later. */
export function startOfIndianMonth(value: number | Date, months = 0): Date {
  const shifted = new Date((value instanceof Date ? value.getTime() : value) + KOLKATA_OFFSET_MS);
  return new Date(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth() + months, 1) - KOLKATA_OFFSET_MS);
}

/** Day of the week in Asia/Kolkata of an instant, Monday 0 to Sunday 6. */
export function indianWeekday(value: number | Date): number {
  return (new Date((value instanceof Date ? value.getTime() : value) + KOLKATA_OFFSET_MS).getUTCDay() + 6) % 7;
}

/** yyyy-MM-dd of the day an instant falls on in Asia/Kolkata: how date fields are sent. */
export function indianIsoDay(value: number | Date = Date.now()): string {
  return new Date((value instanceof Date ? value.getTime() : value) + KOLKATA_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * A day typed into a date picker (the spec: dd/MM/yyyy, no later than today): midnight of it in
 * Asia/Kolkata, or the message key (dates.*) saying what is wrong with it.
 */
export function pickedDay(text: string, now = Date.now()): { day: Date } | { error: 'dates.format' | 'dates.future' } {
  const day = parseIndianDate(text);
  if (!day) return { error: 'dates.format' };
  return day.getTime() > startOfIndianDay(now).getTime() ? { error: 'dates.future' } : { day };
}

/** dd/MM/yyyy typed by a user, as midnight of that day in Asia/Kolkata; undefined when it is not a real date. */
export function parseIndianDate(text: string): Date | undefined {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return undefined;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = new Date(Date.UTC(year, month - 1, day));
  if (utc.getUTCDate() !== day || utc.getUTCMonth() !== month - 1) return undefined;
  return new Date(utc.getTime() - KOLKATA_OFFSET_MS);
}
