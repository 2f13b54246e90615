import type { PeerTracker } from './peer-tracker';
import type { TakeResult, TokenBuckets } from './token-bucket';

/**
 * decisions §9: per key, `limit` requests per second with a burst of 2×, across all replicas.
 * Each replica enforces its share, `limit / live replicas`, in a local bucket: no store round trip
 * per request. A load balancer spreading traffic evenly makes the shares add up to the limit.
 */
export function createRateLimiter(buckets: TokenBuckets, peers: PeerTracker) {
  return {
    take(key: string, limitPerSecond: number | null): TakeResult {
      if (limitPerSecond === null) return { allowed: true };
      const share = limitPerSecond / peers.liveReplicas();
      return buckets.take(key, share, 2 * share);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
