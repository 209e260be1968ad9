import { describe, expect, it } from 'vitest';
import { BULK_COLUMNS, columnIndexes, rowsToRecords } from '../../custom-pages/fitment/bulkCsv.ts';

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
    const row = ['TRUCK', 'UP78AB1234', '', '', '15/01/2025', 'Kanpur Nagar-UP78', 'UP78', 'Tata', '', '868347070000099', '2',
      'Ravi', 'Kumar', 'ravi@example.in', '9876500099', '', 'Arjun', 'Yadav', '', '9800000007', '20/11/2026', '365'];
    const records = rowsToRecords([row, ['', ' ']], columnIndexes(header)!);
    expect(records).toEqual([{
      vehicle: { category: 'TRUCK', registrationNumber: 'UP78AB1234', regDate: '2025-01-15', rto: 'Kanpur Nagar-UP78', rtoCode: 'UP_UP78', make: 'Tata' },
      device: { imei: '868347070000099', panicButtonCount: 2 },
      customer: { firstName: 'Ravi', lastName: 'Kumar', email: 'ravi@example.in', phone: '9876500099' },
      fitter: { firstName: 'Arjun', lastName: 'Yadav', phone: '9800000007' },
      fitmentDate: '2026-11-20', durationInDays: 365, deviceActivate: true,
    }]);
  });
});
