import { createFakeClock } from '@herald/service-kit';
import { CLAIM_LEASE_MS, claimLeasePassed } from './claim-lease';

describe('an idempotency claim\'s lease', () => {
  it('when a repeat comes while the claim is within its lease (up to 5 s, the last millisecond included), then it waits; past it, it takes the claim over', () => {
    const clock = createFakeClock();
    const claimedAt = clock.date();
    const seen: boolean[] = [];
    for (const step of [0, 1_000, 3_999, 1]) {
      clock.advance(step);
      seen.push(claimLeasePassed(claimedAt, clock.date()));
    }
    expect(clock.now() - claimedAt.getTime()).toBe(CLAIM_LEASE_MS);
    expect(seen).toEqual([false, false, false, false]);
    clock.advance(1);
    expect(claimLeasePassed(claimedAt, clock.date())).toBe(true);
  });

  it('when the lease is given, then it counts instead of the default', () => {
    const clock = createFakeClock();
    const claimedAt = clock.date();
    clock.advance(101);
    expect(claimLeasePassed(claimedAt, clock.date(), 100)).toBe(true);
    expect(claimLeasePassed(claimedAt, clock.date(), 101)).toBe(false);
  });
});
