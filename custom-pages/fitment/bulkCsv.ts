import { formatDate, indianIsoDay, parseIndianDate } from '../../core/format/date.ts';
import { rtoCode } from '../../resources/india.ts';
import type { ExportTable } from '../../src/resources/exporters.ts';

/**
 * The spec's bulk activation columns in order, whether each is required, and where its value goes
 * in the record. Last Name, Email and Phone appear twice: first the customer's, then the fitter's.
 */
export const BULK_COLUMNS: readonly (readonly [header: string, required: boolean, path: string])[] = [
  ['Category', true, 'vehicle.category'],
  ['Registration Number', true, 'vehicle.registrationNumber'],
  ['Engine No', false, 'vehicle.engineNo'],
  ['Chassis No', false, 'vehicle.chassisNo'],
  ['Registration Date', false, 'vehicle.regDate'],
  ['RTO', true, 'vehicle.rto'],
  ['RTO Code', true, 'vehicle.rtoCode'],
  ['Make', false, 'vehicle.make'],
  ['Model', false, 'vehicle.model'],
  ['IMEI', true, 'device.imei'],
  ['Panic Button Count', false, 'device.panicButtonCount'],
  ['Customer First Name', false, 'customer.firstName'],
  ['Last Name', false, 'customer.lastName'],
  ['Email', false, 'customer.email'],
  ['Phone', true, 'customer.phone'],
  ['Password', false, 'customer.password'],
  ['Fitter First Name', false, 'fitter.firstName'],
  ['Last Name', false, 'fitter.lastName'],
  ['Email', false, 'fitter.email'],
  ['Phone', false, 'fitter.phone'],
  ['Fitment Date', false, 'fitmentDate'],
  ['Duration In Days', true, 'durationInDays'],
];

const NUMBERS = new Set(['device.panicButtonCount', 'durationInDays']);
const DATES = new Set(['vehicle.regDate', 'fitmentDate']);
const normal = (header: string) => header.trim().replace(/\*$/, '').trim().toLowerCase();

/** Where each column is in the file's header (the n-th "Phone" is the n-th in BULK_COLUMNS); undefined when a required one is missing. */
export function columnIndexes(headers: string[]): (number | undefined)[] | undefined {
  const names = headers.map(normal);
  const seen = new Map<string, number>();
  const indexes = BULK_COLUMNS.map(([header]) => {
    const key = normal(header);
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    const at = names.flatMap((n, i) => (n === key ? [i] : []))[occurrence];
    return at;
  });
  return BULK_COLUMNS.every(([, required], i) => !required || indexes[i] !== undefined) ? indexes : undefined;
}

function cellValue(path: string, text: string): unknown {
  if (NUMBERS.has(path)) return Number(text);
  if (DATES.has(path)) {
    const day = parseIndianDate(text);
    return day ? indianIsoDay(day) : text;
  }
  // "UP78" or the spec's "UP_UP78": the state is what precedes the first underscore
  if (path === 'vehicle.rtoCode' && !text.includes('_'))
    return rtoCode(text.slice(0, 2).toUpperCase(), text.toUpperCase());
  return text;
}

/** A row of the file and the number a spreadsheet shows beside it (the header's is 1; blank rows count). */
export interface CsvRow {
  line: number;
  cells: string[];
}

export const isBlank = (row: CsvRow) => !row.cells.some((cell) => cell?.trim());

/**
 * The file's rows (below the header) as the records POST /activation/bulk takes, each with its
 * `line`, by which the server names a failing row; blank rows are skipped.
 */
export function rowsToRecords(rows: CsvRow[], indexes: (number | undefined)[]): Record<string, unknown>[] {
  return rows
    .filter((row) => !isBlank(row))
    .map(({ line, cells: row }) => {
      const record: Record<string, Record<string, unknown> | unknown> = {
        line,
        vehicle: {},
        device: {},
        customer: {},
        deviceActivate: true,
      };
      BULK_COLUMNS.forEach(([, , path], i) => {
        const text = indexes[i] === undefined ? '' : (row[indexes[i]!] ?? '').trim();
        if (!text) return;
        const [part, key] = path.includes('.') ? path.split('.') : ['', path];
        if (!part) record[key!] = cellValue(path, text);
        else ((record[part] ??= {}) as Record<string, unknown>)[key!] = cellValue(path, text);
      });
      return record;
    });
}

/**
 * The sample file: the header and one filled row that uploads as it is. Its device is one the user
 * may fit (a free device of theirs; none: the IMEI cell is empty and the upload says it is required),
 * its vehicle is named after that device and its fitment date is today.
 */
export const sampleTable = (imei: string | undefined, now = Date.now()): ExportTable => ({
  title: 'activations',
  headers: BULK_COLUMNS.map(([header]) => header),
  rows: [
    [
      'TRUCK',
      imei ? `UP78SM${imei.slice(-4)}` : 'UP78SM0001',
      'ENG123456',
      'CHS123456',
      '15/01/2025',
      'Kanpur Nagar-UP78',
      'UP78',
      'Tata',
      'Ultra T.7',
      imei ?? '',
      '2',
      'Ravi',
      'Kumar',
      'ravi.kumar@example.in',
      '9876500099',
      '',
      'Arjun',
      'Yadav',
      '',
      '9800000007',
      formatDate(now),
      '365',
    ],
  ],
});
