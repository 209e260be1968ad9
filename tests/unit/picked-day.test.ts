import { describe, expect, it } from 'vitest';
import { indianDayRange, pickedDay, startOfIndianDay, startOfIndianMonth } from '../../core/format/date.ts';

/** 24/11/2026, 02:00 in Asia/Kolkata (still the 23rd in UTC). */
const NOW = Date.parse('2026-11-24T02:00:00+05:30');

describe('a day typed into a date picker', () => {
  it('is midnight of that day in Asia/Kolkata, today included', () => {
    expect(pickedDay('24/11/2026', NOW)).toEqual({ day: new Date('2026-11-24T00:00:00+05:30') });
    expect(pickedDay('01/01/2025', NOW)).toEqual({ day: new Date('2025-01-01T00:00:00+05:30') });
  });

  it('is refused after today, as the spec caps every picker at today', () => {
    expect(pickedDay('25/11/2026', NOW)).toEqual({ error: 'dates.future' });
  });

  it('is refused when it is not a real dd/MM/yyyy date', () => {
    for (const text of ['2026-11-24', '31/02/2026', '24/11/26', ''])
      expect(pickedDay(text, NOW)).toEqual({ error: 'dates.format' });
  });
});

describe('a yyyy-MM-dd day as sent by the console', () => {
  it('runs from its midnight in Asia/Kolkata to the next', () => {
    expect(indianDayRange('2026-11-24')).toEqual({
      from: new Date('2026-11-23T18:30:00Z'),
      to: new Date('2026-11-24T18:30:00Z'),
    });
    expect(indianDayRange('2024-02-29')?.to).toEqual(new Date('2024-02-29T18:30:00Z'));
  });

  it('is no day when it is not a real one, or outside 1900 to 2100', () => {
    for (const text of [
      '2026-02-30',
      '2026-13-01',
      '2026-1-5',
      '24/11/2026',
      '1899-12-31',
      '2101-01-01',
      '99999-01-01',
      '',
    ])
      expect(indianDayRange(text), text).toBeUndefined();
  });
});

describe('Asia/Kolkata day and month arithmetic', () => {
  it('starts days and months at 18:30 UTC of the day before', () => {
    expect(startOfIndianDay(NOW)).toEqual(new Date('2026-11-23T18:30:00Z'));
    expect(startOfIndianDay(NOW, -24)).toEqual(new Date('2026-10-30T18:30:00Z'));
    expect(startOfIndianMonth(NOW, 2)).toEqual(new Date('2026-12-31T18:30:00Z'));
    expect(startOfIndianMonth(Date.parse('2026-01-31T20:00:00Z'))).toEqual(new Date('2026-01-31T18:30:00Z'));
  });
});
