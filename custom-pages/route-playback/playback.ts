import type { PositionFix, Stop } from '../../resources/tracking.ts';

export type { PositionFix, Stop };

export interface Track {
  vehicle: { id: string; name: string; registrationNumber: string };
  points: PositionFix[];
  stops: Stop[];
  summary: { points: number; distanceKm: number; maxSpeed: number };
  /** fixTime of each point in ms, for the clock's lookups. */
  times: number[];
}

/** One page of a playback answer: `next` names the following page, null on the last. */
export interface PlaybackPage {
  points: PositionFix[];
  next: string | null;
}

/**
 * The whole path of a paged playback answer: the first page (which carries the stops and the
 * summary of the period) with the points of every following page appended.
 */
export async function withAllPages<T extends PlaybackPage>(
  first: T,
  nextPage: (after: string) => Promise<PlaybackPage>,
): Promise<T> {
  const points = [...first.points];
  for (let next = first.next; next;) {
    const page = await nextPage(next);
    for (const point of page.points) points.push(point);
    next = page.next;
  }
  return { ...first, points, next: null };
}

export const TRACK_COLOURS = ['#1565c0', '#c62828', '#2e7d32', '#6a1b9a', '#ef6c00', '#00838f'];

/** Where a vehicle was at `time`: between the two positions around it, or null before its first. */
export function positionAt(
  track: Track,
  time: number,
): { latitude: number; longitude: number; heading: number; speed: number } | null {
  const { times, points } = track;
  if (!points.length || time < times[0]!) return null;
  let low = 0;
  let high = times.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (times[middle]! <= time) low = middle;
    else high = middle - 1;
  }
  const a = points[low]!;
  const b = points[low + 1];
  if (!b) return a;
  const f = (time - times[low]!) / (times[low + 1]! - times[low]! || 1);
  return {
    latitude: a.latitude + (b.latitude - a.latitude) * f,
    longitude: a.longitude + (b.longitude - a.longitude) * f,
    heading: a.heading,
    speed: a.speed,
  };
}
