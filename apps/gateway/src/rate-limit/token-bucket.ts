export type TakeResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/**
 * Token buckets by key, refilled continuously at `ratePerSecond` up to `burst`. Pure arithmetic on
 * an injected clock; one instance per gateway process.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly now: () => number = Date.now) {}

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
    const bucket = this.buckets.get(key);
    if (bucket) bucket.tokens = Math.min(Math.max(1, burst), bucket.tokens + 1);
  }

  private check(key: string, ratePerSecond: number, burst: number, consume: boolean): TakeResult {
    const now = this.now();
    const capacity = Math.max(1, burst);
    const bucket = this.buckets.get(key) ?? { tokens: capacity, updatedAt: now };
    bucket.tokens = Math.min(capacity, bucket.tokens + ((now - bucket.updatedAt) / 1000) * ratePerSecond);
    bucket.updatedAt = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      if (consume) bucket.tokens -= 1;
      return { allowed: true };
    }
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / ratePerSecond)) };
  }

  /** Forgets buckets idle for `idleMs` (they would be full again anyway). */
  sweep(idleMs: number): void {
    const cutoff = this.now() - idleMs;
    for (const [key, bucket] of this.buckets) if (bucket.updatedAt < cutoff) this.buckets.delete(key);
  }

  get size(): number {
    return this.buckets.size;
  }
}
