import { createSharePace } from './share-pace';

/**
 * Shares per key (a provider, a project's provider): at most `limit` in use at once (0: no limit),
 * and at most `maxWaiting` callers waiting for one, served first come first served. A share given
 * back goes straight to the longest waiting caller. A caller turned away is told when to come back
 * (share-pace).
 */
export function createWaitingShares(limit: number, maxWaiting: number, now: () => number = Date.now) {
  const inUse = new Map<string, number>();
  const waiting = new Map<string, Array<() => void>>();
  const pace = createSharePace(limit, now);
  return {
    /** Resolves true once a share of `key` is held; false at once (nothing held) when `maxWaiting` callers wait already. */
    async enter(key: string): Promise<boolean> {
      const n = inUse.get(key) ?? 0;
      const queue = waiting.get(key) ?? [];
      if (limit <= 0 || (n < limit && queue.length === 0)) {
        inUse.set(key, n + 1);
        if (limit > 0) pace.started(key);
        return true;
      }
      if (queue.length >= maxWaiting) return false;
      waiting.set(key, queue);
      await new Promise<void>((handOver) => queue.push(handOver));
      return true;
    },
    leave(key: string): void {
      if (limit > 0) pace.ended(key);
      const queue = waiting.get(key);
      const next = queue?.shift();
      if (queue?.length === 0) waiting.delete(key);
      // Handed to the first waiter: the count of shares in use stays.
      if (next) {
        pace.started(key);
        return next();
      }
      const n = (inUse.get(key) ?? 0) - 1;
      if (n > 0) inUse.set(key, n);
      else inUse.delete(key);
    },
    /** Milliseconds until a caller turned away from `key` now should try again. */
    returnIn: (key: string): number => pace.returnIn(key, waiting.get(key)?.length ?? 0),
  };
}
