import { ExponentialBackoff, handleWhen, retry, type IBackoffFactory, type IRetryBackoffContext } from 'cockatiel';

/**
 * The one retry policy of the services, over cockatiel: exponential backoff with
 * jitter between `initialDelayMs` and `maxDelayMs`, at most `maxAttempts` attempts (Infinity:
 * until it succeeds or `signal` aborts), retrying only errors `retryIf` accepts (default: all).
 *
 *   const pages = retryPolicy({ initialDelayMs: 200, maxDelayMs: 5_000 });
 *   await pages.execute(() => listPage(cursor), signal);
 */
export interface RetryOptions {
  initialDelayMs: number;
  maxDelayMs: number;
  /** Attempts in all, the first included (default Infinity). */
  maxAttempts?: number;
  retryIf?: (err: unknown) => boolean;
  /** Called before each wait (logging, keep-alives). */
  onRetry?: (err: unknown, attempt: number, delayMs: number) => void;
}

export interface RetryPolicy {
  execute<T>(fn: (attempt: number) => Promise<T>, signal?: AbortSignal): Promise<T>;
}

export function retryPolicy(opts: RetryOptions): RetryPolicy {
  const backoff: IBackoffFactory<IRetryBackoffContext<unknown>> = new ExponentialBackoff({ initialDelay: opts.initialDelayMs, maxDelay: opts.maxDelayMs });
  const policy = retry(
    handleWhen((err) => (opts.retryIf ? opts.retryIf(err) : true)),
    { maxAttempts: opts.maxAttempts === undefined || !Number.isFinite(opts.maxAttempts) ? Infinity : Math.max(0, opts.maxAttempts - 1), backoff },
  );
  if (opts.onRetry) {
    const onRetry = opts.onRetry;
    policy.onRetry((e) => onRetry('error' in e ? e.error : e.value, e.attempt, e.delay));
  }
  return {
    execute: (fn, signal) => policy.execute(({ attempt }) => fn(attempt), signal),
  };
}

/**
 * The delay before a job's next delivery after its delivery number `deliveries` failed (a JetStream
 * nak, where the broker keeps the count): doubling from `baseMs`, capped at `maxMs`.
 */
export function backoffDelay(baseMs: number, deliveries: number, maxMs = 30_000): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(deliveries, 8)));
}

export { backoff, type BackoffOptions, type Jitter } from '@herald/timing';
