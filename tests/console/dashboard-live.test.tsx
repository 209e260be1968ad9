import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';

/** The live socket's hook, replaced: the test hands the dashboard updates as the socket would. */
let onUpdate: (() => void) | undefined;
let hooks = 0;
vi.mock('../../src/live/useLiveFleet.ts', () => ({
  useLiveFleet: (_onAlert: unknown, update: () => void) => {
    hooks += 1;
    onUpdate = update;
    return { vehicles: new Map(), version: 0, connected: true };
  },
}));

const { LiveRefresh, LIVE_REFRESH_MS } = await import('../../custom-pages/dashboard/useLiveRefresh.ts');

describe('dashboard live refresh', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    hooks = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the figures again at most once every 10 seconds however many updates arrive, through the one live hook', () => {
    const reload = vi.fn();
    const connected = vi.fn();
    render(<LiveRefresh reload={reload} onConnected={connected} />);
    expect(connected).toHaveBeenCalledWith(true);
    expect(LIVE_REFRESH_MS).toBe(10_000);

    // a burst of updates right after opening: one read, 10 s after the page's own first read
    for (let i = 0; i < 20; i++) act(() => onUpdate!());
    act(() => {
      vi.advanceTimersByTime(9_999);
    });
    expect(reload).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(reload).toHaveBeenCalledTimes(1);

    // updates every second for 30 s: three more reads, never two within 10 s
    for (let s = 0; s < 30; s++)
      act(() => {
        onUpdate!();
        vi.advanceTimersByTime(1_000);
      });
    expect(reload).toHaveBeenCalledTimes(4);

    // no updates, no reads
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(reload).toHaveBeenCalledTimes(4);
    expect(hooks).toBeGreaterThan(0);
  });
});
