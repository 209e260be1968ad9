import type { Field, ResourceDeclaration } from './define.ts';
import { fieldLabel } from './define.ts';
import { formatDate, formatDateTime } from '../core/format/date.ts';
import { formatDuration } from '../core/format/duration.ts';
import { formatRupees } from '../core/money.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;
export type RecordLike = Record<string, unknown> & { labels?: Record<string, string> };

/** Options a reference picker loads before the user types: every role, model or group of a tenant; typing searches the rest. */
export const PICKER_OPTIONS = 100;

function geometryText(value: unknown): string {
  const geometry = value as { type?: string; coordinates?: unknown } | null;
  if (!geometry?.type) return '';
  if (geometry.type === 'Point' && Array.isArray(geometry.coordinates)) {
    const [lng, lat] = geometry.coordinates as number[];
    return `${lat?.toFixed(5)}, ${lng?.toFixed(5)}`;
  }
  const points = JSON.stringify(geometry.coordinates ?? []).split('],[').length;
  return `${geometry.type} (${points})`;
}

function valueText(field: Field, value: unknown, translate: Translate): string {
  if (value === null || value === undefined || value === '') return '';
  switch (field.type) {
    case 'boolean':
      return translate(value ? 'list.yes' : 'list.no');
    case 'date':
      return /T00:00:00/.test(String(value)) ? formatDate(String(value)) : formatDateTime(String(value));
    case 'geometry':
      return geometryText(value);
    case 'object':
      return Object.entries(field.fields)
        .map(([name, sub]) => valueText(sub, (value as Record<string, unknown>)[name], translate))
        .filter(Boolean)
        .join(', ');
    case 'array':
      return (value as unknown[])
        .map((item) => (field.choiceLabels ? translate(`${field.choiceLabels}.${String(item)}`) : item))
        .join(', ');
    case 'choice':
      return field.choiceLabels ? translate(`${field.choiceLabels}.${String(value)}`) : String(value);
    case 'json':
      return '';
    case 'number':
      if (field.format === 'duration') return formatDuration(Number(value), translate);
      return field.format === 'money' ? formatRupees(Number(value)) : String(value);
    default:
      return String(value);
  }
}

/** The text of a field as the list table and the exports show it: one formatter for both. */
export function displayValue(
  resource: ResourceDeclaration,
  name: string,
  record: RecordLike,
  translate: Translate,
): string {
  const field = resource.fields[name];
  if (!field) return '';
  // a reference, or an array of ids of another resource's rows: the names the server read with the row
  if (field.type === 'reference' || (field.type === 'array' && field.reference)) return record.labels?.[name] ?? '';
  return valueText(field, record[name], translate);
}

export function columnLabel(resource: ResourceDeclaration, name: string, translate: Translate): string {
  return translate(fieldLabel(resource, name), { _: name });
}

/** The name of a row in option lists and titles. */
export function recordTitle(resource: ResourceDeclaration, record: RecordLike | undefined): string {
  if (!record) return '';
  return resource.recordLabel
    .map((name) => record.labels?.[name] ?? record[name])
    .filter(Boolean)
    .join(' ');
}

/** An estimated count (a total above the exact-count limit) to two figures: "1,00,000" rather than a falsely exact 1,01,234. */
export function roughCount(count: number): string {
  return new Intl.NumberFormat('en-IN').format(Number(count.toPrecision(2)));
}
