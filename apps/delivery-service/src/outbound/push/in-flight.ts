/** Requests in flight per key (an endpoint's host, a project), at most `limit` each (0: no limit). */
export function createInFlight(limit: number) {
  const counts = new Map<string, number>();
  return {
    /** Counts one more request of `key`; false (nothing counted) when `key` has `limit` in flight. */
    tryEnter(key: string): boolean {
      const n = counts.get(key) ?? 0;
      if (limit > 0 && n >= limit) return false;
      counts.set(key, n + 1);
      return true;
    },
    leave(key: string): void {
      const n = (counts.get(key) ?? 0) - 1;
      if (n > 0) counts.set(key, n);
      else counts.delete(key);
    },
  };
}
