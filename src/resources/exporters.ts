/**
 * The one export path of every table: rows become a table of text (the list's columns, formatted
 * as the list shows them), then a CSV (papaparse), an Excel book with one sheet named Sheet1
 * (xlsx, write only) or a PDF whose columns share the width equally (@react-pdf/renderer).
 * The libraries load on demand.
 */
export interface ExportTable {
  title: string;
  headers: string[];
  rows: string[][];
}

export type ExportFormat = 'pdf' | 'csv' | 'xlsx';

export async function toCsv(table: ExportTable): Promise<Blob> {
  const { default: Papa } = await import('papaparse');
  return new Blob([Papa.unparse({ fields: table.headers, data: table.rows })], { type: 'text/csv;charset=utf-8' });
}

export async function toXlsx(table: ExportTable): Promise<Blob> {
  const XLSX = await import('xlsx');
  const sheet = XLSX.utils.aoa_to_sheet([table.headers, ...table.rows]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Sheet1');
  const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
  return new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

export async function toPdf(table: ExportTable): Promise<Blob> {
  const { renderTablePdf } = await import('./pdfTable.tsx');
  return renderTablePdf(table);
}

export const exporters: Record<ExportFormat, (table: ExportTable) => Promise<Blob>> = { csv: toCsv, xlsx: toXlsx, pdf: toPdf };

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
