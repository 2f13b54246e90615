import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  let now = 0;
  const clock = () => now;
  beforeEach(() => {
    now = 1_000;
  });

  it('when an entry is read before its lifetime ends, then it is returned; after, it is gone', () => {
    const cache = new TtlCache<string, number>(10, clock);
    cache.set('a', 1, 100);
    now += 99;
    expect(cache.get('a')).toBe(1);
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('when the cache is full, then the oldest entry is dropped', () => {
    const cache = new TtlCache<string, number>(2, clock);
    cache.set('a', 1, 100);
    cache.set('b', 2, 100);
    cache.set('c', 3, 100);
    expect(cache.has('a')).toBe(false);
    expect(cache.get('b')).toBe(2);
    expect(cache.get('c')).toBe(3);
  });

  it('when an entry is deleted, then it is gone at once', () => {
    const cache = new TtlCache<string, number>(2, clock);
    cache.set('a', 1, 100);
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
  });
});
