import { describe, expect, it } from 'vitest';
import { RecentFixes } from '../../server/reports/recent-fixes.ts';
import type { Fix } from '../../server/reports/detector.ts';

/**
 * The holder's one promise: what it gives a claim is exactly what the claim counted, or nothing
 * (the summariser then reads the database). Each case is an order of begun batches, commits,
 * hand-offs and claims the ingest and the summariser can really take.
 */
const fix = (time: number): Fix => ({
  time,
  latitude: 26.4,
  longitude: 80.3,
  speed: 0,
  ignition: false,
  gpsFix: true,
  satellites: 9,
});
const fixes = (...times: number[]) => times.map(fix);
const batch = (deviceId: string, ...times: number[]) => new Map([[deviceId, fixes(...times)]]);

/** A holder whose summariser already claimed device A once. */
function claimedOnce(options?: ConstructorParameters<typeof RecentFixes>) {
  const holder = new RecentFixes(...(options ?? []));
  holder.take('A', null, holder.claiming());
  return holder;
}

describe('RecentFixes', () => {
  it('keeps nothing until its summariser first claims', () => {
    const holder = new RecentFixes();
    holder.add(holder.begin(), batch('A', 1, 2));
    expect(holder.take('A', 2, holder.claiming())).toBeNull();
  });

  it('gives a claim the fixes handed over since the previous one when they are as many as it counted', () => {
    const holder = claimedOnce();
    holder.add(holder.begin(), batch('A', 1, 2));
    holder.add(holder.begin(), batch('A', 3));
    expect(holder.take('A', 3, holder.claiming())).toEqual(fixes(1, 2, 3));
    // consumed: the next claim starts afresh
    holder.add(holder.begin(), batch('A', 4));
    expect(holder.take('A', 1, holder.claiming())).toEqual(fixes(4));
  });

  it('gives nothing when the claim counted other positions too (another store or process wrote the device)', () => {
    const holder = claimedOnce();
    holder.add(holder.begin(), batch('A', 1, 2));
    expect(holder.take('A', 3, holder.claiming())).toBeNull();
    expect(holder.take('A', null, holder.claiming())).toBeNull();
  });

  it('gives nothing for a device handed over while the claim was on its way: the claim may not have seen it', () => {
    const holder = claimedOnce();
    holder.add(holder.begin(), batch('A', 1));
    const sent = holder.claiming();
    holder.add(holder.begin(), batch('A', 2));
    // the claim counted only the first: the second committed after it
    expect(holder.take('A', 1, sent)).toBeNull();
  });

  it('drops a batch begun before a claim and handed over after it, whichever claim counts it', () => {
    const holder = claimedOnce();
    const begun = holder.begin();
    // the claim counted that batch (it committed first), but its fixes were not here yet
    expect(holder.take('A', 2, holder.claiming())).toBeNull();
    holder.add(begun, batch('A', 1, 2));
    holder.add(holder.begin(), batch('A', 3, 4));
    // two held, two counted, but not the same two: the holder gives nothing until the next claim
    expect(holder.take('A', 2, holder.claiming())).toBeNull();
    holder.add(holder.begin(), batch('A', 5));
    expect(holder.take('A', 1, holder.claiming())).toEqual(fixes(5));
  });

  it('gives nothing for a device trimmed for memory, and keeps giving nothing for batches begun before the trim', () => {
    const holder = claimedOnce([3, 4]);
    holder.add(holder.begin(), batch('A', 1, 2, 3, 4));
    expect(holder.take('A', 4, holder.claiming())).toBeNull();
    // more than four in all: the oldest device goes
    const holder2 = claimedOnce([10, 4]);
    const begun = holder2.begin();
    holder2.add(holder2.begin(), batch('B', 1, 2, 3, 4, 5));
    holder2.add(begun, batch('A', 1));
    expect(holder2.take('A', 1, holder2.claiming())).toBeNull();
  });
});
