/**
 * How a report's values read, per column type: on screen, in the totals row, in the chart's
 * tooltips and in every export (exports show what the page shows). The one place for it.
 */
import { formatDate, formatDateTime } from '../../core/format/date.ts';
import { formatClock } from '../../core/format/duration.ts';
import type { ReportColumnType } from './define.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const numberFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
const wholeFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A "latitude,longitude" text (or an object with both) as numbers; null when it is not a place. */
export function placeOf(value: unknown): { latitude: number; longitude: number } | null {
  if (value === null || value === undefined || value === '') return null;
  const [latitude, longitude] =
    typeof value === 'string'
      ? value.split(',').map(Number)
      : [Number((value as { latitude?: unknown }).latitude), Number((value as { longitude?: unknown }).longitude)];
  return Number.isFinite(latitude) && Number.isFinite(longitude)
    ? { latitude: latitude!, longitude: longitude! }
    : null;
}

/** A map link of a place. */
export const placeLink = (place: { latitude: number; longitude: number }) =>
  `https://www.google.com/maps?q=${place.latitude},${place.longitude}`;

/**
 * A value as a number in the unit a chart plots it in: a distance (metres from the API) in km as the
 * table shows it, a duration (seconds) in hours (the table's hh:mm), anything else as sent.
 * null when the value is not a number.
 */
export function shownNumber(type: ReportColumnType, value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n)) return null;
  if (type === 'distance') return n / 1000;
  if (type === 'duration') return n / 3600;
  return n;
}

/** One value as shown; "" for none. `labels` translates a text column's values (`labels.VALUE`, the value itself when untranslated). */
export function formatReportValue(
  type: ReportColumnType,
  value: unknown,
  translate: Translate,
  labels?: string,
): string {
  if (value === null || value === undefined || value === '') return '';
  const n = Number(value);
  switch (type) {
    case 'number':
      return Number.isFinite(n) ? numberFormat.format(n) : String(value);
    case 'count':
      return Number.isFinite(n) ? wholeFormat.format(n) : String(value);
    case 'distance': {
      const km = shownNumber('distance', value);
      return km === null ? '' : oneDecimal.format(km);
    }
    case 'duration':
      return Number.isFinite(n) ? formatClock(n) : '';
    case 'speed':
      return Number.isFinite(n) ? wholeFormat.format(n) : '';
    case 'percent':
      return Number.isFinite(n) ? `${oneDecimal.format(n)}%` : '';
    case 'date': {
      const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(value));
      return match ? `${match[3]}/${match[2]}/${match[1]}` : formatDate(String(value));
    }
    case 'month': {
      const match = /^(\d{4})-(\d{2})/.exec(String(value));
      return match ? `${match[2]}/${match[1]}` : String(value);
    }
    case 'datetime':
      return formatDateTime(String(value));
    case 'place': {
      const place = placeOf(value);
      return place ? `${place.latitude.toFixed(6)}, ${place.longitude.toFixed(6)}` : '';
    }
    default:
      return labels ? translate(`${labels}.${String(value)}`, { _: String(value) }) : String(value);
  }
}

/** A chart key as shown: a day dd/MM/yyyy, a month MM/yyyy, or a (translated) label. */
export function formatChartKey(
  keyType: 'date' | 'month' | 'text',
  key: string,
  translate: Translate,
  labels?: string,
): string {
  if (keyType === 'date') return formatReportValue('date', key, translate);
  if (keyType === 'month') return formatReportValue('month', key, translate);
  return labels ? translate(`${labels}.${key}`, { _: key }) : key;
}
