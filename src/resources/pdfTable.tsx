import { Document, Font, Page, StyleSheet, Text, View, pdf } from '@react-pdf/renderer';
import devanagari from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff?url';
import type { ExportTable } from './exporters.ts';

// bundled, not fetched: Hindi headers need a Devanagari face and the machine may be offline
Font.register({ family: 'Noto Sans Devanagari', src: devanagari });

const styles = StyleSheet.create({
  page: { padding: 24, fontSize: 8, fontFamily: 'Helvetica' },
  title: { fontSize: 12, marginBottom: 8 },
  row: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: '#999' },
  header: { backgroundColor: '#eeeeee', fontFamily: 'Helvetica-Bold' },
  cell: { padding: 3 },
});

const hasDevanagari = (text: string) => /[\u0900-\u097F]/.test(text);

/** A table whose columns share the page width equally: 25% each for four (spec). */
export function TablePdf({ title, headers, rows }: ExportTable) {
  const width = `${100 / Math.max(1, headers.length)}%`;
  const cell = (text: string, key: number) => (
    <Text key={key} style={[styles.cell, { width }, hasDevanagari(text) ? { fontFamily: 'Noto Sans Devanagari' } : {}]}>
      {text}
    </Text>
  );
  return (
    <Document title={title}>
      <Page size="A4" orientation={headers.length > 5 ? 'landscape' : 'portrait'} style={styles.page}>
        <Text style={[styles.title, hasDevanagari(title) ? { fontFamily: 'Noto Sans Devanagari' } : {}]}>{title}</Text>
        <View style={[styles.row, styles.header]} fixed>
          {headers.map(cell)}
        </View>
        {rows.map((row, i) => (
          <View key={i} style={styles.row} wrap={false}>
            {row.map(cell)}
          </View>
        ))}
      </Page>
    </Document>
  );
}

export function renderTablePdf(table: ExportTable): Promise<Blob> {
  return pdf(<TablePdf {...table} />).toBlob();
}
