import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { PeerTracker } from './peer-tracker';
import type { Principal } from '../auth/principal';
import { bucketsFor, createRateLimiter, recipientBucketKey } from './rate-limiter';
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

  describe('recipient-scoped credentials', () => {
    const token = (recipientId: string): Principal => ({ kind: 'token', projectId: 1, recipientId, expiresAt: 0, keyId: 1, incarnation: 1 });
    const rcptKey: Principal = { kind: 'key', projectId: 1, keyId: 2, scope: 'recipient' };
    const fullKey: Principal = { kind: 'key', projectId: 1, keyId: 3, scope: 'full' };
    const limiter = () => createRateLimiter(new TokenBuckets(clock), new PeerTracker('me', 3_000, clock));
    const count = (n: number, f: () => { allowed: boolean }) => Array.from({ length: n }, f).filter((r) => r.allowed).length;

    it('when one recipient token spends its bucket, then another recipient of the project still passes', () => {
      const l = limiter();
      // Project rate 100: a recipient gets 10/s, burst 20.
      expect(count(30, () => l.takeFor(token('alice'), { recipient_id: 'alice' }, 100))).toBe(20);
      expect(l.takeFor(token('bob'), { recipient_id: 'bob' }, 100).allowed).toBe(true);
    });

    it('when the Recipient key acts for one recipient, then it is limited per recipient too', () => {
      const l = limiter();
      expect(count(30, () => l.takeFor(rcptKey, { recipient_id: 'alice' }, 100))).toBe(20);
      expect(l.takeFor(rcptKey, { recipient_id: 'bob' }, 100).allowed).toBe(true);
    });

    it('when many recipients together exceed the project rate, then the project-wide cap refuses, without spending their own buckets', () => {
      const l = limiter();
      const ids = Array.from({ length: 300 }, (_, i) => `r${i}`);
      expect(ids.filter((id) => l.takeFor(token(id), { recipient_id: id }, 100).allowed)).toHaveLength(200);
      now += 1_000;
      // 100 tokens back in the cap; r299 was refused by the cap, so its own bucket is intact.
      expect(count(20, () => l.takeFor(token('r299'), { recipient_id: 'r299' }, 100))).toBe(20);
    });

    it('when a Full key is used, then it has its own bucket at the project rate', () => {
      expect(bucketsFor(fullKey, { recipient_id: 'alice' }, 100)).toEqual([{ key: 'key:3', share: 1 }]);
      expect(bucketsFor(rcptKey, {}, 100)).toEqual([{ key: 'key:2', share: 1 }]);
    });

    it('when the project rate is small, then a recipient still gets at least one request per second', () => {
      expect(bucketsFor(token('a'), {}, 2)[0].share).toBe(0.5);
      expect(bucketsFor(token('a'), {}, 1)[0].share).toBe(1);
    });
  });

  describe('bounded memory', () => {
    const rcptKey: Principal = { kind: 'key', projectId: 1, keyId: 2, scope: 'recipient' };
    const token = (recipientId: string): Principal => ({ kind: 'token', projectId: 1, recipientId, expiresAt: 0, keyId: 1, incarnation: 1 });

    it('when the path id is no recipient id (too long, control characters), then it gets no bucket of its own, only the project-wide cap', () => {
      for (const bad of ['y'.repeat(8192), 'é'.repeat(257), 'a\u0000b', ' padded', '']) {
        expect(bucketsFor(rcptKey, { recipient_id: bad }, 100)).toEqual([{ key: 'rscope:1', share: 1 }]);
      }
      expect(bucketsFor(rcptKey, { recipient_id: 'é'.repeat(256) }, 100)).toHaveLength(2);
    });

    it('when a recipient id is long, then its bucket key is a short digest, distinct per id and project', () => {
      const a = recipientBucketKey(1, 'r'.repeat(256));
      expect(a.length).toBeLessThanOrEqual(40);
      expect(new Set([a, recipientBucketKey(1, `${'r'.repeat(255)}s`), recipientBucketKey(2, 'r'.repeat(256))]).size).toBe(3);
      expect(recipientBucketKey(1, 'ann')).toBe('rcpt:1:ann');
    });

    it('when requests are refused, then they leave no bucket behind', () => {
      const buckets = new TokenBuckets(clock);
      const l = createRateLimiter(buckets, new PeerTracker('me', 3_000, clock));
      // Project rate 10: the cap's burst is 20, then everything is refused by it.
      for (let i = 0; i < 20; i++) expect(l.takeFor(token(`r${i}`), {}, 10).allowed).toBe(true);
      const before = buckets.size;
      for (let i = 20; i < 1000; i++) expect(l.takeFor(token(`r${i}`), {}, 10).allowed).toBe(false);
      expect(buckets.size).toBe(before);
    });

    it('when more keys are used than the bound, then the least recently used buckets go first', () => {
      const buckets = new TokenBuckets(clock, 1000);
      buckets.take('kept', 1, 1);
      for (let i = 0; i < 5000; i++) {
        buckets.take(`k${i}`, 1, 1);
        if (i % 500 === 0) buckets.take('kept', 1, 1);
      }
      expect(buckets.size).toBe(1000);
      expect(buckets.take('kept', 1, 1).allowed).toBe(false); // still there, and still spent
    });

    it('when 100,000 distinct recipient ids of the longest kind, and 100,000 junk path ids of 8 KiB, are used, then the bucket map stays bounded and the heap grows by less than 32 MiB (about 23 MB measured)', () => {
      setFlagsFromString('--expose-gc');
      const gc = runInNewContext('gc') as () => void;
      const buckets = new TokenBuckets(clock);
      const l = createRateLimiter(buckets, new PeerTracker('me', 3_000, clock));
      gc();
      const before = process.memoryUsage().heapUsed;
      const long = 'é'.repeat(250);
      const junk = 'y'.repeat(8185);
      for (let i = 0; i < 100_000; i++) {
        const suffix = String(i).padStart(6, '0');
        l.takeFor(token(`${long}${suffix}`), {}, 1e9);
        l.takeFor(rcptKey, { recipient_id: `${junk}${suffix}` }, 1e9);
      }
      gc();
      const grown = process.memoryUsage().heapUsed - before;
      expect(buckets.size).toBe(100_000); // the bound: one per valid id and the project-wide cap, the oldest id's pushed out
      expect(grown).toBeLessThan(32 * 1024 * 1024);
    });
  });
});
