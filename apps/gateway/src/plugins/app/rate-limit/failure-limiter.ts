import { TokenBuckets, type TakeResult } from './token-bucket';

/**
 * Failed authentications per client address, per replica: `perSecond` with a burst of twice that.
 * Successful authentications are never counted. An address with no failures left is refused
 * anything that would need the store (or the admin token) until its bucket refills.
 */
export function createFailureLimiter(perSecond: number, now: () => number) {
  const buckets = new TokenBuckets(now);
  const burst = 2 * perSecond;
  return {
    /** Whether the address may still fail (takes nothing). */
    check(address: string): TakeResult {
      return buckets.peek(address, perSecond, burst);
    },
    /** Counts one failure; refused when the address had none left. */
    failed(address: string): TakeResult {
      return buckets.take(address, perSecond, burst);
    },
    /** Forgets addresses idle long enough to be full again. */
    sweep(): void {
      buckets.sweep(Math.max(1_000, (burst / perSecond) * 1_000));
    },
    get size(): number {
      return buckets.size;
    },
  };
}
export type FailureLimiter = ReturnType<typeof createFailureLimiter>;
