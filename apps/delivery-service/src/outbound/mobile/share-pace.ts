/** A job turned away comes back this soon at the earliest. */
const SOONEST_RETURN_MS = 250;
/** Weight of the latest hold time in the running mean. */
const LATEST_WEIGHT = 0.2;

interface KeyPace {
  /** When each share in use was taken, oldest first. */
  starts: number[];
  /** Running mean of how long a share is held; null until one was given back. */
  holdMs: number | null;
  /** The return time booked for the last job turned away. */
  bookedUntil: number;
}

/**
 * When a job turned away from a full key (every share of a provider in flight, its queue full)
 * should come back: at the pace the key's shares are given back (how long one is held, measured,
 * over how many there are), after the jobs waiting and the jobs turned away before it. So a slow
 * provider's turned-away jobs come back about when a share can be theirs, a few at a time, instead
 * of all of them every 250 ms: each return costs a consumer slot and store round trips, taken from
 * the other providers' jobs. Before any share was given back, the age of the oldest in use is the
 * hold time known so far.
 */
export function createSharePace(limit: number, now: () => number) {
  const keys = new Map<string, KeyPace>();
  const paceOf = (key: string) => {
    let p = keys.get(key);
    if (!p) keys.set(key, (p = { starts: [], holdMs: null, bookedUntil: 0 }));
    return p;
  };
  return {
    started(key: string): void {
      paceOf(key).starts.push(now());
    },
    ended(key: string): void {
      const p = paceOf(key);
      const start = p.starts.shift();
      const t = now();
      if (start !== undefined) p.holdMs = p.holdMs === null ? t - start : p.holdMs + LATEST_WEIGHT * (t - start - p.holdMs);
      if (p.starts.length === 0 && p.bookedUntil <= t) keys.delete(key);
    },
    /**
     * Whether a job with `ahead` jobs queued before it would get a share sooner than a job turned
     * away now comes back (measured hold times only: never before a share was given back, so a
     * provider slow from the start is not waited on).
     */
    waitIsShort(key: string, ahead: number): boolean {
      const p = keys.get(key);
      if (!p || p.holdMs === null) return false;
      const held = Math.max(p.holdMs, p.starts.length > 0 ? now() - p.starts[0] : 0);
      return (held / Math.max(1, limit)) * (ahead + 1) < SOONEST_RETURN_MS;
    },
    /** Milliseconds until a job turned away now should come back, `waiting` jobs being queued ahead of it. */
    returnIn(key: string, waiting: number): number {
      const p = paceOf(key);
      const t = now();
      const held = Math.max(p.holdMs ?? 0, p.starts.length > 0 ? t - p.starts[0] : 0);
      const gap = held / Math.max(1, limit);
      p.bookedUntil = Math.max(p.bookedUntil + gap, t + gap * (waiting + 1), t + SOONEST_RETURN_MS);
      return Math.round(p.bookedUntil - t);
    },
  };
}
