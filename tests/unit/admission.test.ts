import { describe, expect, it } from 'vitest';
import { Admission, admissionBounds } from '../../server/gateway/admission.ts';

function admission() {
  const lines: string[] = [];
  const log = { info: (_: unknown, m: string) => lines.push(m), warn: (_: unknown, m: string) => lines.push(m) };
  let now = 1000;
  const a = new Admission(admissionBounds({ pauseAt: 10, refuseAt: 20, resumeAt: 4 }), log as never, () => now);
  return { a, lines, tick: (ms: number) => (now += ms) };
}

describe('gateway admission', () => {
  it('pauses at the first bound, refuses at the second, and comes down through paused to accepting', () => {
    const { a, lines, tick } = admission();
    const seen = [3, 9, 10, 15, 19, 20, 25, 12, 10, 9, 5, 4, 2].map((depth) => {
      tick(100);
      a.observe(depth);
      return a.state;
    });
    expect(seen).toEqual([
      'accepting',
      'accepting',
      'paused',
      'paused',
      'paused',
      'refusing',
      'refusing',
      // refusing holds while the queue is above the pause bound
      'refusing',
      'refusing',
      'paused',
      // paused holds down to the resume bound
      'paused',
      'accepting',
      'accepting',
    ]);
    // one line at each change, none per frame
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/stopped reading.*10 frames/);
    expect(lines[1]).toMatch(/refusing new connections.*20 frames/);
    expect(lines[3]).toMatch(/reading again.*4 frames/);
    expect(a.transitions).toBe(4);
    // shedding from the 3rd observation (depth 10) to the 12th (depth 4): 9 steps of 100 ms
    expect(a.sheddingMs).toBe(900);
  });

  it('refuses connections only while refusing, and counts them', () => {
    const { a, tick } = admission();
    expect(a.admit()).toBe(true);
    a.observe(12);
    expect(a.admit()).toBe(true);
    expect(a.reading).toBe(false);
    a.observe(30);
    expect(a.admit()).toBe(false);
    expect(a.admit()).toBe(false);
    tick(250);
    expect(a.status()).toMatchObject({ state: 'refusing', connectionsRefused: 2, sheddingMs: 250, pauseAt: 10 });
    a.observe(0);
    expect(a.admit()).toBe(true);
    expect(a.status()).toMatchObject({ state: 'accepting', connectionsRefused: 2 });
  });

  it('rejects bounds that make no hysteresis', () => {
    expect(() => admissionBounds({ pauseAt: 10, resumeAt: 10, refuseAt: 20 })).toThrow(/resume \(10\) < pause \(10\)/);
    expect(() => admissionBounds({ pauseAt: 30, resumeAt: 1, refuseAt: 20 })).toThrow(/must rise/);
    expect(() => admissionBounds({ pauseAt: 1.5 })).toThrow(/whole numbers/);
    expect(admissionBounds()).toEqual({ pauseAt: 8000, refuseAt: 16_000, resumeAt: 4000 });
  });
});
