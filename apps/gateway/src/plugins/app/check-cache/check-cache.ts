import { createCache, type Invalidatable } from '@herald/service-kit';

/** What a check asks: the recipient and the (target, medium), the medium already defaulted. */
export interface CheckQuery {
  projectId: bigint;
  recipientId: string;
  target: { channel: string; topic: string; event: string };
  medium: string;
}

export interface CheckCacheOptions<A> {
  /** Asks the preference service (CheckPreference). */
  load: (query: CheckQuery) => Promise<A>;
  /** How long an answer is kept (backstop: changes are announced); 0: always ask. */
  ttlMs: number;
  /** Most answers kept, all recipients together. */
  maxEntries: number;
  /** Most answers kept per recipient (beyond, that recipient's are all forgotten and start again). */
  maxPerRecipient: number;
  now?: () => number;
}

/** A recipient's key, as the preference service's rules-changed announcements name it. */
export const checkRecipientKey = (projectId: bigint | number, recipientId: string) => `${projectId}:${recipientId}`;
/** The key a catalog-changed announcement of project `projectId` maps to (see `invalidatable`). */
export const catalogKey = (projectId: bigint | number) => `catalog:${projectId}`;

/**
 * The preference check's answers on this gateway replica (the service kit's cache), so a check of
 * a cached (recipient, target, medium) costs no internal call. An answer depends on the recipient's
 * rules and the project's catalog; the preference service announces every change of either
 * (`herald.preference.rules_changed`, `herald.preference.catalog_changed`), and `invalidatable`
 * (driven by `invalidateOn`) forgets:
 *  - `<project id>:<recipient id>` (a rules change): every answer of that recipient, loads in flight
 *    included (each answer's key is indexed under its recipient before its load starts);
 *  - `catalog:<project id>` (a catalog change, rare: an operator editing it): every answer.
 * Errors are never kept; answers do not depend on whether the recipient exists (the route checks
 * that apart, from the recipient cache).
 */
export function createCheckCache<A extends NonNullable<unknown>>(opts: CheckCacheOptions<A>) {
  const cache = createCache<A>({ max: opts.maxEntries, ttlMs: opts.ttlMs, now: opts.now });
  // Answer keys by recipient: what a rules change must forget. Bounded by forgetting (never by
  // dropping an index entry while its answers stay cached, which would make them unforgettable).
  const byRecipient = new Map<string, Set<string>>();

  const forgetRecipient = (recipient: string) => {
    for (const k of byRecipient.get(recipient) ?? []) cache.delete(k);
    byRecipient.delete(recipient);
  };
  const clear = () => {
    cache.clear();
    byRecipient.clear();
  };
  const index = (recipient: string, key: string) => {
    let keys = byRecipient.get(recipient);
    if (!keys) {
      if (byRecipient.size >= opts.maxEntries) clear();
      keys = new Set();
      byRecipient.set(recipient, keys);
    }
    if (!keys.has(key) && keys.size >= opts.maxPerRecipient) {
      forgetRecipient(recipient);
      return index(recipient, key);
    }
    keys.add(key);
  };

  return {
    /** This replica changed the recipient's rules (or may have): forget its answers now (the announcement tells the others). */
    forgetRecipient: (projectId: bigint | number, recipientId: string) => forgetRecipient(checkRecipientKey(projectId, recipientId)),
    /** This replica changed the project's catalog (or may have): forget every answer now. */
    forgetCatalog: (_projectId: bigint | number) => clear(),
    async check(query: CheckQuery): Promise<A> {
      const recipient = checkRecipientKey(query.projectId, query.recipientId);
      const key = JSON.stringify([recipient, query.medium, query.target.channel, query.target.topic, query.target.event]);
      const hit = cache.get(key);
      if (hit !== undefined) return hit;
      index(recipient, key);
      return (await cache.getOrLoad(key, () => opts.load(query)))!;
    },
    invalidatable: {
      delete: (name: string) => (name.startsWith('catalog:') ? clear() : forgetRecipient(name)),
      clear,
      setOnline: (online: boolean) => cache.setOnline(online),
    } satisfies Invalidatable,
  };
}

export type CheckCache<A extends NonNullable<unknown>> = ReturnType<typeof createCheckCache<A>>;
