import { PREFERENCE_CATALOG_CHANGED_SUBJECT } from '@herald/contracts';
import { createCache, invalidateOn, type Logger, type NatsConnection } from '@herald/service-kit';
import { catalogOf, type Catalog, type CatalogEntry } from '../domain/catalog';

/**
 * Core NATS subject on which preference-service replicas (and the gateways' check caches) hear that
 * a project's catalog changed (payload: the project id).
 */
export const CATALOG_CHANGED_SUBJECT = PREFERENCE_CATALOG_CHANGED_SUBJECT;

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

/** The project id a CATALOG_CHANGED_SUBJECT message names (none when it names none). */
export const catalogKeysOf = (data: Uint8Array): string[] => {
  const text = new TextDecoder().decode(data);
  const id = Number(text);
  return /^\d{1,16}$/.test(text) && Number.isSafeInteger(id) ? [String(id)] : [];
};

/**
 * Each project's catalog in memory (every send and check needs it), in the service kit's cache.
 * Invalidation: the writing replica forgets the project at once, then broadcasts the project id on
 * CATALOG_CHANGED_SUBJECT and waits for the server to have it, so every other replica forgets it too
 * (within milliseconds). A load that started before an invalidation is not kept, so a slow read can
 * never re-insert a stale catalog. While disconnected from NATS, broadcasts can be missed: the cache
 * is emptied and bypassed until the connection is back (`invalidateOn`). The TTL bounds staleness if
 * all else fails.
 */
export function createCatalogCache(opts: CatalogCacheOptions): CatalogCache {
  const cache = createCache<Catalog>({ max: opts.maxProjects, ttlMs: opts.ttlMs });
  const stop = invalidateOn(opts.nats, { subject: CATALOG_CHANGED_SUBJECT, keysOf: catalogKeysOf, caches: [cache], logger: opts.logger, what: 'catalog' });
  return {
    async get(p) {
      return (await cache.getOrLoad(String(p), async () => catalogOf(await opts.load(p))))!;
    },
    async invalidate(p) {
      cache.delete(String(p));
      opts.nats.publish(CATALOG_CHANGED_SUBJECT, String(p));
      await opts.nats.flush().catch((err: unknown) => opts.logger.warn({ err, projectId: p }, 'catalog change broadcast not confirmed'));
    },
    stop,
  };
}
