import { createSharePace } from './share-pace';

/**
 * Shares per key (a provider, a project's provider): at most `limit` in use at once (0: no limit),
 * and at most `maxWaiting` callers waiting for one, served first come first served. A share given
 * back goes straight to the longest waiting caller. A caller turned away is told when to come back
 * (share-pace). With `waitWhileShort`, a caller past `maxWaiting` keeps a place in line all the same
 * when, at the measured pace, its turn would come before a caller turned away now would come back:
 * a healthy key's jobs wait a few milliseconds instead of leaving and coming back.
 */
export function createWaitingShares(limit: number, maxWaiting: number, now: () => number = Date.now, opts: { waitWhileShort?: boolean } = {}) {
  const inUse = new Map<string, number>();
  const waiting = new Map<string, Array<() => void>>();
  /** Places in line kept (`place`) for callers who enter a little later. */
  const placed = new Map<string, number>();
  const pace = createSharePace(limit, now);
  const unplace = (key: string) => {
    const n = (placed.get(key) ?? 0) - 1;
    if (n > 0) placed.set(key, n);
    else placed.delete(key);
  };
  return {
    /**
     * Keeps a place in line for `key` (a share, or a place in its queue), for a caller who enters
     * a little later (`enter(key, true)`, or `unplace` when it will not): false (nothing kept) when
     * the shares in use, the callers waiting and the places kept fill the shares and the queue (and,
     * with `waitWhileShort`, the wait would not be short).
     */
    place(key: string): boolean {
      if (limit <= 0) return true;
      const kept = placed.get(key) ?? 0;
      const taken = (inUse.get(key) ?? 0) + (waiting.get(key)?.length ?? 0) + kept;
      if (taken >= limit + maxWaiting && !(opts.waitWhileShort && pace.waitIsShort(key, taken - limit))) return false;
      placed.set(key, kept + 1);
      return true;
    },
    /** Gives back a place kept and not entered. */
    unplace: (key: string) => limit > 0 && unplace(key),
    /**
     * Resolves true once a share of `key` is held; false at once (nothing held) when `maxWaiting`
     * callers wait already, unless the caller kept its place (`place`): then it waits its turn.
     */
    async enter(key: string, hasPlace = false): Promise<boolean> {
      if (hasPlace && limit > 0) unplace(key);
      const n = inUse.get(key) ?? 0;
      const queue = waiting.get(key) ?? [];
      if (limit <= 0 || (n < limit && queue.length === 0)) {
        inUse.set(key, n + 1);
        if (limit > 0) pace.started(key);
        return true;
      }
      // Without a place, the places kept count as waiting.
      if (!hasPlace && n + queue.length + (placed.get(key) ?? 0) >= limit + maxWaiting) return false;
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
    returnIn: (key: string): number => pace.returnIn(key, (waiting.get(key)?.length ?? 0) + (placed.get(key) ?? 0)),
  };
}
