import { describe, expect, it } from 'vitest';
import { motionOf, motionRuleOf } from '../../server/tracking/motion.ts';
import { countedStep } from '../../server/tracking/fixes.ts';

describe('the one motion rule', () => {
  it("runs at the organisation's speed with the ignition not off; idles standing with it on", () => {
    const rule = motionRuleOf({ minMovingKmph: 10 });
    expect(motionOf({ speed: 12, ignition: null }, rule)).toBe('running');
    expect(motionOf({ speed: 12, ignition: true }, rule)).toBe('running');
    expect(motionOf({ speed: 12, ignition: false }, rule)).toBe('stopped');
    expect(motionOf({ speed: 8, ignition: true }, rule)).toBe('idle');
    expect(motionOf({ speed: 8, ignition: null }, rule)).toBe('stopped');
    // the default without settings: 5 km/h
    expect(motionOf({ speed: 8, ignition: null }, motionRuleOf(null))).toBe('running');
  });

  it('leaves weak fixes and jumps out of the distance, measuring the next fix from the last good one', () => {
    const at = (minute: number, latitude: number, more: object = {}) => ({
      time: minute * 60_000,
      latitude,
      longitude: 80,
      gpsFix: true,
      satellites: 10,
      ...more,
    });
    const first = at(0, 26);
    expect(countedStep(null, first)).toBe(0);
    expect(countedStep(first, at(1, 26.01))).toBeCloseTo(1111.95, 1);
    expect(countedStep(first, at(1, 26.7))).toBeNull();
    expect(countedStep(first, at(1, 26.01, { satellites: 3 }))).toBeNull();
    expect(countedStep(first, at(1, 26.01, { gpsFix: false }))).toBeNull();
  });
});
