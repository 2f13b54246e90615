// The client is published on its own (npm, for browsers and Node) with no dependency on the
// workspace's unpublished libraries, so it keeps its own sleep and backoff instead of @herald/timing's:
// these are its only ones, shared by its retries and its live feed.

/** Waits `ms`; rejects with `signal.reason` when `signal` aborts, leaving no listener behind. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The wait before retry `attempt` (1 first): `baseMs` doubling up to `maxMs`, with equal jitter (between half and all of it). */
export function backoff(attempt: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** (attempt - 1));
  return ceiling / 2 + random() * (ceiling / 2);
}
