import { createCache } from './cache';

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('createCache', () => {
  it('when a key is loaded, then the next read is answered from the cache', async () => {
    const c = createCache<string>({ max: 10, ttlMs: 60_000 });
    const load = jest.fn(async () => 'v');
    expect(await c.getOrLoad('k', load)).toBe('v');
    expect(await c.getOrLoad('k', load)).toBe('v');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('when concurrent reads miss, then one load serves them all', async () => {
    const c = createCache<string>({ max: 10, ttlMs: 60_000 });
    const d = deferred<string>();
    const load = jest.fn(() => d.promise);
    const both = Promise.all([c.getOrLoad('k', load), c.getOrLoad('k', load)]);
    d.resolve('v');
    expect(await both).toEqual(['v', 'v']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['the key is deleted', (c: ReturnType<typeof createCache<string>>) => c.delete('k')],
    ['the cache is cleared', (c: ReturnType<typeof createCache<string>>) => c.clear()],
  ])('when %s while its load is in flight, then the load answers its caller but is not kept', async (_what, invalidate) => {
    const c = createCache<string>({ max: 10, ttlMs: 60_000 });
    const d = deferred<string>();
    const pending = c.getOrLoad('k', () => d.promise);
    invalidate(c);
    d.resolve('old');
    expect(await pending).toBe('old');
    expect(c.get('k')).toBeUndefined();
    expect(await c.getOrLoad('k', async () => 'new')).toBe('new');
    expect(c.get('k')).toBe('new');
  });

  it('when another key is deleted during a load, then the load is kept', async () => {
    const c = createCache<string>({ max: 10, ttlMs: 60_000 });
    const d = deferred<string>();
    const pending = c.getOrLoad('k', () => d.promise);
    c.delete('other');
    d.resolve('v');
    await pending;
    expect(c.get('k')).toBe('v');
  });

  it('when the load answers undefined or throws, then nothing is kept', async () => {
    const c = createCache<string>({ max: 10, ttlMs: 60_000 });
    expect(await c.getOrLoad('k', async () => undefined)).toBeUndefined();
    await expect(c.getOrLoad('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(c.size).toBe(0);
  });

  it('when more keys than max are set, then the least recently used go first', () => {
    const c = createCache<number>({ max: 2, ttlMs: 60_000 });
    c.set('a', 1);
    c.set('b', 2);
    c.get('a');
    c.set('c', 3);
    expect([c.get('a'), c.get('b'), c.get('c')]).toEqual([1, undefined, 3]);
  });

  it('when ttl is 0, then nothing is kept and every read loads', async () => {
    const c = createCache<string>({ max: 10, ttlMs: 0 });
    const load = jest.fn(async () => 'v');
    await c.getOrLoad('k', load);
    await c.getOrLoad('k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('when an entry is older than the ttl, then it is loaded again', async () => {
    let now = 1_000_000;
    const c = createCache<string>({ max: 10, ttlMs: 1_000, now: () => now });
    c.set('k', 'v');
    now += 999;
    expect(c.get('k')).toBe('v');
    now += 2;
    expect(c.get('k')).toBeUndefined();
  });
});
