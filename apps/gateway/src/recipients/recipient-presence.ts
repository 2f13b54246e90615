import { TtlCache } from '../support/ttl-cache';

export interface RecipientPresenceOptions {
  /** Asks the recipient service; rejects (404 `Recipient not found`) for an unknown recipient. */
  check: (projectId: bigint, recipientId: string) => Promise<unknown>;
  /** How long a confirmed recipient is taken for granted; 0 turns the cache off. */
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

/**
 * "Does this recipient exist?" for the recipient-scoped read routes (preferences check and list),
 * answered from memory for a short while after the recipient service confirmed it, so a check
 * costs one internal call instead of two. Only positive answers are kept. A deletion evicts the
 * recipient at once in the gateway that handled it and, through the RecipientDeleted event, in
 * every other replica; a confirmation that was in flight while the recipient was forgotten is
 * not kept.
 */
export function createRecipientPresence(opts: RecipientPresenceOptions) {
  const now = opts.now ?? Date.now;
  const known = new TtlCache<string, true>(opts.maxEntries, now);
  // Forget-count per key while a confirmation may still be in flight.
  const forgets = new TtlCache<string, number>(opts.maxEntries, now);
  const keyOf = (projectId: bigint | number, recipientId: string) => `${projectId}:${recipientId}`;

  return {
    async require(projectId: bigint, recipientId: string): Promise<void> {
      const key = keyOf(projectId, recipientId);
      if (opts.ttlMs > 0 && known.has(key)) return;
      const before = forgets.get(key) ?? 0;
      await opts.check(projectId, recipientId);
      if (opts.ttlMs > 0 && (forgets.get(key) ?? 0) === before) known.set(key, true, opts.ttlMs);
    },
    forget(projectId: bigint | number, recipientId: string): void {
      const key = keyOf(projectId, recipientId);
      known.delete(key);
      forgets.set(key, (forgets.get(key) ?? 0) + 1, Math.max(opts.ttlMs, 1000) * 10);
    },
  };
}

export type RecipientPresence = ReturnType<typeof createRecipientPresence>;
