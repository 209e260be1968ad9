/** The field readers of the AIS-140 parser (server/gateway/ais140.ts): strict where a wrong value misplaces a vehicle. */

/** A frame refused, with the reason kept in its raw log. */
export class FrameError extends Error {}

export const fail = (message: string): never => {
  throw new FrameError(message);
};

export const numberOrNull = (text: string | undefined): number | null => {
  if (text === undefined) return null;
  const value = Number(text);
  // Number('') and Number('  ') are 0: a blank field is absent, not zero
  if (value === 0 && text.trim() === '') return null;
  return Number.isFinite(value) ? value : null;
};

export const flag = (text: string | undefined): boolean | null => {
  if (text === undefined) return null;
  const t = text.trim().toUpperCase();
  if (t === '1' || t === 'ON' || t === 'Y') return true;
  if (t === '0' || t === 'OFF' || t === 'N') return false;
  return null;
};

const DATE = /^(\d{2})(\d{2})(\d{2}|\d{4})$/;
const TIME = /^(\d{2})(\d{2})(\d{2})(?:\.\d+)?$/;

const daysIn = (year: number, month: number) =>
  month === 2
    ? year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
      ? 29
      : 28
    : month === 4 || month === 6 || month === 9 || month === 11
      ? 30
      : 31;

/**
 * ddMMyyyy (or ddMMyy) and HHmmss in UTC; strict, since a wrong time misplaces the whole path.
 * Returns the ISO text Date#toISOString gives, built from the digits (every frame passes here).
 */
export function parseTime(date: string, time: string, now = Date.now()): string {
  const d = DATE.exec(date.trim()) ?? fail(`invalid date "${date}"`);
  const t = TIME.exec(time.trim()) ?? fail(`invalid time "${time}"`);
  const yearText = d[3]!.length === 2 ? `20${d[3]}` : d[3]!;
  const [day, month, year] = [Number(d[1]), Number(d[2]), Number(yearText)];
  const [hour, minute, second] = [Number(t[1]), Number(t[2]), Number(t[3])];
  // Date.UTC reads years 0–99 as 1900–1999: the calendar of the year it would have read
  const calendarYear = year < 100 ? 1900 + year : year;
  if (
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysIn(calendarYear, month) ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    fail(`invalid date or time "${date} ${time}"`);
  }
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  if (year < 2000 || ms > now + 24 * 3600_000) fail(`time out of range "${date} ${time}"`);
  return `${yearText}-${d[2]}-${d[1]}T${t[1]}:${t[2]}:${t[3]}.000Z`;
}

const COORDINATE = /^\d{1,3}(\.\d+)?$/;

export function parseCoordinate(value: string, hemisphere: string, axis: 'latitude' | 'longitude'): number {
  const limit = axis === 'latitude' ? 90 : 180;
  const h = hemisphere.trim().toUpperCase();
  const known = axis === 'latitude' ? h === 'N' || h === 'S' : h === 'E' || h === 'W';
  if (!known) fail(`invalid ${axis} hemisphere "${hemisphere}"`);
  if (!COORDINATE.test(value.trim())) fail(`invalid ${axis} "${value}"`);
  const n = Number(value);
  if (n > limit) fail(`${axis} out of range "${value}"`);
  return h === 'S' || h === 'W' ? -n : n;
}
