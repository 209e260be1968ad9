import { describe, expect, it } from 'vitest';
import { presetRange, type PresetName } from '../../resources/reports/period.ts';
import { parseReportFilter } from '../../server/reports/framework.ts';
import alert from '../../resources/reports/alert.ts';

const range = (preset: PresetName, now: string) => {
  const { from, to } = presetRange(preset, Date.parse(now));
  return [from.toISOString(), to.toISOString()];
};

describe('report period presets in Asia/Kolkata', () => {
  it('reads the day, week (from Monday) and month where India is, not where UTC is', () => {
    // Monday 23/11/2026 22:08 in Kolkata
    expect(range('today', '2026-11-23T16:38:15Z')).toEqual(['2026-11-22T18:30:00.000Z', '2026-11-23T18:30:00.000Z']);
    expect(range('yesterday', '2026-11-23T16:38:15Z')).toEqual([
      '2026-11-21T18:30:00.000Z',
      '2026-11-22T18:30:00.000Z',
    ]);
    expect(range('thisWeek', '2026-11-23T16:38:15Z')).toEqual(['2026-11-22T18:30:00.000Z', '2026-11-29T18:30:00.000Z']);
    // Sunday 29/11 still belongs to the week of Monday 23/11
    expect(range('thisWeek', '2026-11-29T06:00:00Z')).toEqual(['2026-11-22T18:30:00.000Z', '2026-11-29T18:30:00.000Z']);
    expect(range('lastWeek', '2026-11-29T06:00:00Z')).toEqual(['2026-11-15T18:30:00.000Z', '2026-11-22T18:30:00.000Z']);
    // 00:30 on 01/12/2026 in Kolkata is still 30/11 in UTC
    expect(range('today', '2026-11-30T19:00:00Z')).toEqual(['2026-11-30T18:30:00.000Z', '2026-12-01T18:30:00.000Z']);
    expect(range('thisMonth', '2026-11-30T19:00:00Z')).toEqual([
      '2026-11-30T18:30:00.000Z',
      '2026-12-31T18:30:00.000Z',
    ]);
    expect(range('lastMonth', '2026-11-30T19:00:00Z')).toEqual([
      '2026-10-31T18:30:00.000Z',
      '2026-11-30T18:30:00.000Z',
    ]);
    expect(range('lastMonth', '2027-01-10T00:00:00Z')).toEqual([
      '2026-11-30T18:30:00.000Z',
      '2026-12-31T18:30:00.000Z',
    ]);
  });

  it('parses a report filter: today by default, a preset, or from and to within the longest period', () => {
    const now = Date.parse('2026-11-23T16:38:15Z');
    expect(parseReportFilter(alert, undefined, now)).toEqual({
      from: '2026-11-22T18:30:00.000Z',
      to: '2026-11-23T18:30:00.000Z',
      vehicleIds: null,
      groupId: null,
      q: null,
      extra: {},
    });
    expect(
      parseReportFilter(alert, JSON.stringify({ preset: 'lastMonth', type: 'SOS', q: ' up78 ' }), now),
    ).toMatchObject({
      from: '2026-09-30T18:30:00.000Z',
      to: '2026-10-31T18:30:00.000Z',
      q: 'up78',
      extra: { type: 'SOS' },
    });
    const days = (n: number) =>
      JSON.stringify({
        from: '2026-01-01T00:00:00Z',
        to: new Date(Date.parse('2026-01-01T00:00:00Z') + n * 86_400_000).toISOString(),
      });
    expect(parseReportFilter(alert, days(92)).to).toBe('2026-04-03T00:00:00.000Z');
    expect(() => parseReportFilter(alert, days(93))).toThrow('The period may be at most 92 days long');
    expect(() => parseReportFilter({ ...alert, maxDays: 31 }, days(32))).toThrow(
      'The period may be at most 31 days long',
    );
  });
});
