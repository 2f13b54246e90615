import { LRUCache } from 'lru-cache';
import type { NatsConnection } from '@nats-io/nats-core';
import type { Clock } from '@herald/timing';
import type { Logger } from './logger';

/**
 * The one read-through cache of the services, over lru-cache: bounded by entries
 * (least recently used go first), entries expire after `ttlMs` (0: nothing is kept), concurrent
 * loads of one key share one load, and a load in flight when its key is invalidated (or the cache
 * cleared) answers its callers but is not kept, so an answer read before an invalidation never
 * outlives it.
 *
 * Cross-replica invalidation: `invalidateOn` (below) evicts keys named by core NATS messages (the
 * services' change events) and clears the cache when the connection drops or returns, when events
 * may have been missed.
 */
export interface Cache<V extends NonNullable<unknown>> extends Invalidatable {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  /** The cached value, or `load()`'s (kept unless invalidated meanwhile); undefined from `load` is not cached. */
  getOrLoad(key: string, load: () => Promise<V | undefined>): Promise<V | undefined>;
  /** Evicts one key (and abandons a load of it in flight). */
  delete(key: string): void;
  /** Evicts everything (and abandons every load in flight). */
  clear(): void;
  /**
   * Offline (the invalidation channel is down, so changes may go unheard): entries are kept at most
   * `offlineTtlMs` (0: nothing is kept, every read loads). Online again: the normal lifetime.
   */
  setOnline(online: boolean): void;
  readonly size: number;
}

/** What `invalidateOn` drives: a cache, or several behind one face (keys are whatever `keysOf` names). */
export interface Invalidatable {
  delete(key: string): void;
  clear(): void;
  setOnline(online: boolean): void;
}

export interface CacheOptions {
  /** Most entries kept (least recently used go first). */
  max: number;
  /** Lifetime of an entry (0: nothing is kept). */
  ttlMs: number;
  /** Lifetime of an entry stored while offline (default 0: nothing is kept while offline). */
  offlineTtlMs?: number;
  /** The time entries expire by (default: the system's). */
  clock?: Clock;
  /** Same as `clock.now` (kept for existing callers). */
  now?: () => number;
}

export function createCache<V extends NonNullable<unknown>>(opts: CacheOptions): Cache<V> {
  const time = opts.clock;
  const now = opts.now ?? (time ? () => time.now() : undefined);
  const lru = new LRUCache<string, V>({
    max: opts.max,
    ...(opts.ttlMs > 0 ? { ttl: opts.ttlMs, ttlResolution: 0 } : {}),
    ...(now ? { perf: { now } } : {}),
  });
  // Loads in flight (shared by concurrent callers) and the invalidation clock: a load keeps its
  // answer only if neither its key nor the whole cache was invalidated after it started.
  const loading = new Map<string, Promise<V | undefined>>();
  let clock = 0;
  let clearedAt = 0;
  const deletedAt = new LRUCache<string, number>({ max: opts.max });
  const enabled = opts.ttlMs !== 0;
  const offlineTtl = Math.min(opts.offlineTtlMs ?? 0, opts.ttlMs);
  let online = true;
  const keep = (key: string, value: V) => {
    if (!enabled) return;
    if (online) lru.set(key, value);
    else if (offlineTtl > 0) lru.set(key, value, { ttl: offlineTtl });
  };
  return {
    get: (key) => lru.get(key),
    set: keep,
    getOrLoad(key, load) {
      const hit = enabled ? lru.get(key) : undefined;
      if (hit !== undefined) return Promise.resolve(hit);
      const running = loading.get(key);
      if (running) return running;
      const startedAt = clock;
      const p = load().then(
        (v) => {
          if (loading.get(key) === p) loading.delete(key);
          if (v !== undefined && clearedAt <= startedAt && (deletedAt.get(key) ?? -1) <= startedAt) keep(key, v);
          return v;
        },
        (err: unknown) => {
          if (loading.get(key) === p) loading.delete(key);
          throw err;
        },
      );
      loading.set(key, p);
      return p;
    },
    delete(key) {
      clock += 1;
      deletedAt.set(key, clock);
      lru.delete(key);
      loading.delete(key);
    },
    clear() {
      clock += 1;
      clearedAt = clock;
      lru.clear();
      loading.clear();
    },
    setOnline(value) {
      online = value;
    },
    get size() {
      return lru.size;
    },
  };
}

/**
 * Keeps caches of this replica in step with changes made anywhere: every message on `subject`
 * (core NATS; the JetStream event subjects are core subjects too) evicts the keys `keysOf` names
 * from each cache. Messages published while the connection is down are never seen, so every cache
 * is cleared and goes offline (see `setOnline`) when the connection drops, and is cleared and back
 * online when it returns; it is cleared too when the subscription fell behind and the client
 * dropped messages (slow consumer). Returns a stop function.
 */
export function invalidateOn(
  nc: NatsConnection,
  opts: { subject: string; keysOf(data: Uint8Array): string[]; caches: Invalidatable[]; logger: Pick<Logger, 'warn'>; what: string },
): () => void {
  const sub = nc.subscribe(opts.subject, {
    callback: (err, msg) => {
      if (err) return opts.logger.warn({ err, what: opts.what }, 'cache invalidation subscription failed');
      let keys: string[];
      try {
        keys = opts.keysOf(msg.data);
      } catch (decodeErr) {
        opts.logger.warn({ err: decodeErr, what: opts.what }, 'undecodable invalidation message');
        return;
      }
      for (const c of opts.caches) for (const k of keys) c.delete(k);
    },
  });
  const each = (f: (c: Invalidatable) => void) => opts.caches.forEach(f);
  let stopped = false;
  void (async () => {
    for await (const s of nc.status()) {
      if (stopped) return;
      if (s.type === 'disconnect') each((c) => (c.clear(), c.setOnline(false)));
      else if (s.type === 'reconnect') each((c) => (c.clear(), c.setOnline(true)));
      else if (s.type === 'slowConsumer' && s.sub === sub) {
        opts.logger.warn({ what: opts.what, pending: s.pending }, 'cache invalidations dropped (slow consumer): cache cleared');
        each((c) => c.clear());
      }
    }
  })().catch((err: unknown) => opts.logger.warn({ err, what: opts.what }, 'NATS status watch ended'));
  return () => {
    stopped = true;
    sub.unsubscribe();
  };
}

/** A plain map holding at most `max` entries (the least recently used go first): memo tables and hints, no expiry. */
export interface BoundedMap<K extends NonNullable<unknown>, V extends NonNullable<unknown>> {
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  has(key: K): boolean;
  delete(key: K): void;
  clear(): void;
  readonly size: number;
}

export function createBoundedMap<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(max: number): BoundedMap<K, V> {
  const lru = new LRUCache<K, V>({ max });
  return {
    get: (key) => lru.get(key),
    set: (key, value) => void lru.set(key, value),
    has: (key) => lru.has(key),
    delete: (key) => void lru.delete(key),
    clear: () => lru.clear(),
    get size() {
      return lru.size;
    },
  };
}
