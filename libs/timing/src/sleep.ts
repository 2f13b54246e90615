import { onFakeTime, systemClock, type Clock } from './clock';

/**
 * Waits `ms`, like `timers/promises`' setTimeout: rejects with `signal.reason` when `signal` aborts
 * (at once if it already has). With a fake clock it waits for the clock, not for real time: it
 * resolves when the clock is advanced to its due time.
 */
export function sleep(ms: number, { signal, clock = systemClock }: { signal?: AbortSignal; clock?: Clock } = {}): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      cancel();
      reject(signal?.reason);
    };
    const wake = () => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const cancel = onFakeTime(clock, clock.now() + ms, wake) ?? realTimer(ms, wake);
  });
}

function realTimer(ms: number, fire: () => void): () => void {
  const timer = setTimeout(fire, ms);
  return () => clearTimeout(timer);
}
