import { describe, expect, it } from 'vitest';
import { withAllPages, type PlaybackPage } from '../../custom-pages/route-playback/playback.ts';

const point = (second: number) => ({
  fixTime: new Date(Date.UTC(2026, 10, 20, 4, 0, second)).toISOString(),
  latitude: 26.4,
  longitude: 80.33,
  speed: 0,
  heading: 0,
  ignition: null,
});

describe('the console reading a paged playback', () => {
  it("follows next until the last page and keeps the first page's stops and summary", async () => {
    const pages: Record<string, PlaybackPage> = {
      a: { points: [point(2), point(3)], next: 'b' },
      b: { points: [point(4)], next: null },
    };
    const asked: string[] = [];
    const first = {
      points: [point(0), point(1)],
      next: 'a',
      stops: [],
      summary: { points: 5, distanceKm: 0, maxSpeed: 0 },
    };
    const whole = await withAllPages(first, async (after) => {
      asked.push(after);
      return pages[after]!;
    });
    expect(asked).toEqual(['a', 'b']);
    expect(whole.points.map((p) => p.fixTime.slice(17, 19))).toEqual(['00', '01', '02', '03', '04']);
    expect(whole).toMatchObject({ next: null, summary: { points: 5 }, stops: [] });
  });
});
