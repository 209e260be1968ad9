import { describe, expect, it } from 'vitest';
import { EXPORT_PAGE, fetchExportRows } from '../../src/resources/ExportMenu.tsx';
import type { ExportPage } from '../../providers/dataProvider.ts';

/** A collection of `size` rows whose answers give `reportedTotal` as the total, as a large set's estimate does. */
function provider(size: number, reportedTotal: number) {
  const asked: [number, number][] = [];
  return {
    asked,
    getExportPage: async (_collection: string, { start, end }: ExportPage) => {
      asked.push([start, end]);
      const data = Array.from({ length: Math.max(0, Math.min(end + 1, size) - start) }, (_, i) => ({
        id: String(start + i),
      }));
      return { data, total: reportedTotal };
    },
  };
}
const query = { sort: { field: 'id', order: 'ASC' as const }, filter: {} };

describe('an export reads pages until a short one, whatever the total says', () => {
  it('reads past an estimate that is too low: no row is left out', async () => {
    const source = provider(EXPORT_PAGE * 2 + 7, 10_001);
    const rows = await fetchExportRows(source, 'device', query, () => {});
    expect(rows).toHaveLength(EXPORT_PAGE * 2 + 7);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
  });

  it('stops at the end of a set whose estimate is too high, one ask later, and reports progress against the larger of the two', async () => {
    const source = provider(EXPORT_PAGE + 3, 50_000);
    const progress: [number, number][] = [];
    const rows = await fetchExportRows(source, 'device', query, (done, total) => progress.push([done, total]));
    expect(rows).toHaveLength(EXPORT_PAGE + 3);
    expect(source.asked).toEqual([
      [0, EXPORT_PAGE - 1],
      [EXPORT_PAGE, 2 * EXPORT_PAGE - 1],
      [EXPORT_PAGE + 3, 2 * EXPORT_PAGE + 2],
    ]);
    expect(progress).toEqual([
      [EXPORT_PAGE, 50_000],
      [EXPORT_PAGE + 3, 50_000],
      [EXPORT_PAGE + 3, 50_000],
    ]);
  });

  it('asks again after a page shorter than asked while the exact total says more rows follow', async () => {
    const asked: number[] = [];
    const rows = await fetchExportRows(
      {
        getExportPage: async (_c: string, { start }: ExportPage) => {
          asked.push(start);
          return {
            data: Array.from({ length: Math.max(0, Math.min(5, 12 - start)) }, (_, i) => ({ id: String(start + i) })),
            total: 12,
          };
        },
      },
      'report',
      query,
      () => {},
    );
    expect(rows).toHaveLength(12);
    expect(asked).toEqual([0, 5, 10]);
  });

  it('asks once for a set smaller than a page', async () => {
    const source = provider(0, 0);
    expect(await fetchExportRows(source, 'device', query, () => {})).toEqual([]);
    expect(source.asked).toHaveLength(1);
  });
});
