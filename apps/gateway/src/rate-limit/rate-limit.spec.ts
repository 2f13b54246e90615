import { PeerTracker } from './peer-tracker';
import { createRateLimiter } from './rate-limiter';
import { TokenBuckets } from './token-bucket';

describe('rate limiting', () => {
  let now = 0;
  const clock = () => now;
  beforeEach(() => {
    now = 10_000;
  });

  it('when a key spends its burst, then the next request waits and refills at the rate', () => {
    const buckets = new TokenBuckets(clock);
    for (let i = 0; i < 4; i++) expect(buckets.take('k', 2, 4)).toEqual({ allowed: true });
    expect(buckets.take('k', 2, 4)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    now += 500;
    expect(buckets.take('k', 2, 4)).toEqual({ allowed: true });
    expect(buckets.take('k', 2, 4).allowed).toBe(false);
  });

  it('when the rate is below one per second, then Retry-After covers the wait for one token', () => {
    const buckets = new TokenBuckets(clock);
    expect(buckets.take('k', 0.25, 1).allowed).toBe(true);
    expect(buckets.take('k', 0.25, 1)).toEqual({ allowed: false, retryAfterSeconds: 4 });
  });

  it('when keys differ, then their buckets are independent', () => {
    const buckets = new TokenBuckets(clock);
    expect(buckets.take('a', 1, 1).allowed).toBe(true);
    expect(buckets.take('a', 1, 1).allowed).toBe(false);
    expect(buckets.take('b', 1, 1).allowed).toBe(true);
  });

  it('when buckets sit idle, then a sweep forgets them', () => {
    const buckets = new TokenBuckets(clock);
    buckets.take('a', 1, 1);
    now += 60_000;
    buckets.take('b', 1, 1);
    buckets.sweep(30_000);
    expect(buckets.size).toBe(1);
  });

  it('when peers heartbeat, then they count while heard within the window, and self always counts', () => {
    const peers = new PeerTracker('me', 3_000, clock);
    peers.heard('me');
    expect(peers.liveReplicas()).toBe(1);
    peers.heard('b');
    peers.heard('c');
    expect(peers.liveReplicas()).toBe(3);
    now += 2_000;
    peers.heard('b');
    now += 1_500;
    expect(peers.liveReplicas()).toBe(2);
    peers.left('b');
    expect(peers.liveReplicas()).toBe(1);
  });

  it('when two replicas are live, then each allows half the limit with a burst of twice that', () => {
    const peers = new PeerTracker('me', 3_000, clock);
    peers.heard('other');
    const limiter = createRateLimiter(new TokenBuckets(clock), peers);
    const allowed = Array.from({ length: 30 }, () => limiter.take('k', 10)).filter((r) => r.allowed).length;
    expect(allowed).toBe(10);
  });

  it('when the limit is null, then nothing is limited', () => {
    const limiter = createRateLimiter(new TokenBuckets(clock), new PeerTracker('me', 3_000, clock));
    for (let i = 0; i < 100; i++) expect(limiter.take('k', null).allowed).toBe(true);
  });
});
