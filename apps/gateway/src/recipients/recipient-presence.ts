import { TtlCache } from '../support/ttl-cache';

export interface RecipientPresenceOptions {
  /**
   * Asks the recipient service; resolves with the recipient's incarnation (its `created_at`, Unix
   * milliseconds), rejects (404 `Recipient not found`) for an unknown recipient.
   */
  check: (projectId: bigint, recipientId: string) => Promise<number>;
  /** Whether a rejection of `check` means "no such recipient" (anything else propagates). */
  isNotFound: (err: unknown) => boolean;
  /** How long a confirmed recipient is taken for granted by `require`; 0 turns that off. */
  ttlMs: number;
  /** How long a confirmed incarnation is taken for granted by `incarnation` (recipient tokens); 0: always ask. */
  tokenTtlMs: number;
  maxEntries: number;
  now?: () => number;
}

/**
 * "Does this recipient exist, and which incarnation of it?" answered from memory for a while after
 * the recipient service confirmed it, so a check costs no internal call most of the time:
 *  - `require`: the recipient-scoped read routes (preferences check and list), for `ttlMs`;
 *  - `incarnation`: recipient tokens (bound to the incarnation they were minted for), for `tokenTtlMs`.
 * Only positive answers are kept. A deletion evicts the recipient at once in the gateway that
 * handled it and, through the RecipientDeleted event, in every other replica; a confirmation that
 * was in flight while the recipient was forgotten is not kept. `clear()` forgets everything (the
 * event channel dropped: events may have been missed).
 */
export function createRecipientPresence(opts: RecipientPresenceOptions) {
  const now = opts.now ?? Date.now;
  const known = new TtlCache<string, { incarnation: number; confirmedAt: number }>(opts.maxEntries, now);
  // Forget-count per key while a confirmation may still be in flight.
  const forgets = new TtlCache<string, number>(opts.maxEntries, now);
  let generation = 0;
  const keepMs = Math.max(opts.ttlMs, opts.tokenTtlMs);
  const keyOf = (projectId: bigint | number, recipientId: string) => `${projectId}:${recipientId}`;

  const fresh = (key: string, ttlMs: number) => {
    const entry = ttlMs > 0 ? known.get(key) : undefined;
    return entry && now() - entry.confirmedAt < ttlMs ? entry : undefined;
  };
  const confirm = async (projectId: bigint, recipientId: string): Promise<number> => {
    const key = keyOf(projectId, recipientId);
    const before = `${generation}:${forgets.get(key) ?? 0}`;
    const incarnation = await opts.check(projectId, recipientId);
    if (keepMs > 0 && `${generation}:${forgets.get(key) ?? 0}` === before) known.set(key, { incarnation, confirmedAt: now() }, keepMs);
    return incarnation;
  };

  return {
    async require(projectId: bigint, recipientId: string): Promise<void> {
      if (fresh(keyOf(projectId, recipientId), opts.ttlMs)) return;
      await confirm(projectId, recipientId);
    },
    /** The recipient's current incarnation, or null when it does not exist. */
    async incarnation(projectId: bigint, recipientId: string, beforeLookup?: () => void): Promise<number | null> {
      const hit = fresh(keyOf(projectId, recipientId), opts.tokenTtlMs);
      if (hit) return hit.incarnation;
      beforeLookup?.();
      try {
        return await confirm(projectId, recipientId);
      } catch (err) {
        if (opts.isNotFound(err)) return null;
        throw err;
      }
    },
    forget(projectId: bigint | number, recipientId: string): void {
      const key = keyOf(projectId, recipientId);
      known.delete(key);
      forgets.set(key, (forgets.get(key) ?? 0) + 1, Math.max(keepMs, 1000) * 10);
    },
    clear(): void {
      generation++;
      known.clear();
    },
  };
}

export type RecipientPresence = ReturnType<typeof createRecipientPresence>;
