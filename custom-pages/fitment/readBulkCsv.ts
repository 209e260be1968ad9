import Papa from 'papaparse';
import { columnIndexes, isBlank, rowsToRecords, type CsvRow } from './bulkCsv.ts';

/** The records to send, or why the file cannot be sent: an i18n key and its arguments. */
export type BulkCsv = { records: Record<string, unknown>[] } | { error: string; args?: Record<string, number> };

/**
 * A CSV file's text as rows numbered as a spreadsheet shows them. Line endings may be CRLF, LF, CR
 * or a mix (papaparse takes the first one it meets for all, which merged rows); a UTF-8 BOM is dropped.
 */
export function csvRows(text: string): { rows: CsvRow[]; unclosedQuoteAt?: number } {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'), {
    newline: '\n',
    delimiter: ',',
  });
  const quote = parsed.errors.find((e) => e.code === 'MissingQuotes');
  return {
    rows: parsed.data.map((cells, i) => ({ line: i + 1, cells })),
    unclosedQuoteAt: quote?.row === undefined ? undefined : quote.row + 1,
  };
}

/** A bulk activation file: its header checked, its rows as records, or the first thing wrong with it. */
export function readBulkCsv(text: string): BulkCsv {
  const { rows, unclosedQuoteAt } = csvRows(text);
  if (unclosedQuoteAt !== undefined) return { error: 'fitment.bulk.unclosedQuote', args: { row: unclosedQuoteAt } };
  const start = rows.findIndex((row) => !isBlank(row));
  const header = rows[start]?.cells ?? [];
  const indexes = columnIndexes(header);
  if (!indexes) return { error: 'fitment.bulk.headersWrong' };
  const data = rows.slice(start + 1);
  const overlong = data.find((row) => row.cells.slice(header.length).some((cell) => cell.trim()));
  if (overlong) return { error: 'fitment.bulk.tooManyCells', args: { row: overlong.line } };
  const records = rowsToRecords(data, indexes);
  return records.length ? { records } : { error: 'fitment.bulk.noRows' };
}
