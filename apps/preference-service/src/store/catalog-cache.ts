import type { Logger } from 'pino';
import type { NatsConnection, Subscription } from '@nats-io/nats-core';
import { catalogOf, type Catalog, type CatalogEntry } from '../domain/catalog';

/**
 * Core NATS subject on which preference-service replicas tell each other that a project's catalog
 * changed (payload: the project id). Internal to this service.
 */
export const CATALOG_CHANGED_SUBJECT = 'herald.preference.catalog_changed';

export interface CatalogCacheOptions {
  load: (projectId: number) => Promise<CatalogEntry[]>;
  nats: NatsConnection;
  /** Backstop for a lost broadcast: an entry is reloaded at least this often. */
  ttlMs: number;
  maxProjects: number;
  logger: Logger;
}

export interface CatalogCache {
  /** The project's catalog, from memory when fresh. */
  get(projectId: number): Promise<Catalog>;
  /** Forgets the project's catalog here and on every other replica; call after every catalog write. */
  invalidate(projectId: number): Promise<void>;
  stop(): void;
}

/**
 * Each project's catalog in memory (every send and check needs it).
 * Invalidation: the writing replica forgets the project at once, then broadcasts the project id on
 * CATALOG_CHANGED_SUBJECT so every other replica forgets it too (within milliseconds). A load that
 * started before an invalidation is not kept (per-project generation counter), so a slow read can
 * never re-insert a stale catalog. While disconnected from NATS, broadcasts can be missed: the cache
 * is bypassed and emptied until the connection is back. The TTL bounds staleness if all else fails.
 */
export function createCatalogCache(opts: CatalogCacheOptions): CatalogCache {
  const cached = new Map<number, { catalog: Catalog; expiresAt: number }>();
  const loading = new Map<number, Promise<Catalog>>();
  const generation = new Map<number, number>();
  let epoch = 0;
  let connected = true;
  const stampOf = (p: number) => `${epoch}:${generation.get(p) ?? 0}`;

  const forget = (p: number) => {
    generation.set(p, (generation.get(p) ?? 0) + 1);
    cached.delete(p);
    loading.delete(p);
  };
  const forgetAll = () => {
    epoch++;
    cached.clear();
    loading.clear();
  };

  const sub: Subscription = opts.nats.subscribe(CATALOG_CHANGED_SUBJECT, {
    callback: (err, msg) => {
      if (err) return;
      const p = Number(msg.string());
      if (Number.isSafeInteger(p)) forget(p);
    },
  });
  void (async () => {
    for await (const s of opts.nats.status()) {
      if (s.type === 'disconnect') {
        connected = false;
        forgetAll();
      } else if (s.type === 'reconnect') {
        forgetAll();
        connected = true;
      }
    }
  })().catch((err) => opts.logger.warn({ err }, 'catalog cache status watch ended'));

  const load = (p: number): Promise<Catalog> => {
    const stamp = stampOf(p);
    const pending = opts.load(p).then((entries) => {
      const catalog = catalogOf(entries);
      if (loading.get(p) === pending) loading.delete(p);
      if (connected && stampOf(p) === stamp) {
        cached.delete(p);
        cached.set(p, { catalog, expiresAt: Date.now() + opts.ttlMs });
        if (cached.size > opts.maxProjects) cached.delete(cached.keys().next().value!);
      }
      return catalog;
    });
    pending.catch(() => loading.get(p) === pending && loading.delete(p));
    loading.set(p, pending);
    return pending;
  };

  return {
    async get(p) {
      if (!connected) return catalogOf(await opts.load(p));
      const hit = cached.get(p);
      if (hit && hit.expiresAt > Date.now()) return hit.catalog;
      return loading.get(p) ?? load(p);
    },
    async invalidate(p) {
      forget(p);
      opts.nats.publish(CATALOG_CHANGED_SUBJECT, String(p));
      await opts.nats.flush().catch((err) => opts.logger.warn({ err, projectId: p }, 'catalog change broadcast not confirmed'));
    },
    stop() {
      sub.unsubscribe();
    },
  };
}
