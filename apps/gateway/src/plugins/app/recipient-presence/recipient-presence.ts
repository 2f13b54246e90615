import { timestampMs } from '@bufbuild/protobuf/wkt';
import { createCache, type Invalidatable } from '@herald/service-kit';
import type { Recipient } from '@herald/contracts';

export interface RecipientPresenceOptions {
  /** Asks the recipient service; rejects (404 `Recipient not found`) for an unknown recipient. */
  load: (projectId: bigint, recipientId: string) => Promise<Recipient>;
  /** Whether a rejection of `load` means "no such recipient" (anything else propagates). */
  isNotFound: (err: unknown) => boolean;
  /** How long a recipient read from the recipient service is served from memory (backstop: changes are announced); 0: always ask. */
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

/** The cache key of a recipient (also what the change events name, see index.ts). */
export const recipientKey = (projectId: bigint | number, recipientId: string) => `${projectId}:${recipientId}`;

/** A recipient's incarnation: its `created_at` in Unix milliseconds (recipient tokens are bound to it). */
const incarnationOf = (r: Recipient) => (r.createdAt ? timestampMs(r.createdAt) : 0);

/**
 * The recipients this gateway replica read from the recipient service, kept in the service kit's
 * cache so a read costs no internal call most of the time:
 *  - `get`: `GET /recipients/{id}`;
 *  - `require`: the recipient-scoped routes (preferences, unsubscribe) that only need it to exist;
 *  - `incarnation`: recipient tokens (bound to the incarnation they were minted for).
 * Only recipients that exist are kept (an unknown id asks every time). A change or deletion made
 * through this replica evicts the recipient at once (`forget`); one made anywhere reaches every
 * replica through the RecipientChanged and RecipientDeleted events (`invalidateOn`, which also
 * empties the cache, and keeps nothing, while the NATS connection is down). A read in flight across
 * an eviction answers its caller but is not kept.
 */
export function createRecipientPresence(opts: RecipientPresenceOptions) {
  const cache = createCache<Recipient>({ max: opts.maxEntries, ttlMs: opts.ttlMs, now: opts.now });
  const get = async (projectId: bigint, recipientId: string): Promise<Recipient> =>
    (await cache.getOrLoad(recipientKey(projectId, recipientId), () => opts.load(projectId, recipientId)))!;

  return {
    get,
    async require(projectId: bigint, recipientId: string): Promise<void> {
      await get(projectId, recipientId);
    },
    /** The recipient's current incarnation, or null when it does not exist; `beforeLookup` runs before asking the service (may throw to refuse). */
    async incarnation(projectId: bigint, recipientId: string, beforeLookup?: () => void): Promise<number | null> {
      const hit = cache.get(recipientKey(projectId, recipientId));
      if (hit) return incarnationOf(hit);
      beforeLookup?.();
      try {
        return incarnationOf(await get(projectId, recipientId));
      } catch (err) {
        if (opts.isNotFound(err)) return null;
        throw err;
      }
    },
    /** This replica changed or deleted the recipient: forget it now (the event tells the others). */
    forget(projectId: bigint | number, recipientId: string): void {
      cache.delete(recipientKey(projectId, recipientId));
    },
    /** What the change events drive (keys: `recipientKey`). */
    invalidatable: cache as Invalidatable,
  };
}

export type RecipientPresence = ReturnType<typeof createRecipientPresence>;
