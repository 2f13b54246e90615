import { backoff, sleep } from '@herald/timing';
import { ApiError } from '../errors';

/** A failure worth another attempt: the network, a 5xx or a 429. */
export const retryable = (err: unknown) => !(err instanceof ApiError) || err.status >= 500 || err.status === 429;

/** Calls `fn`, again after 0.25 s, 0.5 s, 1 s… while it fails on the network or with a 5xx/429. */
export async function withRetries<T>(fn: () => Promise<T>, attempts: number, signal?: AbortSignal): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fn();
    } catch (err) {
      if (attempt >= attempts || !retryable(err) || signal?.aborted) throw err;
      await sleep(backoff({ attempt, baseMs: 250, maxMs: Infinity }));
    }
  }
}

/**
 * Runs batches 0..count-1 with `concurrency` in flight, skipping those an earlier run confirmed.
 * Stops taking new batches at the first failure or when `signal` aborts (the batches in flight
 * finish). Returns why it stopped early, or undefined when every batch ran.
 */
export async function runBatches(
  count: number,
  opts: { concurrency: number; confirmed: (index: number) => boolean; signal?: AbortSignal; run: (index: number) => Promise<void> },
): Promise<string | undefined> {
  let next = 0;
  let stoppedBy: string | undefined;
  const worker = async () => {
    while (!stoppedBy) {
      if (opts.signal?.aborted) {
        stoppedBy = 'interrupted';
        return;
      }
      const index = next++;
      if (index >= count) return;
      if (opts.confirmed(index)) continue;
      try {
        await opts.run(index);
      } catch (err) {
        stoppedBy ??= err instanceof ApiError ? err.line() : (err as Error).message;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency) }, worker));
  return stoppedBy;
}
