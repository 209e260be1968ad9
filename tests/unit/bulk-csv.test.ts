import { describe, expect, it } from 'vitest';
import { BULK_COLUMNS, columnIndexes, rowsToRecords, sampleTable } from '../../custom-pages/fitment/bulkCsv.ts';
import { csvRows, readBulkCsv } from '../../custom-pages/fitment/readBulkCsv.ts';

const header = BULK_COLUMNS.map(([name, required]) => (required ? `${name}*` : name));

describe('bulk activation CSV', () => {
  it('finds every column, the repeated Last Name, Email and Phone in order, with or without the required mark', () => {
    const indexes = columnIndexes(header)!;
    expect(indexes).toEqual(header.map((_, i) => i));
    // columns in another order are found by name (a repeated name's first one stays the customer's)
    const shuffled = [header.at(-1)!, header[9]!, ...header.slice(0, 9), ...header.slice(10, -1)];
    expect(columnIndexes(shuffled)!.map((i) => shuffled[i!])).toEqual(header);
  });

  it('refuses a header without a required column', () => {
    expect(columnIndexes(header.filter((h) => !h.startsWith('IMEI')))).toBeUndefined();
    expect(columnIndexes(['Category', 'IMEI'])).toBeUndefined();
  });

  it("turns rows into the bulk call's records: customer and fitter apart, dates and the RTO code as the form sends them", () => {
    const row = [
      'TRUCK',
      'UP78AB1234',
      '',
      '',
      '15/01/2025',
      'Kanpur Nagar-UP78',
      'UP78',
      'Tata',
      '',
      '868347070000099',
      '2',
      'Ravi',
      'Kumar',
      'ravi@example.in',
      '9876500099',
      '',
      'Arjun',
      'Yadav',
      '',
      '9800000007',
      '20/11/2026',
      '365',
    ];
    const records = rowsToRecords(
      [
        { line: 2, cells: row },
        { line: 3, cells: ['', ' '] },
      ],
      columnIndexes(header)!,
    );
    expect(records).toEqual([
      {
        line: 2,
        vehicle: {
          category: 'TRUCK',
          registrationNumber: 'UP78AB1234',
          regDate: '2025-01-15',
          rto: 'Kanpur Nagar-UP78',
          rtoCode: 'UP_UP78',
          make: 'Tata',
        },
        device: { imei: '868347070000099', panicButtonCount: 2 },
        customer: { firstName: 'Ravi', lastName: 'Kumar', email: 'ravi@example.in', phone: '9876500099' },
        fitter: { firstName: 'Arjun', lastName: 'Yadav', phone: '9800000007' },
        fitmentDate: '2026-11-20',
        durationInDays: 365,
        deviceActivate: true,
      },
    ]);
  });
});

/** The sample's row with another IMEI and registration number, as a CSV line. */
const csvLine = (imei: string, registration: string) =>
  sampleTable('868347070000099')
    .rows[0]!.map((cell, i) => (i === 9 ? imei : i === 1 ? registration : cell))
    .join(',');
const headerLine = header.join(',');

describe('reading a bulk activation file', () => {
  const lines = [
    headerLine,
    csvLine('868347070000091', 'UP78AB0001'),
    csvLine('868347070000092', 'UP78AB0002'),
    csvLine('868347070000093', 'UP78AB0003'),
  ];
  const imeisAndLines = (text: string) => {
    const read = readBulkCsv(text);
    if ('error' in read) throw new Error(read.error);
    return read.records.map((r) => [(r.device as { imei: string }).imei, r.line]);
  };
  const expected = [
    ['868347070000091', 2],
    ['868347070000092', 3],
    ['868347070000093', 4],
  ];

  it('reads CRLF, LF, CR and a mix of them alike, one record per row', () => {
    expect(imeisAndLines(lines.join('\n'))).toEqual(expected);
    expect(imeisAndLines(`${lines.join('\r\n')}\r\n`)).toEqual(expected);
    expect(imeisAndLines(lines.join('\r'))).toEqual(expected);
    // CRLF first then LF: papaparse took CRLF for the whole file and merged the LF rows into one
    expect(imeisAndLines(`${lines[0]}\r\n${lines[1]}\n${lines[2]}\r\n${lines[3]}\n`)).toEqual(expected);
    expect(imeisAndLines(`${lines[0]}\n${lines[1]}\r\n${lines[2]}\n${lines[3]}`)).toEqual(expected);
  });

  it('drops a UTF-8 byte order mark before the header', () => {
    expect(imeisAndLines(`\uFEFF${lines.join('\r\n')}`)).toEqual(expected);
    expect(csvRows('\uFEFFCategory,IMEI').rows[0]!.cells[0]).toBe('Category');
  });

  it('numbers rows as a spreadsheet shows them: the header is 1, blank rows count, a quoted line break does not', () => {
    const text = `${lines[0]}\r\n${lines[1]}\n\n,,,\r\n${lines[2]}\n${lines[3].replace('Tata', '"Tata\nMotors"')}\n`;
    expect(imeisAndLines(text)).toEqual([
      ['868347070000091', 2],
      ['868347070000092', 5],
      ['868347070000093', 6],
    ]);
    // blank rows above the header
    expect(imeisAndLines(`\n\n${lines[0]}\n${lines[1]}`)).toEqual([['868347070000091', 4]]);
  });

  it('names the row of a broken line by that number', () => {
    expect(readBulkCsv(`${lines[0]}\n${lines[1]}\n\n${lines[2]},extra\n`)).toEqual({
      error: 'fitment.bulk.tooManyCells',
      args: { row: 4 },
    });
    expect(readBulkCsv(`${lines[0]}\r\n${lines[1]}\n${lines[2].replace('Tata', '"Tata')}\n${lines[3]}`)).toEqual({
      error: 'fitment.bulk.unclosedQuote',
      args: { row: 3 },
    });
  });

  it('refuses a file without the header or without rows', () => {
    expect(readBulkCsv('Category,IMEI\n1,2')).toEqual({ error: 'fitment.bulk.headersWrong' });
    expect(readBulkCsv(`${lines[0]}\r\n\r\n,,\n`)).toEqual({ error: 'fitment.bulk.noRows' });
  });
});

describe('the sample file', () => {
  it('names the device it is given, a vehicle after it and today in India as the fitment date', () => {
    // 20:00 UTC on 26/11 is 01:30 on 27/11 in India
    const row = sampleTable('868347070000007', Date.parse('2026-11-26T20:00:00Z')).rows[0]!;
    expect(row[1]).toBe('UP78SM0007');
    expect(row[9]).toBe('868347070000007');
    expect(row[20]).toBe('27/11/2026');
  });

  it('leaves the IMEI empty when the user has no device to fit, so the upload asks for one', () => {
    expect(sampleTable(undefined).rows[0]![9]).toBe('');
  });
});
