/** The spec's duration display: years of 365 days, then months of 30 days, then days. */
export function splitDuration(totalDays: number): { years: number; months: number; days: number } {
  const days = Math.max(0, Math.floor(totalDays));
  const years = Math.floor(days / 365);
  const months = Math.floor((days % 365) / 30);
  return { years, months, days: (days % 365) % 30 };
}

type Translate = (key: string, options?: { smart_count: number }) => string;

/** "1 year 2 months 3 days", without the parts that are zero; "0 days" for nothing. */
export function formatDuration(totalDays: number, translate: Translate): string {
  const { years, months, days } = splitDuration(totalDays);
  const parts: string[] = [];
  if (years) parts.push(translate('duration.years', { smart_count: years }));
  if (months) parts.push(translate('duration.months', { smart_count: months }));
  if (days || parts.length === 0) parts.push(translate('duration.days', { smart_count: days }));
  return parts.join(' ');
}

/** Seconds as hh:mm (hours run past 24: "52:05"), how reports show running, idle and offline times; "" for nothing. */
export function formatClock(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '';
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
