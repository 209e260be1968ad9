import { describe, expect, it } from 'vitest';
import {
  DayDetector,
  DEFAULT_THRESHOLDS,
  haversineMeters,
  indianDay,
  type Fix,
} from '../../server/reports/detector.ts';

/** 0.01° of latitude along a meridian on the mean Earth radius. */
const STEP_M = 0.01 * (Math.PI / 180) * 6_371_008.8;
const T0 = Date.parse('2026-10-05T09:00:00+05:30');
const minute = (n: number) => T0 + n * 60_000;

const fix = (n: number, latitude: number, speed: number, patch: Partial<Fix> = {}): Fix => ({
  time: minute(n),
  latitude,
  longitude: 80.3,
  speed,
  ignition: null,
  gpsFix: true,
  satellites: 12,
  ...patch,
});

function run(fixes: Fix[], thresholds = DEFAULT_THRESHOLDS) {
  const detector = DayDetector.forDay(thresholds, fixes[0]!.time, null);
  for (const f of fixes) detector.push(f);
  detector.finish(null);
  return { ...detector.takeClosed(), summary: detector.summary() };
}

describe('the trip detector', () => {
  it('names the Indian day and its bounds', () => {
    expect(indianDay(Date.parse('2026-10-05T18:29:59Z'))).toMatchObject({
      day: '2026-10-05',
      start: Date.parse('2026-10-04T18:30:00Z'),
    });
    expect(indianDay(Date.parse('2026-10-05T18:30:00Z')).day).toBe('2026-10-06');
    // the day asked for last is kept: the next day, a day back and the last millisecond are still each their own
    expect(indianDay(Date.parse('2026-10-06T18:29:59.999Z'))).toMatchObject({
      day: '2026-10-06',
      end: Date.parse('2026-10-06T18:30:00Z'),
    });
    expect(indianDay(Date.parse('2026-10-06T18:30:00Z')).day).toBe('2026-10-07');
    expect(indianDay(Date.parse('2026-10-05T18:29:59.999Z')).day).toBe('2026-10-05');
    expect(indianDay(Date.parse('2026-10-05T18:30:00Z')).day).toBe('2026-10-06');
    expect(haversineMeters({ latitude: 26, longitude: 80 }, { latitude: 26.01, longitude: 80 })).toBeCloseTo(STEP_M, 6);
  });

  it('uses the speed when the device does not report the ignition', () => {
    // 5 min parked, 10 min driving, 10 min parked
    const fixes = [
      ...[0, 1, 2, 3, 4, 5].map((n) => fix(n, 26.4, 0)),
      ...[6, 7, 8, 9, 10, 11, 12, 13, 14, 15].map((n, i) => fix(n, 26.41 + i * 0.01, 60)),
      ...[16, 17, 18, 19, 20, 21, 22, 23, 24, 25].map((n) => fix(n, 26.5, 0)),
    ];
    const { trips, stops, summary } = run(fixes);
    expect(trips).toHaveLength(1);
    // the trip starts when the vehicle moved (minute 6), from where it stood (26.40): the leg from there is its distance
    expect(trips[0]).toMatchObject({ startTime: minute(6), endTime: minute(16), durationSeconds: 600 });
    expect(trips[0]).toMatchObject({ startLatitude: 26.4 });
    expect(trips[0]!.distanceMeters).toBeCloseTo(10 * STEP_M, 3);
    expect(stops.map((s) => [s.startTime, s.endTime, s.ignition])).toEqual([
      [minute(0), minute(6), null],
      [minute(16), minute(25), null],
    ]);
    expect(summary).toMatchObject({
      trips: 1,
      stops: 2,
      runningSeconds: 600,
      idleSeconds: 0,
      stoppedSeconds: 900,
      positions: 26,
    });
  });

  it('keeps a halt shorter than the parking time inside the trip, and a hop shorter than the shortest trip inside the stop', () => {
    const fixes = [
      ...[0, 1, 2, 3, 4, 5].map((n) => fix(n, 26.4, 0)),
      ...[6, 7, 8].map((n, i) => fix(n, 26.41 + i * 0.01, 60)),
      // 3 minutes at a traffic light: less than 5, still the trip
      ...[9, 10, 11].map((n) => fix(n, 26.43, 0)),
      ...[12, 13].map((n, i) => fix(n, 26.44 + i * 0.01, 60)),
      ...[14, 15, 16, 17, 18, 19, 20].map((n) => fix(n, 26.45, 0)),
      // moved 100 m: less than 300 m, part of the stop
      fix(21, 26.4509, 6),
      ...[22, 23, 24, 25, 26, 27].map((n) => fix(n, 26.4509, 0)),
    ];
    const { trips, stops } = run(fixes);
    expect(trips).toHaveLength(1);
    expect(trips[0]).toMatchObject({ startTime: minute(6), endTime: minute(14) });
    expect(trips[0]!.distanceMeters).toBeCloseTo(5 * STEP_M, 3);
    expect(stops.map((s) => [s.startTime, s.endTime])).toEqual([
      [minute(0), minute(6)],
      [minute(14), minute(27)],
    ]);
  });

  it('leaves weak and jumping fixes out of the distance', () => {
    const fixes = [
      ...[0, 1, 2, 3, 4, 5].map((n) => fix(n, 26.4, 0)),
      fix(6, 26.41, 60),
      fix(7, 26.42, 60, { satellites: 3, longitude: 80.305 }),
      fix(8, 26.43, 60, { gpsFix: false, longitude: 80.295 }),
      fix(9, 28.43, 60),
      fix(10, 26.44, 60),
      ...[11, 12, 13, 14, 15, 16].map((n) => fix(n, 26.44, 0)),
    ];
    const { trips, summary } = run(fixes);
    // 26.40 → 26.41 → 26.44 along the meridian: the fixes with 3 satellites and without GPS (off the line), and 220 km away, do not count
    expect(summary.distanceMeters).toBeCloseTo(4 * STEP_M, 3);
    expect(trips[0]!.distanceMeters).toBeCloseTo(4 * STEP_M, 3);
  });

  it('counts a gap longer than the offline time as no data, and idle time with the ignition on', () => {
    const fixes = [
      fix(0, 26.4, 0, { ignition: true }),
      fix(10, 26.4, 0, { ignition: true }),
      fix(100, 26.4, 0, { ignition: false }),
      fix(110, 26.4, 0, { ignition: false }),
    ];
    const { summary } = run(fixes);
    expect(summary).toMatchObject({
      idleSeconds: 600,
      stoppedSeconds: 600,
      runningSeconds: 0,
      firstIgnitionOn: minute(0),
      lastIgnitionOff: minute(100),
    });
  });

  it('makes the trips add up to the running time and the stops to the time between them', () => {
    // parked reports every 5 minutes, then 10 minutes driving, 5 parked, 8 driving, parked
    const fixes = [
      ...[0, 5, 10].map((n) => fix(n, 26.4, 0, { ignition: false })),
      ...[11, 12, 13, 14, 15, 16, 17, 18, 19, 20].map((n, i) => fix(n, 26.4 + i * 0.01, 60, { ignition: true })),
      ...[21, 26].map((n) => fix(n, 26.49, 0, { ignition: false })),
      ...[30, 31, 32, 33, 34, 35, 36, 37].map((n, i) => fix(n, 26.49 + i * 0.01, 60, { ignition: true })),
      ...[38, 43, 48].map((n) => fix(n, 26.56, 0, { ignition: false })),
    ];
    const { trips, stops, summary } = run(fixes);
    expect(trips.map((t) => [t.startTime, t.endTime])).toEqual([
      [minute(11), minute(21)],
      [minute(30), minute(38)],
    ]);
    expect(trips.reduce((sum, t) => sum + t.durationSeconds, 0)).toBe(summary.runningSeconds);
    expect(stops.map((s) => [s.startTime, s.endTime])).toEqual([
      [minute(0), minute(11)],
      [minute(21), minute(30)],
      [minute(38), minute(48)],
    ]);
    expect(stops.reduce((sum, s) => sum + s.durationSeconds, 0)).toBe(summary.stoppedSeconds);
  });

  it("decides moving by the one motion rule: the organisation's speed, the ignition off or on standing", () => {
    const crawl = [
      ...[0, 1, 2, 3, 4, 5].map((n) => fix(n, 26.4, 0)),
      ...[6, 7, 8, 9, 10, 11, 12, 13, 14, 15].map((n, i) => fix(n, 26.4 + (i + 1) * 0.0015, 8)),
      ...[16, 17, 18, 19, 20, 21].map((n) => fix(n, 26.415, 0)),
    ];
    expect(run(crawl).trips).toHaveLength(1);
    // "moving above 10": crawling at 8 km/h is standing, as Vehicle Status says
    const slow = run(crawl, { ...DEFAULT_THRESHOLDS, minMovingKmph: 10 });
    expect(slow.trips).toHaveLength(0);
    expect(slow.summary).toMatchObject({ runningSeconds: 0, stoppedSeconds: 21 * 60 });
    // 20 minutes standing with the ignition on between two drives is idle time and a stop, not a trip
    const idling = run([
      ...[0, 1, 2, 3, 4, 5].map((n, i) => fix(n, 26.4 + i * 0.01, 60, { ignition: true })),
      ...Array.from({ length: 20 }, (_, i) => fix(6 + i, 26.45, 0, { ignition: true })),
      ...[26, 27, 28, 29, 30].map((n, i) => fix(n, 26.46 + i * 0.01, 60, { ignition: true })),
      fix(31, 26.5, 0, { ignition: false }),
    ]);
    expect(idling.stops.map((s) => [s.startTime, s.endTime, s.ignition])).toEqual([[minute(6), minute(26), true]]);
    expect(idling.summary).toMatchObject({ idleSeconds: 20 * 60, trips: 2 });
  });

  it('finds the same trips and stops whether or not the day so far is asked for after every position', () => {
    const fixes: Fix[] = [];
    for (let n = 0; n <= 10; n += 1) fixes.push(fix(n, 26.4, 0));
    for (let i = 0; i < 8; i += 1) fixes.push(fix(11 + i, 26.41 + i * 0.01, 60));
    for (let n = 19; n <= 40; n += 1) fixes.push(fix(n, 26.5, 0));
    const asked = DayDetector.forDay(DEFAULT_THRESHOLDS, fixes[0]!.time, null);
    for (const f of fixes) {
      asked.push(f);
      asked.summary();
    }
    asked.finish(null);
    const quiet = run(fixes);
    expect(quiet.trips).toHaveLength(1);
    expect(quiet.stops).toHaveLength(2);
    expect({ ...asked.takeClosed(), summary: asked.summary() }).toEqual(quiet);
  });

  it('refuses positions out of order or of another day', () => {
    const detector = DayDetector.forDay(DEFAULT_THRESHOLDS, minute(0), null);
    detector.push(fix(5, 26.4, 0));
    expect(() => detector.push(fix(4, 26.4, 0))).toThrow(/time order/);
    expect(() => detector.push(fix(60 * 24, 26.4, 0))).toThrow(/another day/);
  });
});
