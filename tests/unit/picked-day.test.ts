import { describe, expect, it } from 'vitest';
import { pickedDay } from '../../core/format/date.ts';

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
    for (const text of ['2026-11-24', '31/02/2026', '24/11/26', '']) expect(pickedDay(text, NOW)).toEqual({ error: 'dates.format' });
  });
});
