import { LRUCache } from 'lru-cache';

export type TakeResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/** Buckets kept per process by default: at ~200 bytes each (keys are short, see rate-limiter.ts), about 20 MB at most. */
export const DEFAULT_MAX_BUCKETS = 100_000;

/**
 * Token buckets by key, refilled continuously at `ratePerSecond` up to `burst`. Pure arithmetic on
 * an injected clock; one instance per gateway process. The map is bounded (least recently used
 * first out): a bucket pushed out was the idlest, and comes back full, which is lenient for its key
 * and never refuses anyone.
 */
export class TokenBuckets {
  private readonly buckets: LRUCache<string, Bucket>;

  constructor(
    private readonly now: () => number,
    maxBuckets = DEFAULT_MAX_BUCKETS,
  ) {
    this.buckets = new LRUCache<string, Bucket>({ max: maxBuckets });
  }

  take(key: string, ratePerSecond: number, burst: number): TakeResult {
    return this.check(key, ratePerSecond, burst, true);
  }

  /** Whether `take` would be allowed now, without taking anything (nor creating a bucket). */
  peek(key: string, ratePerSecond: number, burst: number): TakeResult {
    if (!this.buckets.has(key)) return { allowed: true };
    return this.check(key, ratePerSecond, burst, false);
  }

  /** Gives back one token taken by `take` (capped at the burst): a later check refused the request. */
  refund(key: string, burst: number): void {
    const bucket = this.buckets.peek(key);
    if (bucket) bucket.tokens = Math.min(Math.max(1, burst), bucket.tokens + 1);
  }

  /** Drops a bucket made for a request that was then refused: a refused request leaves nothing behind. */
  forget(key: string): void {
    this.buckets.delete(key);
  }

  /** Whether the key has a bucket (a key without one is full). */
  has(key: string): boolean {
    return this.buckets.has(key);
  }

  private check(key: string, ratePerSecond: number, burst: number, consume: boolean): TakeResult {
    const now = this.now();
    const capacity = Math.max(1, burst);
    const existing = this.buckets.get(key);
    const bucket = existing ?? { tokens: capacity, updatedAt: now };
    bucket.tokens = Math.min(capacity, bucket.tokens + ((now - bucket.updatedAt) / 1000) * ratePerSecond);
    bucket.updatedAt = now;
    if (bucket.tokens >= 1) {
      if (consume) bucket.tokens -= 1;
      if (!existing) this.buckets.set(key, bucket);
      return { allowed: true };
    }
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / ratePerSecond)) };
  }

  /** Forgets buckets idle for `idleMs` (they would be full again anyway). */
  sweep(idleMs: number): void {
    const cutoff = this.now() - idleMs;
    const idle = [...this.buckets.entries()].filter(([, bucket]) => bucket.updatedAt < cutoff).map(([key]) => key);
    for (const key of idle) this.buckets.delete(key);
  }

  get size(): number {
    return this.buckets.size;
  }
}
