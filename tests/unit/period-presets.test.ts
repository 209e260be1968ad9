import { describe, expect, it } from 'vitest';
import { presetSoFar as presetPeriod } from '../../resources/reports/period.ts';
import { formatClock } from '../../core/format/duration.ts';
import { chartPeriod } from '../../server/dashboards/routes.ts';

/** Wednesday 3 December 2026, 02:00 in Asia/Kolkata (still Tuesday 20:30 in UTC). */
const NOW = Date.parse('2026-12-03T02:00:00+05:30');
const ist = (text: string) => new Date(`${text}+05:30`).toISOString();
const period = (preset: Parameters<typeof presetPeriod>[0]) => {
  const { from, to } = presetPeriod(preset, NOW);
  return [from.toISOString(), to.toISOString()];
};

describe('period presets in Asia/Kolkata', () => {
  it("start weeks on Monday and months on the 1st, in India's day rather than UTC's", () => {
    expect(period('today')).toEqual([ist('2026-12-03T00:00:00'), new Date(NOW).toISOString()]);
    expect(period('yesterday')).toEqual([ist('2026-12-02T00:00:00'), ist('2026-12-03T00:00:00')]);
    expect(period('thisWeek')).toEqual([ist('2026-11-30T00:00:00'), new Date(NOW).toISOString()]);
    expect(period('lastWeek')).toEqual([ist('2026-11-23T00:00:00'), ist('2026-11-30T00:00:00')]);
    expect(period('thisMonth')).toEqual([ist('2026-12-01T00:00:00'), new Date(NOW).toISOString()]);
    expect(period('lastMonth')).toEqual([ist('2026-11-01T00:00:00'), ist('2026-12-01T00:00:00')]);
  });

  it('cross the year: last month of January is December', () => {
    const { from, to } = presetPeriod('lastMonth', Date.parse('2027-01-10T09:00:00+05:30'));
    expect([from.toISOString(), to.toISOString()]).toEqual([ist('2026-12-01T00:00:00'), ist('2027-01-01T00:00:00')]);
  });
});

describe("the charts' period", () => {
  it('is the last seven Asia/Kolkata days by default', () => {
    expect(chartPeriod({}, NOW)).toEqual({ from: '2026-11-27', to: '2026-12-03' });
  });

  it('refuses more than 92 days, a reversed period and days that do not exist', () => {
    expect(chartPeriod({ from: '2026-01-01', to: '2026-04-02' })).toEqual({ from: '2026-01-01', to: '2026-04-02' });
    expect(() => chartPeriod({ from: '2026-01-01', to: '2026-04-03' })).toThrow('at most 92 days');
    expect(() => chartPeriod({ from: '2026-03-02', to: '2026-03-01' })).toThrow('on or before');
    expect(() => chartPeriod({ from: '2026-02-29', to: '2026-03-01' })).toThrow('not a real date');
  });
});

describe('hh:mm', () => {
  it('shows seconds as hours and minutes, past 24 hours too', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(5_400)).toBe('01:30');
    expect(formatClock(90_059)).toBe('25:00');
    expect(formatClock(null)).toBe('');
  });
});
