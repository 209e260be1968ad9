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
