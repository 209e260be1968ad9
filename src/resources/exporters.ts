/**
 * The one export path of every table: rows become a table of text (the list's columns, formatted
 * as the list shows them), then a CSV (papaparse), an Excel book with one sheet named Sheet1
 * (xlsx, write only) or a PDF whose columns share the width equally (@react-pdf/renderer).
 * The libraries load on demand.
 *
 * No cell is ever a formula (CSV injection, OWASP): a value a user typed (a vehicle named
 * `=HYPERLINK(...)`) must not run when the file is opened in a spreadsheet. In CSV a text that a
 * spreadsheet would read as a formula gets a leading single quote; in Excel every cell is a shared
 * string (t="s", the type Excel itself gives typed text), which is never evaluated, so it keeps its
 * exact text.
 */
import { indianIsoDay } from '../../core/format/date.ts';

export interface ExportTable {
  title: string;
  headers: string[];
  rows: string[][];
}

export type ExportFormat = 'pdf' | 'csv' | 'xlsx';

/**
 * Text a spreadsheet reads as a formula: it begins with =, +, -, @, a tab or a carriage return
 * (OWASP), whatever follows, new lines included. A negative number (-5, -1,234.50, -4.5%) is a
 * number, not a formula: nothing in it can call a function or point at a cell, so it stays as it
 * is and a spreadsheet still sums it. A text led by + (a phone, +919876543210) gets the quote:
 * OWASP's trade-off, and the spreadsheet keeps its + rather than reading a number.
 */
export const FORMULA_TEXT = /^(?!-[\d.,]+%?$)[=+\-@\t\r]/;

/** The table as CSV text, each formula-like text led by a single quote (papaparse's escapeFormulae with the pattern above: its own misses a formula with a new line in it). */
export async function csvText(table: Pick<ExportTable, 'headers' | 'rows'>): Promise<string> {
  const { default: Papa } = await import('papaparse');
  return Papa.unparse({ fields: table.headers, data: table.rows }, { escapeFormulae: FORMULA_TEXT });
}

export async function toCsv(table: ExportTable): Promise<Blob> {
  return new Blob([await csvText(table)], { type: 'text/csv;charset=utf-8' });
}

export async function toXlsx(table: ExportTable): Promise<Blob> {
  const XLSX = await import('xlsx');
  // every cell text, said outright rather than left to the library's guess, and written as a
  // shared string (bookSST): without it the library writes t="str", a formula's cached result
  const sheet = XLSX.utils.aoa_to_sheet([table.headers, ...table.rows].map((row) => row.map((v) => ({ t: 's', v }))));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Sheet1');
  const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx', bookSST: true }) as ArrayBuffer;
  return new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

export async function toPdf(table: ExportTable): Promise<Blob> {
  const { renderTablePdf } = await import('./pdfTable.tsx');
  return renderTablePdf(table);
}

export const exporters: Record<ExportFormat, (table: ExportTable) => Promise<Blob>> = {
  csv: toCsv,
  xlsx: toXlsx,
  pdf: toPdf,
};

/** `{name}-{yyyy-MM-dd}.{extension}`, the day being today in India (the UTC day is still yesterday until 05:30). */
export const exportFileName = (name: string, extension: string) => `${name}-${indianIsoDay()}.${extension}`;

export function download(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
