import { createBoundedMap, createCache, invalidateOn } from './cache';
import { createFakeClock } from '@herald/timing';

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

describe('createCache offline', () => {
  it('when offline with no offline lifetime, then nothing is kept; online again, loads are kept', async () => {
    const c = createCache<string>({ max: 10, ttlMs: 60_000 });
    const load = jest.fn(async () => 'v');
    c.setOnline(false);
    await c.getOrLoad('k', load);
    await c.getOrLoad('k', load);
    expect(load).toHaveBeenCalledTimes(2);
    c.setOnline(true);
    await c.getOrLoad('k', load);
    await c.getOrLoad('k', load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('when offline with an offline lifetime, then entries live that long at most', async () => {
    let now = 1_000_000;
    const c = createCache<string>({ max: 10, ttlMs: 60_000, offlineTtlMs: 1_000, now: () => now });
    c.setOnline(false);
    c.set('k', 'v');
    now += 1_000;
    expect(c.get('k')).toBe('v');
    now += 1;
    expect(c.get('k')).toBeUndefined();
  });
});

describe('invalidateOn', () => {
  /** A connection stand-in: messages and status events are fed by hand, as nats.js delivers them. */
  function fakeConnection() {
    const subs: { subject: string; callback: (err: Error | null, msg: { data: Uint8Array }) => void }[] = [];
    const queue: object[] = [];
    let wake: (() => void) | null = null;
    const status = {
      async *[Symbol.asyncIterator]() {
        for (;;) {
          while (queue.length > 0) yield queue.shift()!;
          await new Promise<void>((r) => (wake = r));
        }
      },
    };
    const sub = { unsubscribe: jest.fn() };
    const nc = {
      subscribe: (subject: string, o: { callback: (typeof subs)[number]['callback'] }) => (subs.push({ subject, callback: o.callback }), sub),
      status: () => status,
    };
    return {
      nc: nc as never,
      sub,
      publish: (subject: string, text: string) => subs.filter((s) => s.subject === subject).forEach((s) => s.callback(null, { data: new TextEncoder().encode(text) })),
      status: async (s: object) => {
        queue.push(s);
        wake?.();
        await new Promise((r) => setImmediate(r));
      },
    };
  }
  const logger = { warn: jest.fn() } as never;
  const keysOf = (data: Uint8Array) => new TextDecoder().decode(data).split(',');

  it('when a message names keys, then every cache evicts them and keeps the others', () => {
    const conn = fakeConnection();
    const [a, b] = [createCache<string>({ max: 10, ttlMs: 60_000 }), createCache<string>({ max: 10, ttlMs: 60_000 })];
    for (const c of [a, b]) ['x', 'y', 'z'].forEach((k) => c.set(k, k));
    const stop = invalidateOn(conn.nc, { subject: 's', keysOf, caches: [a, b], logger, what: 'test' });
    conn.publish('s', 'x,y');
    expect([a.get('x'), a.get('y'), a.get('z'), b.get('x'), b.get('z')]).toEqual([undefined, undefined, 'z', undefined, 'z']);
    stop();
    expect(conn.sub.unsubscribe).toHaveBeenCalled();
  });

  it('when a message cannot be decoded, then nothing is evicted', () => {
    const conn = fakeConnection();
    const c = createCache<string>({ max: 10, ttlMs: 60_000 });
    c.set('x', 'x');
    invalidateOn(conn.nc, { subject: 's', keysOf: () => { throw new Error('bad'); }, caches: [c], logger, what: 'test' });
    conn.publish('s', 'x');
    expect(c.get('x')).toBe('x');
  });

  it('when the connection drops, then the cache is emptied and keeps nothing until it is back; then emptied again', async () => {
    const conn = fakeConnection();
    const c = createCache<string>({ max: 10, ttlMs: 60_000 });
    invalidateOn(conn.nc, { subject: 's', keysOf, caches: [c], logger, what: 'test' });
    c.set('x', 'x');
    await conn.status({ type: 'disconnect' });
    expect(c.get('x')).toBeUndefined();
    c.set('x', 'offline');
    expect(c.get('x')).toBeUndefined();
    await conn.status({ type: 'reconnecting' });
    const pending = c.getOrLoad('y', async () => 'loaded while offline');
    await conn.status({ type: 'reconnect' });
    await pending;
    expect(c.get('y')).toBeUndefined();
    c.set('x', 'online');
    expect(c.get('x')).toBe('online');
  });

  it('when the subscription fell behind (slow consumer), then the cache is emptied', async () => {
    const conn = fakeConnection();
    const c = createCache<string>({ max: 10, ttlMs: 60_000 });
    invalidateOn(conn.nc, { subject: 's', keysOf, caches: [c], logger, what: 'test' });
    c.set('x', 'x');
    await conn.status({ type: 'slowConsumer', sub: {}, pending: 1 });
    expect(c.get('x')).toBe('x'); // another subscription's
    await conn.status({ type: 'slowConsumer', sub: conn.sub, pending: 1 });
    expect(c.get('x')).toBeUndefined();
  });
});

describe('createCache with a clock', () => {
  it('when the clock passes an entry\'s lifetime, then it is gone', () => {
    const clock = createFakeClock();
    const c = createCache<string>({ max: 10, ttlMs: 1_000, clock });
    c.set('k', 'v');
    clock.advance(1_000);
    expect(c.get('k')).toBe('v');
    clock.advance(1);
    expect(c.get('k')).toBeUndefined();
  });
});

describe('createBoundedMap', () => {
  it('when more than max keys are set, then the least recently used go first', () => {
    const m = createBoundedMap<string, number>(2);
    m.set('a', 1);
    m.set('b', 2);
    expect(m.get('a')).toBe(1);
    m.set('c', 3);
    expect([m.has('a'), m.has('b'), m.has('c'), m.size]).toEqual([true, false, true, 2]);
  });

  it('when a key is deleted or the map cleared, then it is gone', () => {
    const m = createBoundedMap<number, string>(10);
    m.set(1, 'x');
    m.set(2, 'y');
    m.delete(1);
    expect([m.get(1), m.get(2)]).toEqual([undefined, 'y']);
    m.clear();
    expect(m.size).toBe(0);
  });
});
